import { Flex, Table, Typography, type PaginationProps, type TableColumnsType } from 'antd';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminDeposit } from '@crimsonhost/shared/admin-deposits';
import { paths } from '../../../app/paths';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { ChainText, confirmationsText, DepositTags } from './deposit-tags';
import { Moment } from './user-tags';

/** An amount in a column: exact to the micro-USDT, never broken across lines. */
export function UsdtCell({ amount }: { amount: string }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatUsdtExact(amount)} USDT
    </span>
  );
}

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
    render: (amount: string) => <UsdtCell amount={amount} />,
  },
  {
    title: 'Received',
    dataIndex: 'receivedAmount',
    align: 'end',
    render: (amount: string) => <UsdtCell amount={amount} />,
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
  const navigate = useNavigate();
  // The same element between renders, so a re-render does not rebuild the table.
  const components = useMemo(
    () => ({
      table: ({ children, ...props }: { children?: ReactNode }) => (
        <table {...props}>
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      ),
    }),
    [caption],
  );
  return (
    <Table<AdminDeposit>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={deposits}
      columns={COLUMNS}
      scroll={{ x: 1100 }}
      components={components}
      onRow={(deposit) => ({
        style: { cursor: 'pointer' },
        onClick: (event: MouseEvent) => {
          // The owner and the address are links of their own; a selection is not a click to open.
          if ((event.target as HTMLElement).closest('a')) return;
          if (window.getSelection()?.toString()) return;
          void navigate(paths.staffDeposit.href(deposit.id));
        },
      })}
      pagination={pagination}
    />
  );
}
