import {
  Badge,
  Descriptions,
  Flex,
  Pagination,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { Link } from 'react-router';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import type { RentalStatus } from '@crimsonhost/shared/rentals';
import { paths } from '../../../app/paths';
import { CaptionedTable } from '../../../components/captioned-table';
import { RentalMessagesButton } from '../../../components/rental-thread/rental-messages-button';
import { RunStateBadge } from '../../../components/run-state-badge';
import { SurfaceCard } from '../../../components/surface-card';
import { UsdtAmount } from '../../../components/usdt-amount';
import type { VendorRentalView } from '../api/get-vendor-rentals';
import { hoursText } from '../overview-format';
import { Dated } from './dated';
import { MoneyStateTag } from './money-state-tag';
import { ReportRenterButton } from './report-renter-button';

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  ACTIVE: 'Running',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

function StatusBadge({ status }: { status: RentalStatus }) {
  return (
    <Badge
      status={status === 'ACTIVE' ? 'success' : 'default'}
      text={RENTAL_STATUS_LABELS[status]}
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}

function ServerName({ rental }: { rental: VendorRentalView }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Link to={paths.vendorListing.href(rental.server.id)} style={{ overflowWrap: 'anywhere' }}>
        {rental.server.name}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {GAME_LABELS[rental.server.game]}
      </Typography.Text>
    </Flex>
  );
}

/** When it ended, or when it ends while it runs. */
function EndOf({ rental }: { rental: VendorRentalView }) {
  return rental.endedAt ? (
    <span>
      Ended <Dated at={rental.endedAt} withTime />
    </span>
  ) : (
    <span>
      Ends <Dated at={rental.endsAt} withTime />
    </span>
  );
}

/** The vendor's share and the state it is in: escrow while running, then pending, available. */
function Earned({ rental }: { rental: VendorRentalView }) {
  return (
    <Flex vertical gap={4} align="flex-end">
      <UsdtAmount amount={rental.earned.amount} />
      <MoneyStateTag state={rental.earned.state} />
    </Flex>
  );
}

/** Writing to the renter, with how many of their messages I have not read; reporting them. */
function RentalActions({ rental }: { rental: VendorRentalView }) {
  return (
    <Flex gap={8} wrap>
      <RentalMessagesButton
        rentalId={rental.id}
        unread={rental.unreadMessages}
        about={`${rental.server.name} with ${rental.renter.displayName}`}
      />
      <ReportRenterButton rental={rental} />
    </Flex>
  );
}

const COLUMNS: TableColumnsType<VendorRentalView> = [
  {
    title: 'Renter',
    key: 'renter',
    render: (_, rental) => (
      <span style={{ overflowWrap: 'anywhere' }}>{rental.renter.displayName}</span>
    ),
  },
  { title: 'Server', key: 'server', render: (_, rental) => <ServerName rental={rental} /> },
  { title: 'Hours', dataIndex: 'hours', align: 'end' },
  {
    title: 'Started',
    dataIndex: 'startsAt',
    render: (at: string) => <Dated at={at} withTime />,
  },
  { title: 'Ends or ended', key: 'end', render: (_, rental) => <EndOf rental={rental} /> },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: RentalStatus) => <StatusBadge status={status} />,
  },
  {
    title: 'Run state',
    key: 'run',
    render: (_, rental) => <RunStateBadge rental={rental} stacked />,
  },
  {
    title: 'Earned',
    key: 'earned',
    align: 'end',
    render: (_, rental) => <Earned rental={rental} />,
  },
  {
    title: <span className="visually-hidden">Actions</span>,
    key: 'actions',
    render: (_, rental) => <RentalActions rental={rental} />,
  },
];

function RentalCard({ rental }: { rental: VendorRentalView }) {
  return (
    <SurfaceCard bodyStyle={{ padding: 12 }}>
      <Flex vertical gap={8}>
        <Flex justify="space-between" align="baseline" gap={8} wrap>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0, minWidth: 0 }}>
            <ServerName rental={rental} />
          </Typography.Title>
          <StatusBadge status={rental.status} />
        </Flex>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'renter', label: 'Renter', children: rental.renter.displayName },
            { key: 'hours', label: 'Hours', children: hoursText(rental.hours) },
            {
              key: 'started',
              label: 'Started',
              children: <Dated at={rental.startsAt} withTime />,
            },
            {
              key: 'end',
              label: rental.endedAt ? 'Ended' : 'Ends',
              children: <Dated at={rental.endedAt ?? rental.endsAt} withTime />,
            },
            { key: 'run', label: 'Run state', children: <RunStateBadge rental={rental} stacked /> },
            {
              key: 'earned',
              label: 'Earned',
              children: (
                <Flex gap={8} wrap align="center">
                  <UsdtAmount amount={rental.earned.amount} />
                  <MoneyStateTag state={rental.earned.state} />
                </Flex>
              ),
            },
          ]}
        />
        <RentalActions rental={rental} />
      </Flex>
    </SurfaceCard>
  );
}

/**
 * The rentals of my listings, newest first: a table on a wide screen (scrolling sideways inside
 * itself when it must), a card each on a narrow one, paged either way.
 */
export function VendorRentalsList({
  rentals,
  stacked,
  caption,
  pagination,
  loading,
}: {
  rentals: VendorRentalView[];
  stacked: boolean;
  caption: string;
  pagination: TablePaginationConfig;
  loading: boolean;
}) {
  if (!stacked) {
    return (
      <CaptionedTable<VendorRentalView>
        caption={caption}
        rowKey="id"
        columns={COLUMNS}
        dataSource={rentals}
        pagination={pagination}
        loading={loading}
        scroll={{ x: 1100 }}
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <ul
        aria-label={caption}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
      >
        {rentals.map((rental) => (
          <li key={rental.id}>
            <RentalCard rental={rental} />
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
