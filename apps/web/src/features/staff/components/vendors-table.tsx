import { Flex, Typography, type PaginationProps, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminVendor } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { LinkedRowsTable } from './linked-rows-table';
import { Moment } from './user-tags';
import { gamesText, regionsText, VendorTags } from './vendor-tags';

/** The account behind the vendor: its e-mail, with the account's name beneath. */
function VendorAccount({ account }: { account: AdminVendor['account'] }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <span style={{ overflowWrap: 'anywhere' }}>{account.email}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {account.name}
      </Typography.Text>
    </Flex>
  );
}

const COLUMNS: TableColumnsType<AdminVendor> = [
  {
    title: 'Vendor',
    key: 'name',
    // The row's way in for keyboards and readers: the name opens the vendor.
    render: (_, vendor) => (
      <Flex vertical style={{ minWidth: 0 }}>
        <Link to={paths.staffVendor.href(vendor.id)} style={{ overflowWrap: 'anywhere' }}>
          {vendor.displayName}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {vendor.contactEmail}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Account',
    key: 'account',
    render: (_, vendor) => <VendorAccount account={vendor.account} />,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, vendor) => (
      <VendorTags
        status={vendor.status}
        applicationWaiting={vendor.pendingApplicationId !== null}
      />
    ),
  },
  { title: 'Games', key: 'games', render: (_, vendor) => gamesText(vendor.games) },
  { title: 'Regions', key: 'regions', render: (_, vendor) => regionsText(vendor.regions) },
  {
    title: 'Listings',
    dataIndex: 'listings',
    align: 'end',
    render: (listings: number) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{listings.toLocaleString('en-US')}</span>
    ),
  },
  {
    // A vendor comes into being with its first application; a later one is on the vendor's page.
    title: 'First applied',
    dataIndex: 'createdAt',
    render: (at: string) => <Moment at={at} />,
  },
];

/**
 * One page of vendors; a click anywhere on a row opens the vendor. Wider than a phone, it scrolls
 * sideways inside itself.
 */
export function VendorsTable({
  vendors,
  loading,
  pagination,
  caption,
}: {
  vendors: AdminVendor[];
  loading: boolean;
  pagination: PaginationProps;
  /** What the table lists, for screen readers: the view and search shown. */
  caption: string;
}) {
  return (
    <LinkedRowsTable<AdminVendor>
      rows={vendors}
      columns={COLUMNS}
      caption={caption}
      loading={loading}
      pagination={pagination}
      scrollX={1000}
      hrefOf={(vendor) => paths.staffVendor.href(vendor.id)}
    />
  );
}
