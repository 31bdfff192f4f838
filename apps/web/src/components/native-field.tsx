import {
  type ChangeEvent,
  type CSSProperties,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { Button, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { sanitizing } from '../lib/sanitizing';

/**
 * The browser's own number, search and select fields, drawn as Ant Design draws its Input,
 * InputNumber and Select (same tokens: height, padding, radius, border, hover and focus ring,
 * error colour; global.css, class `ch-field`). They serve the pages a first visit loads (decision
 * 054): Ant Design's fields each bring the form library's context, their own sheets and, for
 * Select, a virtual list: about 50 KB of compressed JavaScript on the catalog pages. A phone
 * opens its own picker for a native select and its number pad for a number, which people know.
 * Pages loaded later keep Ant Design's fields.
 */

/** The theme's colours and sizes as the CSS variables the `ch-field` rules read. */
function useFieldVariables(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--field-height': `${token.controlHeight}px`,
    '--field-radius': `${token.borderRadius}px`,
    '--field-padding-inline': `${token.paddingSM - token.lineWidth}px`,
    '--field-font-size': `${token.fontSize}px`,
    '--field-text': token.colorText,
    '--field-placeholder': token.colorTextPlaceholder,
    '--field-affix': token.colorTextDescription,
    '--field-background': token.colorBgContainer,
    '--field-border': token.colorBorder,
    '--field-hover-border': token.colorPrimaryHover,
    '--field-focus-border': token.colorPrimary,
    '--field-focus-ring': token.controlOutline,
    '--field-error': token.colorError,
    '--field-error-ring': token.colorErrorOutline,
    '--field-disabled-text': token.colorTextDisabled,
    '--field-disabled-background': token.colorBgContainerDisabled,
  } as CSSProperties;
}

interface AffixProps {
  /** Words before the value inside the box ("Min"). */
  prefix?: ReactNode;
  /** Words after the value inside the box ("hours"). */
  suffix?: ReactNode;
  invalid?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

/** The box around a field and its words: the border, hover and focus ring are the box's. */
function FieldBox({ prefix, suffix, invalid, disabled, style, children }: AffixProps) {
  return (
    <span
      className="ch-field"
      data-invalid={invalid ? 'true' : undefined}
      data-disabled={disabled ? 'true' : undefined}
      style={{ ...useFieldVariables(), ...style }}
    >
      {prefix !== undefined && (
        <span className="ch-field-affix" aria-hidden="true">
          {prefix}
        </span>
      )}
      {children}
      {suffix !== undefined && (
        <span className="ch-field-affix" aria-hidden="true">
          {suffix}
        </span>
      )}
    </span>
  );
}

export interface NumberFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'prefix'
> {
  /** What is in the box, as typed. */
  value: string;
  onChange: (text: string) => void;
  prefix?: ReactNode;
  suffix?: ReactNode;
  invalid?: boolean;
}

/** A number box (role spinbutton): the browser's arrows and keys step it within min and max. */
export function NumberField({
  value,
  onChange,
  prefix,
  suffix,
  invalid,
  disabled,
  style,
  ...input
}: NumberFieldProps) {
  return (
    <FieldBox prefix={prefix} suffix={suffix} invalid={invalid} disabled={disabled} style={style}>
      <input
        {...input}
        type="number"
        value={value}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldBox>
  );
}

export interface SearchFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange'
> {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Enter or the search button: search for what is typed now. */
  onSearch: (text: string) => void;
  /** The search button's name for people who cannot see its magnifier. */
  buttonLabel?: string;
}

/**
 * A search box with its button, as Ant Design's `Input.Search`; what is typed or pasted is
 * cleaned as every text input of the app cleans it (spec section 5). The browser's own cross
 * empties it.
 */
export function SearchField({
  value,
  onChange,
  onSearch,
  buttonLabel = 'Search',
  style,
  ...input
}: SearchFieldProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    input.onKeyDown?.(event);
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) onSearch(value);
  };
  return (
    <span className="ch-search" style={style}>
      <FieldBox>
        <input
          {...input}
          type="search"
          value={value}
          onKeyDown={onKeyDown}
          onChange={sanitizing(onChange)}
        />
      </FieldBox>
      <Button
        icon={<SearchOutlined aria-hidden />}
        aria-label={buttonLabel}
        onClick={() => onSearch(value)}
      />
    </span>
  );
}

export interface SelectFieldOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
> {
  value: T | undefined;
  options: readonly SelectFieldOption<T>[];
  onChange: (value: T | undefined) => void;
  /** The first choice, which means no value ("All games"); without it a value is required. */
  emptyLabel?: string;
}

/** A drop-down list: the browser's own, so a phone shows its picker and keys work as everywhere. */
export function SelectField<T extends string>({
  value,
  options,
  onChange,
  emptyLabel,
  disabled,
  style,
  ...select
}: SelectFieldProps<T>) {
  return (
    <FieldBox disabled={disabled} style={style}>
      <select
        {...select}
        className="ch-select"
        value={value ?? ''}
        disabled={disabled}
        data-empty={value === undefined ? 'true' : undefined}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === '' ? undefined : (next as T));
        }}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldBox>
  );
}
