import { Table, type TableProps } from 'antd';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** What the `<table>` element says of itself: its caption and whether its rows are being replaced. */
const TableFacts = createContext<{ caption: string; busy: boolean }>({ caption: '', busy: false });

function CaptionedTableElement({ children, ...rest }: { children?: ReactNode }) {
  const { caption, busy } = useContext(TableFacts);
  return (
    <table {...rest} aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      {children}
    </table>
  );
}

// One element type for every render: a new caption or loading state updates the table in place
// instead of rebuilding it (and losing the focus inside it).
const COMPONENTS = { table: CaptionedTableElement };

/**
 * antd's Table with a caption naming what it lists, for screen readers (the page's heading says
 * it to everyone else), and `aria-busy` while its rows are about to be replaced (a new page, view
 * or filter is loading), so that assistive technology and tests wait for the rows that match what
 * the caption names. `size` is middle unless the caller says otherwise.
 */
export function CaptionedTable<T extends object>({
  caption,
  ...props
}: Omit<TableProps<T>, 'components'> & { caption: string }) {
  const loading = props.loading;
  const busy = typeof loading === 'object' ? Boolean(loading.spinning ?? true) : Boolean(loading);
  const facts = useMemo(() => ({ caption, busy }), [caption, busy]);
  return (
    <TableFacts.Provider value={facts}>
      <Table<T> size="middle" {...props} components={COMPONENTS} />
    </TableFacts.Provider>
  );
}
