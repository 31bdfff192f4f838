import { Button, Descriptions, Drawer, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import {
  ledgerAccountName,
  type LedgerTransactionDetail,
  type LedgerTransactionEntry,
} from '@crimsonhost/shared/ledger-admin';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useLedgerTransaction } from '../api/get-ledger-transaction';
import { MoneyAmount, MoneyTag } from './money-amount';

const when = (at: string) => dayjs(at).format('D MMM YYYY, HH:mm:ss');

function TransactionBody({
  transaction,
  onOpenAccount,
}: {
  transaction: LedgerTransactionDetail;
  onOpenAccount: (accountId: string) => void;
}) {
  const columns: TableColumnsType<LedgerTransactionEntry> = [
    {
      title: 'Account',
      key: 'account',
      render: (_, { account }) => {
        const name = ledgerAccountName(account);
        return (
          <Flex vertical align="start" style={{ minWidth: 0 }}>
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }}
              aria-label={`Show the entries of ${name}`}
              onClick={() => onOpenAccount(account.id)}
            >
              {name}
            </Button>
            {account.owner && (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {account.owner.email}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, entry) => <MoneyAmount amount={entry.amount} currency={entry.account.currency} />,
    },
  ];
  const wallet = transaction.walletTransaction;
  const transfer = transaction.chainTransfer;
  return (
    <Flex vertical gap={20}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'kind', label: 'Kind', children: transaction.kind },
          {
            key: 'reference',
            label: 'Reference',
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {transaction.reference}
              </Typography.Text>
            ),
          },
          { key: 'when', label: 'When', children: when(transaction.createdAt) },
          {
            key: 'balanced',
            label: 'Entries',
            children: transaction.balanced ? (
              <MoneyTag tone="success">Sum to zero</MoneyTag>
            ) : (
              <MoneyTag tone="error">Do not sum to zero</MoneyTag>
            ),
          },
        ]}
      />
      <Table<LedgerTransactionEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={transaction.entries}
        pagination={false}
        aria-label="Entries of this transaction"
      />
      <Descriptions
        size="small"
        column={1}
        title="Wallet transaction"
        items={
          wallet
            ? [
                { key: 'type', label: 'Type', children: `${wallet.type} · ${wallet.status}` },
                {
                  key: 'amount',
                  label: 'Amount',
                  children: <MoneyAmount amount={wallet.amount} currency={wallet.currency} />,
                },
                {
                  key: 'fee',
                  label: 'Fee',
                  children: <MoneyAmount amount={wallet.fee} currency={wallet.currency} />,
                },
                { key: 'description', label: 'Description', children: wallet.description },
                {
                  key: 'user',
                  label: 'User',
                  children: <Link to={paths.staffUser.href(wallet.userId)}>Open the account</Link>,
                },
                { key: 'when', label: 'When', children: when(wallet.createdAt) },
              ]
            : [
                {
                  key: 'none',
                  label: 'None',
                  children: 'No user sees this movement in their wallet (a release, say).',
                },
              ]
        }
      />
      {transfer && (
        <Descriptions
          size="small"
          column={1}
          title="Chain transfer"
          items={[
            { key: 'network', label: 'Network', children: transfer.network },
            {
              key: 'hash',
              label: 'Transaction hash',
              children: (
                <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                  {transfer.txHash}
                </Typography.Text>
              ),
            },
            { key: 'log', label: 'Log index', children: transfer.logIndex },
            {
              key: 'amount',
              label: 'Amount',
              children: <MoneyAmount amount={transfer.amount} currency="USDT" />,
            },
            { key: 'status', label: 'Status', children: transfer.status },
          ]}
        />
      )}
    </Flex>
  );
}

/** One ledger transaction, opened from an entry: all its entries and what is linked to it. */
export function MoneyTransactionDrawer({
  transactionId,
  onClose,
  onOpenAccount,
}: {
  transactionId: string | null;
  onClose: () => void;
  onOpenAccount: (accountId: string) => void;
}) {
  const transaction = useLedgerTransaction(transactionId);
  return (
    <Drawer
      title="Ledger transaction"
      placement="right"
      open={transactionId !== null}
      onClose={onClose}
      size={560}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
    >
      {transaction.isPending ? (
        <ListSkeleton rows={4} />
      ) : transaction.isError ? (
        <LoadErrorResult title="The transaction could not be loaded" query={transaction} />
      ) : (
        <TransactionBody transaction={transaction.data} onOpenAccount={onOpenAccount} />
      )}
    </Drawer>
  );
}
