import { Alert, Col, Flex, Result, Row } from 'antd';
import { useParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { ApiError } from '../../../lib/api-client';
import { useAdminUser } from '../api/get-admin-user';
import { RentalsCard, TicketsCard, TransactionsCard } from '../components/user-activity-cards';
import { UserAdminActions } from '../components/user-admin-actions';
import { UserHeader } from '../components/user-header';
import { UserProfileCard, UserWalletCard } from '../components/user-profile-card';
import { PenaltiesCard, SessionsCard, SignInsCard } from '../components/user-security-cards';

function UserNotFound() {
  return (
    <>
      <title>Account not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Account not found</h1>}
        subTitle="No account has this address. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffUsers.href()}>
            Back to users
          </ButtonLink>
        }
      />
    </>
  );
}

/**
 * /admin/users/:userId (support and admin): one account, its penalties, sign-ins, sessions,
 * wallet and its last rentals, transactions and tickets. Admins also get the actions on it.
 */
export function UserPage() {
  const { userId = '' } = useParams();
  const { isAdmin } = useAuth();
  const detail = useAdminUser(userId);
  if (detail.isPending) {
    return (
      <>
        <title>Account · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) return <UserNotFound />;
  if (!detail.data) {
    return <LoadErrorResult title="The account could not be loaded" query={detail} />;
  }
  const { user, penalties, signIns, sessions, wallet, rentals, transactions, tickets } =
    detail.data;
  return (
    <>
      <title>{`${user.displayName} · Users · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <UserHeader user={user} showAudit={isAdmin} />
        {isAdmin && <UserAdminActions user={user} />}
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            title="The account could not be refreshed; it shows what it had."
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <UserProfileCard user={user} />
          </Col>
          <Col xs={24} lg={10}>
            <UserWalletCard wallet={wallet} />
          </Col>
          <Col xs={24}>
            <PenaltiesCard penalties={penalties} />
          </Col>
          <Col xs={24}>
            <SignInsCard signIns={signIns} />
          </Col>
          <Col xs={24}>
            <SessionsCard sessions={sessions} />
          </Col>
          <Col xs={24}>
            <RentalsCard rentals={rentals} />
          </Col>
          <Col xs={24} xxl={12}>
            <TransactionsCard transactions={transactions} />
          </Col>
          <Col xs={24} xxl={12}>
            <TicketsCard tickets={tickets} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
