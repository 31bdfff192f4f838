import type { PaginationProps, TableColumnType } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { CaptionedTable } from '../../../components/captioned-table';

/**
 * A staff list whose rows open their record: a click anywhere on a row goes to `hrefOf(row)`,
 * unless it landed on a link of the row or ended a text selection. The caption names what the
 * table lists, for screen readers; wider than `scrollX` it scrolls sideways.
 */
export function LinkedRowsTable<T extends { id: string }>({
  rows,
  columns,
  caption,
  loading,
  pagination,
  scrollX,
  hrefOf,
}: {
  rows: T[];
  columns: TableColumnType<T>[];
  caption: string;
  loading: boolean;
  pagination: PaginationProps;
  scrollX: number;
  hrefOf: (row: T) => string;
}) {
  const navigate = useNavigate();
  return (
    <CaptionedTable<T>
      caption={caption}
      rowKey="id"
      loading={loading}
      dataSource={rows}
      columns={columns}
      scroll={{ x: scrollX }}
      onRow={(row) => ({
        style: { cursor: 'pointer' },
        onClick: (event: MouseEvent) => {
          if ((event.target as HTMLElement).closest('a')) return;
          if (window.getSelection()?.toString()) return;
          void navigate(hrefOf(row));
        },
      })}
      pagination={pagination}
    />
  );
}
