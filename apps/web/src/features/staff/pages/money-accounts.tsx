import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ledgerAccountName, type LedgerAccount } from '@crimsonhost/shared/ledger-admin';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useLedgerAccounts } from '../api/get-ledger-accounts';
import { ledgerAmount, MoneyAmount } from './money-amount';

/**
 * The platform's accounts with their balances (the sum of their entries) and the users' accounts
 * in total; choosing an account shows its entries.
 */
export function MoneyAccounts({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (accountId: string) => void;
}) {
  const accounts = useLedgerAccounts();

  const columns: TableColumnsType<LedgerAccount> = [
    {
      title: 'Account',
      key: 'account',
      render: (_, account) => {
        const name = ledgerAccountName(account);
        return (
          <Flex vertical align="start">
            <Button
              type="link"
              style={{
                padding: 0,
                height: 'auto',
                textAlign: 'start',
                whiteSpace: 'normal',
                fontWeight: account.id === selected ? 600 : 400,
              }}
              aria-label={`Show the entries of ${name}`}
              aria-pressed={account.id === selected}
              onClick={() => onSelect(account.id)}
            >
              {name}
            </Button>
            {account.owner && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {account.owner.email}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: 'Entries',
      dataIndex: 'entries',
      align: 'right',
      responsive: ['sm'],
      render: (entries: number) => entries.toLocaleString('en-US'),
    },
    {
      title: 'Balance',
      key: 'balance',
      align: 'right',
      render: (_, account) => <MoneyAmount amount={account.balance} currency={account.currency} />,
    },
  ];

  if (accounts.isPending) return <ListSkeleton rows={4} />;
  if (accounts.isError) {
    return <LoadErrorResult title="The ledger accounts could not be loaded" query={accounts} />;
  }
  const { platform, users } = accounts.data;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {[
          {
            title: 'User wallets',
            total: users.wallets,
            currency: 'USDT',
          },
          { title: 'Platform credit', total: users.credit, currency: 'PLATFORM' },
        ].map(({ title, total, currency }) => (
          <Col key={title} xs={24} sm={12}>
            <Card size="small">
              <Statistic
                title={`${title} (${total.accounts.toLocaleString('en-US')} account${total.accounts === 1 ? '' : 's'})`}
                value={ledgerAmount(total.total)}
                suffix={currency}
                styles={{ content: { fontVariantNumeric: 'tabular-nums' } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            Platform accounts
          </Typography.Title>
        }
      >
        <Table<LedgerAccount>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={platform}
          pagination={platform.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{
            emptyText: (
              <Empty description="No platform accounts yet: they appear with the first money movement." />
            ),
          }}
        />
      </Card>
    </Flex>
  );
}
