import { Flex, Typography, type PaginationProps, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminDeposit } from '@crimsonhost/shared/admin-deposits';
import { paths } from '../../../app/paths';
import { ChainText, confirmationsText, DepositTags } from './deposit-tags';
import { LinkedRowsTable } from './linked-rows-table';
import { Moment } from './user-tags';
import { UsdtAmount } from '../../../components/usdt-amount';

/** The owner's name and e-mail, the name linking to their account. */
export function DepositOwner({ owner }: { owner: AdminDeposit['user'] }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Link to={paths.staffUser.href(owner.id)} style={{ overflowWrap: 'anywhere' }}>
        {owner.name}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {owner.email}
      </Typography.Text>
    </Flex>
  );
}

const COLUMNS: TableColumnsType<AdminDeposit> = [
  {
    title: 'Created',
    dataIndex: 'createdAt',
    render: (at: string) => <Moment at={at} />,
  },
  {
    title: 'Owner',
    key: 'owner',
    render: (_, deposit) => <DepositOwner owner={deposit.user} />,
  },
  { title: 'Network', dataIndex: 'network' },
  {
    title: 'Address',
    key: 'address',
    // The row's way in for keyboards and readers: the address opens the deposit.
    render: (_, deposit) => (
      // One box (inline-block): the hidden words and the address are not separate line pieces, so a
      // pointer aimed at the middle of the link lands on it.
      <Link to={paths.staffDeposit.href(deposit.id)} style={{ display: 'inline-block' }}>
        <span className="visually-hidden">{deposit.network} deposit to</span>{' '}
        <ChainText value={deposit.address} />
      </Link>
    ),
  },
  {
    title: 'Requested',
    dataIndex: 'requestedAmount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} />,
  },
  {
    title: 'Received',
    dataIndex: 'receivedAmount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount} />,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, deposit) => <DepositTags deposit={deposit} />,
  },
  {
    title: 'Confirmations',
    key: 'confirmations',
    render: (_, deposit) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {confirmationsText(deposit.confirmations, deposit.requiredConfirmations)}
      </span>
    ),
  },
];

/**
 * One page of deposits; a click anywhere on a row opens the deposit. Wider than a phone, it
 * scrolls sideways inside itself.
 */
export function DepositsTable({
  deposits,
  loading,
  pagination,
  caption,
}: {
  deposits: AdminDeposit[];
  loading: boolean;
  pagination: PaginationProps;
  /** What the table lists, for screen readers: the view and filters shown. */
  caption: string;
}) {
  return (
    <LinkedRowsTable<AdminDeposit>
      rows={deposits}
      columns={COLUMNS}
      caption={caption}
      loading={loading}
      pagination={pagination}
      scrollX={1100}
      hrefOf={(deposit) => paths.staffDeposit.href(deposit.id)}
    />
  );
}
