import { Card, Descriptions, Empty, theme, type TableColumnType } from 'antd';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { CaptionedTable } from '../../../components/captioned-table';
import { useMediaQuery } from '../../../lib/use-media-query';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** A section of an account's page: a card under its own level-2 heading. */
export function DetailCard({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h2>}
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** What a column shows for a row, as the table would render it. */
function cellOf<T extends object>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const value =
    typeof column.dataIndex === 'string' ? (row as Record<string, unknown>)[column.dataIndex] : row;
  return (column.render ? column.render(value, row, index) : value) as ReactNode;
}

/**
 * A short list of records inside a DetailCard, every row on one page. From 768 px up a table;
 * below, each record as its own list of label and value, so nothing hides off the side of a
 * phone. `empty` says what an empty list means.
 */
export function DetailTable<T extends object>({
  rows,
  columns,
  rowKey,
  empty,
  caption,
}: {
  rows: T[];
  columns: TableColumnType<T>[];
  rowKey: (row: T) => string;
  empty: string;
  /** What the table lists, for screen readers (the card's heading is outside the table). */
  caption: string;
}) {
  const { token } = theme.useToken();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const frame = useRef<HTMLDivElement>(null);
  // A table wider than its card scrolls sideways inside antd's content box: it takes the focus,
  // named by the caption, so a keyboard can scroll it too (WCAG 2.1.1).
  useLayoutEffect(() => {
    const scroller = frame.current?.querySelector<HTMLElement>('.ant-table-content');
    if (!scroller) return;
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', caption);
  }, [caption, isMobile]);
  const emptyText = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  if (isMobile) {
    if (rows.length === 0) return emptyText;
    return (
      <ul aria-label={caption} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row, index) => (
          <li
            key={rowKey(row)}
            style={{
              paddingBlock: 8,
              borderTop: index > 0 ? `1px solid ${token.colorBorderSecondary}` : undefined,
            }}
          >
            <Descriptions
              size="small"
              column={1}
              items={columns.map((column, position) => ({
                key: position,
                label: column.title as ReactNode,
                children: cellOf(column, row, index),
              }))}
            />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div ref={frame}>
      <CaptionedTable<T>
        caption={caption}
        size="small"
        rowKey={rowKey}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
      />
    </div>
  );
}
