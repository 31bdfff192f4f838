import { Flex, Typography, type PaginationProps, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { paths } from '../../../app/paths';
import { UsdtAmount } from '../../../components/usdt-amount';
import { ChainText } from './deposit-tags';
import { LinkedRowsTable } from './linked-rows-table';
import { payoutConfirmationsText, PayoutStatusTag } from './payout-tags';
import { Moment } from './user-tags';

/** The vendor's name, linking to the vendor, with their e-mail beneath. */
export function PayoutVendor({ vendor }: { vendor: AdminPayout['vendor'] }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Link to={paths.staffVendor.href(vendor.id)} style={{ overflowWrap: 'anywhere' }}>
        {vendor.displayName}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {vendor.email}
      </Typography.Text>
    </Flex>
  );
}

/** '15.25 USDT on ERC20', linking to the payout: the row's way in for keyboards and readers. */
export function PayoutLink({ payout }: { payout: AdminPayout }) {
  return (
    <Link to={paths.staffPayout.href(payout.id)} style={{ display: 'inline-block' }}>
      <UsdtAmount amount={payout.amount} /> on {payout.network}
    </Link>
  );
}

/** The status, and while the transaction confirms, how far it has come. */
export function PayoutState({ payout }: { payout: AdminPayout }) {
  const confirmations = payout.status === 'SUBMITTED' ? payoutConfirmationsText(payout) : null;
  return (
    <Flex vertical gap={2} align="start">
      <PayoutStatusTag status={payout.status} />
      {confirmations && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {confirmations}
        </Typography.Text>
      )}
    </Flex>
  );
}

const COLUMNS: TableColumnsType<AdminPayout> = [
  {
    title: 'Requested',
    dataIndex: 'requestedAt',
    render: (at: string) => <Moment at={at} />,
  },
  {
    title: 'Vendor',
    key: 'vendor',
    render: (_, payout) => <PayoutVendor vendor={payout.vendor} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    render: (_, payout) => <PayoutLink payout={payout} />,
  },
  {
    title: 'To address',
    key: 'address',
    render: (_, payout) => <ChainText value={payout.address} />,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, payout) => <PayoutState payout={payout} />,
  },
];

/**
 * One page of payouts from 768 px up; a click anywhere on a row opens the payout. Wider than its
 * frame, it scrolls sideways inside itself.
 */
export function PayoutsTable({
  payouts,
  loading,
  pagination,
  caption,
}: {
  payouts: AdminPayout[];
  loading: boolean;
  pagination: PaginationProps;
  /** What the table lists, for screen readers: the view and search shown. */
  caption: string;
}) {
  return (
    <LinkedRowsTable<AdminPayout>
      rows={payouts}
      columns={COLUMNS}
      caption={caption}
      loading={loading}
      pagination={pagination}
      scrollX={860}
      hrefOf={(payout) => paths.staffPayout.href(payout.id)}
    />
  );
}
