import { Descriptions, Empty, Flex, Typography, type TableColumnsType } from 'antd';
import type { PendingEarning } from '@crimsonhost/shared/vendors';
import { SurfaceCard } from '../../../components/surface-card';
import { CaptionedTable } from '../../../components/captioned-table';
import { Dated } from './dated';
import { UsdtAmount } from '../../../components/usdt-amount';

const COLUMNS: TableColumnsType<PendingEarning> = [
  {
    title: 'Server',
    dataIndex: 'serverName',
    render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
  },
  { title: 'Ended', dataIndex: 'endedAt', render: (at: string) => <Dated at={at} withTime /> },
  {
    title: 'Available on',
    dataIndex: 'clearsAt',
    render: (at: string) => <Dated at={at} withTime />,
  },
  {
    title: 'Your share',
    dataIndex: 'amount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} />,
  },
  {
    title: 'Commission',
    dataIndex: 'commission',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} />,
  },
];

/**
 * The pending shares, the soonest to become available first: a table on a wide screen, a card
 * each on a narrow one.
 */
export function PendingSchedule({
  pending,
  stacked,
}: {
  pending: PendingEarning[];
  /** One card under another (a phone, a narrow window). */
  stacked: boolean;
}) {
  if (pending.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing is pending." />;
  }
  if (!stacked) {
    return (
      <CaptionedTable<PendingEarning>
        caption="Pending earnings, the soonest to become available first"
        rowKey="rentalId"
        columns={COLUMNS}
        dataSource={pending}
        pagination={false}
      />
    );
  }
  return (
    <ul
      aria-label="Pending earnings, the soonest to become available first"
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
    >
      {pending.map((share) => (
        <li key={share.rentalId}>
          <SurfaceCard bodyStyle={{ padding: 12 }}>
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="baseline" gap={8} wrap>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {share.serverName}
                </Typography.Text>
                <Typography.Text strong>
                  <span className="visually-hidden">Your share: </span>
                  <UsdtAmount amount={share.amount} />
                </Typography.Text>
              </Flex>
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: 'clears',
                    label: 'Available on',
                    children: <Dated at={share.clearsAt} withTime />,
                  },
                  { key: 'ended', label: 'Ended', children: <Dated at={share.endedAt} withTime /> },
                  {
                    key: 'commission',
                    label: 'Commission',
                    children: <UsdtAmount amount={share.commission} />,
                  },
                ]}
              />
            </Flex>
          </SurfaceCard>
        </li>
      ))}
    </ul>
  );
}
