import type { ReactNode } from 'react';
import { Button, ConfigProvider, Row, theme } from 'antd';
import { ClearOutlined } from '@ant-design/icons';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/** The choices of a filter, each under its label for people. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): FilterOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/**
 * The row of filters above a list: a search landmark named `label`, its boxes laid out by the
 * caller's columns.
 */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    // Placeholders in the description colour: antd's default is too faint to read (4.5:1).
    <ConfigProvider theme={{ token: { colorTextPlaceholder: token.colorTextDescription } }}>
      <Row gutter={[12, 12]} role="search" aria-label={label}>
        {children}
      </Row>
    </ConfigProvider>
  );
}

/** Clears every filter at once; there is nothing to clear while none is set. */
export function ClearFiltersButton({
  onClear,
  disabled,
}: {
  onClear: () => void;
  disabled: boolean;
}) {
  return (
    <Button
      icon={<ClearOutlined aria-hidden />}
      onClick={onClear}
      disabled={disabled}
      aria-label="Clear filters"
      block
    >
      Clear
    </Button>
  );
}
