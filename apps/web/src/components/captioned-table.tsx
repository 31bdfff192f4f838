import { Table, type TableProps } from 'antd';
import { useMemo, type ReactNode } from 'react';

/**
 * antd's Table with a caption naming what it lists, for screen readers (the page's heading says
 * it to everyone else). `size` is middle unless the caller says otherwise.
 */
export function CaptionedTable<T extends object>({
  caption,
  ...props
}: Omit<TableProps<T>, 'components'> & { caption: string }) {
  // The same element between renders, so a re-render does not rebuild the table.
  const components = useMemo(
    () => ({
      table: ({ children, ...rest }: { children?: ReactNode }) => (
        <table {...rest}>
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      ),
    }),
    [caption],
  );
  return <Table<T> size="middle" {...props} components={components} />;
}
