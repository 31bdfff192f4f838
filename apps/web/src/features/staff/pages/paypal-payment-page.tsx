import { ArrowLeftOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Flex, Result, Row, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminPayPalDetail } from '@crimsonhost/shared/admin-paypal';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { ApiError } from '../../../lib/api-client';
import { useAdminPayPalPayment } from '../api/get-admin-paypal-payment';
import { AdminOnly } from '../components/admin-only';
import { PayPalFactsCard, PayPalWalletCard } from '../components/paypal-facts-card';
import { PayPalDisputesCard, PayPalRefundsCard } from '../components/paypal-movements-cards';
import { PayPalRefundDialog } from '../components/paypal-refund-dialog';
import { currencyText, isAboveZero, PayPalStateTag } from '../components/paypal-tags';
import { paypalPaths } from '../paypal-paths';

function PayPalPaymentNotFound() {
  return (
    <>
      <title>PayPal payment not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>PayPal payment not found</h1>}
        subTitle="No PayPal payment has this id. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paypalPaths.staffPayPal.href()}>
            Back to PayPal
          </ButtonLink>
        }
      />
    </>
  );
}

/** An admin's way to refund what is left of a completed payment; support does not see it. */
function RefundAction({ payment }: { payment: AdminPayPalDetail }) {
  const [open, setOpen] = useState(false);
  if (!isAboveZero(payment.refundableValue)) return null;
  return (
    <AdminOnly fallback={null}>
      <Button icon={<RollbackOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Refund
      </Button>
      {/* A new form once a refund changed what is left: the amount starts from it again. */}
      <PayPalRefundDialog
        key={payment.refundableValue}
        payment={payment}
        open={open}
        onClose={() => setOpen(false)}
      />
    </AdminOnly>
  );
}

/**
 * /admin/paypal/:transactionId (support and admin): one PayPal payment, what it came to, what
 * took it back (refunds, reversals, dispute holds), its disputes and the renter's wallet. An
 * admin refunds it, whole or part, while that much of it is unspent in the wallet.
 */
export function PayPalPaymentPage() {
  const { transactionId = '' } = useParams();
  const detail = useAdminPayPalPayment(transactionId);
  if (detail.isPending) {
    return (
      <>
        <title>PayPal payment · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return <PayPalPaymentNotFound />;
  }
  if (!detail.data) {
    return <LoadErrorResult title="The PayPal payment could not be loaded" query={detail} />;
  }
  const payment = detail.data;
  const paid = currencyText(payment.value, payment.currency);
  return (
    <>
      <title>{`PayPal payment of ${paid} by ${payment.user.name} · PayPal · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Link to={paypalPaths.staffPayPal.href()} style={{ alignSelf: 'flex-start' }}>
            <ArrowLeftOutlined aria-hidden /> Back to PayPal
          </Link>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
            PayPal payment of {paid}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 'inherit', fontWeight: 'normal' }}>
              by {payment.user.name}
            </Typography.Text>
          </Typography.Title>
          <Flex wrap gap={8} align="center">
            <PayPalStateTag state={payment.state} />
            <RefundAction payment={payment} />
          </Flex>
        </Flex>
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            title="The payment could not be refreshed; it shows what it had."
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <PayPalFactsCard payment={payment} />
          </Col>
          <Col xs={24}>
            <PayPalWalletCard payment={payment} />
          </Col>
          <Col xs={24}>
            <PayPalRefundsCard payment={payment} />
          </Col>
          <Col xs={24}>
            <PayPalDisputesCard payment={payment} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
