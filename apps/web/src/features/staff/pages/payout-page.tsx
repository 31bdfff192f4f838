import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Col, Flex, Result, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { UsdtAmount } from '../../../components/usdt-amount';
import { ApiError } from '../../../lib/api-client';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useAdminPayout } from '../api/get-admin-payout';
import { AdminOnly } from '../components/admin-only';
import { PayoutFactsCard } from '../components/payout-facts-card';
import { PayoutSendCard } from '../components/payout-send-card';
import { payoutConfirmationsText, PayoutStatusTag } from '../components/payout-tags';

function PayoutNotFound() {
  return (
    <>
      <title>Payout not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Payout not found</h1>}
        subTitle="No payout has this id. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffPayouts.href()}>
            Back to payouts
          </ButtonLink>
        }
      />
    </>
  );
}

/**
 * Where the payout stands, in a sentence: confirming (updated as the page asks again), or sent
 * back because the hash entered no longer pays it.
 */
function PayoutProgress({ payout }: { payout: AdminPayout }) {
  if (payout.status === 'SUBMITTED') {
    return (
      <Alert
        type="info"
        showIcon
        title={
          <span aria-live="polite">
            Confirming on chain: {payoutConfirmationsText(payout) ?? 'waiting for the first block'}
          </span>
        }
        description="This page follows the chain: the payout turns paid by itself once the network has confirmed the transaction."
      />
    );
  }
  if (payout.status === 'REQUESTED' && payout.reason) {
    return (
      <Alert
        type="warning"
        showIcon
        title="The transaction entered before was dropped: send the payout again"
        description={payout.reason}
      />
    );
  }
  return null;
}

/**
 * /admin/payouts/:payoutId (support and admin): one vendor payout, where it goes and how it
 * stands. An admin sends a requested payout from the treasury and records its transaction, or
 * rejects it; a confirming one turns paid on its own.
 */
export function PayoutPage() {
  const { payoutId = '' } = useParams();
  const detail = useAdminPayout(payoutId);
  if (detail.isPending) {
    return (
      <>
        <title>Payout · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) return <PayoutNotFound />;
  if (!detail.data) {
    return <LoadErrorResult title="The payout could not be loaded" query={detail} />;
  }
  const payout = detail.data;
  return (
    <>
      <title>{`Payout ${formatUsdtExact(payout.amount)} USDT to ${payout.vendor.displayName} · Payouts · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Link to={paths.staffPayouts.href()} style={{ alignSelf: 'flex-start' }}>
            <ArrowLeftOutlined aria-hidden /> Back to payouts
          </Link>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
            Payout of <UsdtAmount amount={payout.amount} />{' '}
            <Typography.Text type="secondary" style={{ fontSize: 'inherit', fontWeight: 'normal' }}>
              to {payout.vendor.displayName}
            </Typography.Text>
          </Typography.Title>
          <div>
            <PayoutStatusTag status={payout.status} />
          </div>
        </Flex>
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            title="The payout could not be refreshed; it shows what it had."
          />
        )}
        <PayoutProgress payout={payout} />
        <Row gutter={[16, 16]}>
          {payout.status === 'REQUESTED' && (
            <Col xs={24}>
              <AdminOnly
                fallback={
                  <Typography.Text type="secondary">
                    Waits for an admin to send it from the treasury.
                  </Typography.Text>
                }
              >
                <PayoutSendCard payout={payout} />
              </AdminOnly>
            </Col>
          )}
          <Col xs={24}>
            <PayoutFactsCard payout={payout} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
