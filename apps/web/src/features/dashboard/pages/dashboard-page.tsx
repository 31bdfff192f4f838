import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Result, Row, Typography } from 'antd';
import { CloudServerOutlined, CustomerServiceOutlined, WalletOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ActiveRentals } from '../../../components/active-rentals';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { TransactionTimeline } from '../../../components/transaction-timeline';
import { WalletBalances } from '../../../components/wallet-balances';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useTransactions } from '../../../lib/wallet/get-transactions';
import { useWallet } from '../../../lib/wallet/get-wallet';

/** The dashboard shows this many of the newest transactions. */
export const RECENT_TRANSACTIONS = 5;
/** The API pages by 10, 20, 50 or 100: the smallest page holds the five. */
const RECENT_PAGE_SIZE = 10;

function Section({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

const SHORTCUTS = [
  {
    key: 'servers',
    to: paths.servers.href(),
    title: 'Browse Servers',
    text: 'Find a game server and rent it by the hour',
    icon: <CloudServerOutlined aria-hidden />,
  },
  {
    key: 'wallet',
    to: paths.wallet.href(),
    title: 'Wallet',
    text: 'Deposit USDT and follow your transactions',
    icon: <WalletOutlined aria-hidden />,
  },
  {
    key: 'support',
    to: paths.support.href(),
    title: 'Support',
    text: 'Get help and track your requests',
    icon: <CustomerServiceOutlined aria-hidden />,
  },
];

/** /dashboard: the signed-in person's starting point. */
export function DashboardPage() {
  const { user } = useAuth();
  const wallet = useWallet();
  const recent = useTransactions({ page: 1, pageSize: RECENT_PAGE_SIZE });

  return (
    <>
      <title>Dashboard · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Dashboard' }]} />
      <Flex vertical gap={20}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {user?.displayName ? `Welcome back, ${user.displayName}` : 'Dashboard'}
        </Typography.Title>

        <nav aria-label="Shortcuts">
          <Row gutter={[12, 12]}>
            {SHORTCUTS.map((shortcut) => (
              <Col key={shortcut.key} xs={24} md={8}>
                <Link to={shortcut.to} style={{ display: 'block', height: '100%' }}>
                  <Card hoverable size="small" style={{ height: '100%' }}>
                    <Flex gap={12} align="center">
                      <span style={{ fontSize: 24 }}>{shortcut.icon}</span>
                      <Flex vertical>
                        <Typography.Text strong>{shortcut.title}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {shortcut.text}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </nav>

        <Section title="Balance">
          {wallet.isError && !wallet.data ? (
            <Result
              status="error"
              title="Your balances could not be loaded"
              subTitle={describeApiError(toApiError(wallet.error))}
              extra={<Button onClick={() => void wallet.refetch()}>Retry</Button>}
            />
          ) : (
            <WalletBalances wallet={wallet.data} />
          )}
        </Section>

        <Section
          title="Active rentals"
          extra={<Link to={paths.rentals.href()}>Manage rentals</Link>}
        >
          <ActiveRentals />
        </Section>

        <Section title="Recent transactions" extra={<Link to={paths.wallet.href()}>View all</Link>}>
          {recent.isError && !recent.data ? (
            <Result
              status="error"
              title="Your transactions could not be loaded"
              subTitle={describeApiError(toApiError(recent.error))}
              extra={<Button onClick={() => void recent.refetch()}>Retry</Button>}
            />
          ) : (
            <TransactionTimeline
              loading={recent.isPending}
              transactions={(recent.data?.data ?? []).slice(0, RECENT_TRANSACTIONS)}
              label="Recent transactions"
            />
          )}
        </Section>
      </Flex>
    </>
  );
}
