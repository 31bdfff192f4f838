import { Card, Col, Flex, Row, Typography } from 'antd';
import { CloudServerOutlined, CustomerServiceOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { isNewAccountState } from '../../../app/auth/new-account';
import { paths } from '../../../app/paths';
import { ActiveRentals } from '../../../components/active-rentals';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { SectionCard } from '../../../components/section-card';
import { TransactionTimeline } from '../../../components/transaction-timeline';
import { WalletBalances } from '../../../components/wallet-balances';
import { useTransactions } from '../../../lib/wallet/get-transactions';
import { BenefitsLine } from '../components/benefits-line';

/** The dashboard shows this many of the newest transactions. */
export const RECENT_TRANSACTIONS = 5;
/** The API pages by 10, 20, 50 or 100: the smallest page holds the five. */
const RECENT_PAGE_SIZE = 10;

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
  const newAccount = isNewAccountState(useLocation().state);
  const recent = useTransactions({ page: 1, pageSize: RECENT_PAGE_SIZE });

  return (
    <>
      <title>Dashboard · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Dashboard' }]} />
      <Flex vertical gap={20}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {user?.displayName
            ? `${newAccount ? 'Welcome' : 'Welcome back'}, ${user.displayName}`
            : 'Dashboard'}
        </Typography.Title>
        {newAccount && (
          <Typography.Paragraph style={{ margin: 0 }}>
            Your account is ready. Add USDT to your wallet, then rent a server by the hour.
          </Typography.Paragraph>
        )}
        <BenefitsLine />

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

        <SectionCard title="Balance">
          <WalletBalances />
        </SectionCard>

        <SectionCard
          title="Active rentals"
          extra={<Link to={paths.rentals.href()}>Manage rentals</Link>}
        >
          <ActiveRentals />
        </SectionCard>

        <SectionCard
          title="Recent transactions"
          extra={<Link to={paths.wallet.href()}>View all</Link>}
        >
          {recent.isError && !recent.data ? (
            <LoadErrorResult title="Your transactions could not be loaded" query={recent} />
          ) : (
            <TransactionTimeline
              loading={recent.isPending}
              transactions={(recent.data?.data ?? []).slice(0, RECENT_TRANSACTIONS)}
              label="Recent transactions"
            />
          )}
        </SectionCard>
      </Flex>
    </>
  );
}
