import type { ReactNode } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { paypalOutcome, paypalPaymentEnded, type PayPalOutcome } from '../paypal-words';

/**
 * The frame of the pages PayPal sends the buyer back to: the title, the trail to the wallet and
 * one card whose changes (a spinner, then the outcome) are read out as they come.
 */
export function PayPalPageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <title>PayPal payment · CrimsonHost</title>
      <PageBreadcrumb
        items={[{ title: 'Wallet', to: paths.wallet.href() }, { title: 'PayPal payment' }]}
      />
      <Flex vertical gap={16} style={{ maxWidth: 820 }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          PayPal payment
        </Typography.Title>
        <Card>
          <div aria-live="polite">{children}</div>
        </Card>
      </Flex>
    </>
  );
}

/** A call to the API on its way: a spinner and what is being done. */
export function PayPalWorking({ title }: { title: string }) {
  return <Result icon={<Spin size="large" />} title={title} />;
}

export const backToWallet = (primary = true) => (
  <ButtonLink key="wallet" type={primary ? 'primary' : 'default'} to={paths.wallet.href()}>
    Back to Wallet
  </ButtonLink>
);

const viewDetails = (payment: PayPalPayment) => (
  <ButtonLink key="details" to={paths.walletTransaction.href(payment.transactionId)}>
    View Details
  </ButtonLink>
);

/** Back to the wallet with the deposit dialog open on PayPal and the same amount. */
export const tryAgain = (payment: PayPalPayment, primary = true) => (
  <ButtonLink
    key="again"
    type={primary ? 'primary' : 'default'}
    to={paths.wallet.href({ method: 'paypal', amount: payment.value })}
  >
    Try Again
  </ButtonLink>
);

/** What can be done from a payment's outcome: start again, carry on at PayPal, or look at it. */
function actionsOf(payment: PayPalPayment): ReactNode[] {
  if (paypalPaymentEnded(payment.state)) return [tryAgain(payment), backToWallet(false)];
  if (payment.state === 'CREATED') {
    return [
      ...(payment.approveUrl
        ? [
            <Button key="paypal" type="primary" href={payment.approveUrl}>
              Continue at PayPal
            </Button>,
          ]
        : []),
      backToWallet(!payment.approveUrl),
    ];
  }
  return [backToWallet(), viewDetails(payment)];
}

/** A PayPal payment's outcome as a result: its headline, what it means, and where to go next. */
export function PayPalOutcomeResult({
  payment,
  outcome = paypalOutcome(payment),
  actions = actionsOf(payment),
}: {
  payment: PayPalPayment;
  /** Other words for it than the usual ones (the cancel page's). */
  outcome?: PayPalOutcome;
  /** Other actions than the usual ones (the transaction page's). */
  actions?: ReactNode[];
}) {
  return (
    <Result
      status={outcome.tone}
      title={outcome.title}
      subTitle={outcome.subTitle}
      extra={actions}
    />
  );
}

/** The link PayPal sent the buyer back with lacks the order: nothing to confirm or cancel. */
export function IncompleteLinkResult() {
  return (
    <Result
      status="warning"
      title="This link is incomplete"
      subTitle="It does not say which PayPal payment it is about. Your wallet lists every payment with where it stands."
      extra={backToWallet()}
    />
  );
}

/** The order is not one of mine (or does not exist): the same answer either way. */
export function PayPalPaymentNotFound() {
  return (
    <Result
      status="warning"
      title="Payment not found"
      subTitle="There is no PayPal payment of yours with this link. Your wallet lists every payment you made."
      extra={backToWallet()}
    />
  );
}
