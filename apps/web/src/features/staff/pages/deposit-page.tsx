import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Col, Flex, Result, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { ApiError } from '../../../lib/api-client';
import { useAdminDeposit } from '../api/get-admin-deposit';
import { DepositFactsCard } from '../components/deposit-facts-card';
import { ChainText, shortChain } from '../components/deposit-tags';
import { DepositTransfersCard } from '../components/deposit-transfers-card';

function DepositNotFound() {
  return (
    <>
      <title>Deposit not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Deposit not found</h1>}
        subTitle="No deposit has this id. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffDeposits.href()}>
            Back to deposits
          </ButtonLink>
        }
      />
    </>
  );
}

/**
 * /admin/deposits/:depositId (support and admin): one deposit, its address on the block
 * explorer, and every payment seen at it. An admin credits by hand a payment held for staff.
 */
export function DepositPage() {
  const { depositId = '' } = useParams();
  const detail = useAdminDeposit(depositId);
  if (detail.isPending) {
    return (
      <>
        <title>Deposit · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) return <DepositNotFound />;
  if (!detail.data) {
    return <LoadErrorResult title="The deposit could not be loaded" query={detail} />;
  }
  const deposit = detail.data;
  return (
    <>
      <title>{`Deposit ${deposit.network} ${shortChain(deposit.address)} · Deposits · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Link to={paths.staffDeposits.href()} style={{ alignSelf: 'flex-start' }}>
            <ArrowLeftOutlined aria-hidden /> Back to deposits
          </Link>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
            Deposit{' '}
            <Typography.Text type="secondary" style={{ fontSize: 'inherit', fontWeight: 'normal' }}>
              {deposit.network} <ChainText value={deposit.address} />
            </Typography.Text>
          </Typography.Title>
        </Flex>
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            title="The deposit could not be refreshed; it shows what it had."
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <DepositFactsCard deposit={deposit} />
          </Col>
          <Col xs={24}>
            <DepositTransfersCard deposit={deposit} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
