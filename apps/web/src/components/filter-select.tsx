import { Select } from 'antd';
import type { FilterOption } from './filter-bar';

/** One filter picked from a list; its cross clears it, back to showing all. */
export function FilterSelect<T extends string>({
  label,
  placeholder,
  value,
  options,
  onChange,
  searchable = false,
}: {
  label: string;
  placeholder: string;
  value: T | undefined;
  options: FilterOption<T>[];
  onChange: (value: T | undefined) => void;
  /** Typing narrows the choices, for lists too long to scroll. */
  searchable?: boolean;
}) {
  return (
    <Select
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      options={options}
      placeholder={placeholder}
      aria-label={label}
      allowClear
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      style={{ width: '100%' }}
    />
  );
}
