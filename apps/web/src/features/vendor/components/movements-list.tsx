import {
  Descriptions,
  Flex,
  Pagination,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import type { VendorMovement } from '@crimsonhost/shared/vendors';
import { SurfaceCard } from '../../../components/surface-card';
import { CaptionedTable } from '../../../components/captioned-table';
import { Dated } from './dated';
import { MoneyStateTag } from './money-state-tag';
import { UsdtAmount } from '../../../components/usdt-amount';

/** An empty cell: a dash to the eye, a word to a screen reader. */
function None({ what }: { what: string }) {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="visually-hidden">{what}</span>
    </>
  );
}

/** The rental's server, or a dash for a movement that names none (a payout). */
function ServerName({ movement }: { movement: VendorMovement }) {
  return movement.rental ? (
    <span style={{ overflowWrap: 'anywhere' }}>{movement.rental.serverName}</span>
  ) : (
    <None what="No rental" />
  );
}

const COLUMNS: TableColumnsType<VendorMovement> = [
  { title: 'Date', dataIndex: 'at', render: (at: string) => <Dated at={at} withTime /> },
  {
    title: 'State',
    dataIndex: 'state',
    render: (state: VendorMovement['state']) => <MoneyStateTag state={state} />,
  },
  { title: 'Description', dataIndex: 'description' },
  { title: 'Server', key: 'server', render: (_, movement) => <ServerName movement={movement} /> },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} signed />,
  },
  {
    title: 'Commission',
    dataIndex: 'commission',
    align: 'end',
    render: (commission: string | null) =>
      commission === null ? <None what="No commission" /> : <UsdtAmount amount={commission} />,
  },
];

/**
 * One page of the movements of my money, newest first: a table on a wide screen, a card each on
 * a narrow one, the pager below either.
 */
export function MovementsList({
  movements,
  caption,
  stacked,
  loading,
  pagination,
}: {
  movements: VendorMovement[];
  /** What the list shows, for screen readers: the state and the order. */
  caption: string;
  stacked: boolean;
  /** Another page or state is on its way; the rows shown are the previous ones. */
  loading: boolean;
  pagination: TablePaginationConfig;
}) {
  if (!stacked) {
    return (
      <CaptionedTable<VendorMovement>
        caption={caption}
        rowKey="id"
        columns={COLUMNS}
        dataSource={movements}
        loading={loading}
        pagination={pagination}
      />
    );
  }
  return (
    <Flex vertical gap={12} aria-busy={loading}>
      <ul
        aria-label={caption}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
      >
        {movements.map((movement) => (
          <li key={movement.id}>
            <SurfaceCard bodyStyle={{ padding: 12 }}>
              <Flex vertical gap={8}>
                <Flex justify="space-between" align="baseline" gap={8} wrap>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {movement.description}
                  </Typography.Text>
                  <Typography.Text strong>
                    <UsdtAmount amount={movement.amount} signed />
                  </Typography.Text>
                </Flex>
                <Flex align="center" gap={8} wrap>
                  <MoneyStateTag state={movement.state} />
                  <Typography.Text type="secondary">
                    <Dated at={movement.at} withTime />
                  </Typography.Text>
                </Flex>
                {(movement.rental || movement.commission !== null) && (
                  <Descriptions
                    column={1}
                    size="small"
                    items={[
                      ...(movement.rental
                        ? [
                            {
                              key: 'server',
                              label: 'Server',
                              children: <ServerName movement={movement} />,
                            },
                          ]
                        : []),
                      ...(movement.commission !== null
                        ? [
                            {
                              key: 'commission',
                              label: 'Commission',
                              children: <UsdtAmount amount={movement.commission} />,
                            },
                          ]
                        : []),
                    ]}
                  />
                )}
              </Flex>
            </SurfaceCard>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
