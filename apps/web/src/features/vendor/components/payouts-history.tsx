import { Descriptions, Empty, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Payout } from '@crimsonhost/shared/vendor-payouts';
import { CaptionedTable } from '../../../components/captioned-table';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SectionCard } from '../../../components/section-card';
import { SurfaceCard } from '../../../components/surface-card';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import type { PageSize } from '@crimsonhost/shared/constants';
import { UsdtAmount } from '../../../components/usdt-amount';
import { usePayouts } from '../api/get-payouts';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { Dated } from './dated';
import { PayoutHash } from './payout-hash';
import { PayoutStatusTag } from './payout-status-tag';

/** The day a payout reached its last state: paid, closed, or (still open) asked. */
function LastDate({ payout }: { payout: Payout }) {
  const at = payout.paidAt ?? payout.closedAt ?? payout.requestedAt;
  return <Dated at={at} withTime />;
}

const COLUMNS: TableColumnsType<Payout> = [
  { title: 'Asked', dataIndex: 'requestedAt', render: (at: string) => <Dated at={at} withTime /> },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: Payout['status']) => <PayoutStatusTag status={status} />,
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} />,
  },
  { title: 'Network', dataIndex: 'network', render: (n: Payout['network']) => NETWORK_NAMES[n] },
  {
    title: 'Transaction or reason',
    key: 'proof',
    render: (_, payout) =>
      payout.txHash ? (
        <PayoutHash payout={payout} />
      ) : (
        <Typography.Text type="secondary">{payout.reason ?? 'Not sent yet'}</Typography.Text>
      ),
  },
  { title: 'Last change', key: 'last', render: (_, payout) => <LastDate payout={payout} /> },
];

/** Every payout I asked for, newest first: a table on a wide screen, a card each on a narrow one. */
export function PayoutsHistory({ stacked }: { stacked: boolean }) {
  const [page, setPage] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  const payouts = usePayouts(page.page, page.pageSize);
  const caption = 'Your payouts, newest first';
  let body;
  if (payouts.isPending) body = <ListSkeleton rows={3} />;
  else if (!payouts.data)
    body = <LoadErrorResult title="Your payouts could not be loaded" query={payouts} />;
  else if (payouts.data.data.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No payout yet. Once money is available, ask for one above."
      />
    );
  else if (!stacked)
    body = (
      <CaptionedTable<Payout>
        caption={caption}
        rowKey="id"
        columns={COLUMNS}
        dataSource={payouts.data.data}
        loading={payouts.isFetching}
        pagination={{
          ...TABLE_PAGINATION,
          current: page.page,
          pageSize: page.pageSize,
          total: payouts.data.meta.total,
          onChange: (next, size) => setPage(turnPage(page, next, size)),
        }}
      />
    );
  else
    body = (
      <ul
        aria-label={caption}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
      >
        {payouts.data.data.map((payout) => (
          <li key={payout.id}>
            <SurfaceCard bodyStyle={{ padding: 12 }}>
              <Flex vertical gap={8}>
                <Flex justify="space-between" align="baseline" gap={8} wrap>
                  <Typography.Text strong>
                    <UsdtAmount amount={payout.amount} />
                  </Typography.Text>
                  <PayoutStatusTag status={payout.status} />
                </Flex>
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    { key: 'network', label: 'Network', children: NETWORK_NAMES[payout.network] },
                    {
                      key: 'asked',
                      label: 'Asked',
                      children: <Dated at={payout.requestedAt} withTime />,
                    },
                    ...(payout.txHash
                      ? [
                          {
                            key: 'hash',
                            label: 'Transaction',
                            children: <PayoutHash payout={payout} />,
                          },
                        ]
                      : []),
                    ...(payout.reason
                      ? [{ key: 'reason', label: 'Reason', children: payout.reason }]
                      : []),
                  ]}
                />
              </Flex>
            </SurfaceCard>
          </li>
        ))}
      </ul>
    );
  return <SectionCard title="Payout history">{body}</SectionCard>;
}
