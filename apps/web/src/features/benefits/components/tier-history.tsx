import { Empty, Flex } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { TIER_LABELS, type TierChange } from '@crimsonhost/shared/benefits';
import { CaptionedTable } from '../../../components/captioned-table';
import { TABLE_PAGINATION } from '../../../components/table-pagination';
import { usdt } from '../benefits-figures';
import { Day } from './my-tier';

const COLUMNS: TableColumnsType<TierChange> = [
  { key: 'at', title: 'Date', render: (_, change) => <Day value={change.at} /> },
  {
    key: 'change',
    title: 'Change',
    render: (_, change) => (
      <Flex align="center" gap={8}>
        {change.reason === 'PROMOTED' ? (
          <ArrowUpOutlined aria-hidden />
        ) : (
          <ArrowDownOutlined aria-hidden />
        )}
        {`${change.reason === 'PROMOTED' ? 'Moved up' : 'Moved down'} from ${TIER_LABELS[change.from]} to ${TIER_LABELS[change.to]}`}
      </Flex>
    ),
  },
  {
    key: 'spend',
    title: 'Qualifying spend then',
    align: 'right',
    render: (_, change) => usdt(change.spend),
  },
];

/**
 * My tier changes, newest first; an empty state until the first. Three short columns that wrap at
 * 375 px, so the table never scrolls sideways (a scrolling region would need its own keyboard stop).
 */
export function TierHistory({ history }: { history: TierChange[] }) {
  const rows = [...history].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <CaptionedTable<TierChange>
      caption="Your tier changes"
      columns={COLUMNS}
      dataSource={rows}
      rowKey={(change) => `${change.at}-${change.to}`}
      pagination={{ ...TABLE_PAGINATION, hideOnSinglePage: true }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No tier changes yet. When your spend moves you up or down, it shows here."
          />
        ),
      }}
    />
  );
}
