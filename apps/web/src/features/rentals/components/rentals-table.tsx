import { Flex, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { ConnectionAddress } from './connection-address';
import { RentalActions } from './rental-actions';
import { RentalStatusTag } from './rental-status-tag';
import { RentalPaid, RentalPeriod, RentalServer } from './rental-summary';
import { RunStateBadge } from '../../../components/run-state-badge';
import { RentalTimeLeft } from '../../../components/rental-time-left';

const COLUMNS: TableColumnsType<RentalView> = [
  {
    key: 'server',
    title: 'Server',
    render: (_, rental) => (
      <Flex vertical gap={6}>
        <RentalServer rental={rental} />
        <ConnectionAddress rental={rental} />
      </Flex>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    render: (_, rental) => (
      <Flex vertical gap={4} align="start">
        <Flex gap={8} align="center">
          <RentalStatusTag status={rental.status} />
          {rental.status === 'ACTIVE' && <RentalTimeLeft rental={rental} suffix=" left" />}
        </Flex>
        <RentalPeriod rental={rental} />
      </Flex>
    ),
  },
  {
    key: 'run',
    title: 'Game server',
    render: (_, rental) => <RunStateBadge rental={rental} stacked />,
  },
  { key: 'paid', title: 'Paid', render: (_, rental) => <RentalPaid rental={rental} /> },
  { key: 'actions', title: 'Actions', render: (_, rental) => <RentalActions rental={rental} /> },
];

export interface RentalsTableProps {
  rentals: RentalView[];
  pagination: TablePaginationConfig;
  loading?: boolean;
}

/** My rentals on a wide screen: one row each, with its controls. */
export function RentalsTable({ rentals, pagination, loading }: RentalsTableProps) {
  return (
    <Table<RentalView>
      rowKey="id"
      columns={COLUMNS}
      dataSource={rentals}
      pagination={pagination}
      loading={loading}
      size="middle"
      scroll={{ x: 'max-content' }}
    />
  );
}
