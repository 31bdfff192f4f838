import { Button, Card, Modal, Typography } from 'antd';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { paths } from '../../../app/paths';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ButtonLink } from '../../../components/button-link';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { useCancelPayPalOrder } from '../api/cancel-paypal-order';
import { paypalPaymentEnded } from '../paypal-words';
import { PayPalOutcomeResult } from './paypal-result';
import { PayPalPaymentDetails } from './paypal-payment-details';

export const CANCEL_PAYPAL_TITLE = 'Cancel this PayPal payment?';
export const CANCEL_PAYPAL_TEXT =
  'Nothing has been charged. PayPal’s page for this payment stops working, and you can start a new payment at any time.';
export const PAYPAL_CANCELLED_MESSAGE = 'Payment cancelled. Nothing was charged.';
export const PAYPAL_NOT_CANCELLED_MESSAGE =
  'This payment was already approved at PayPal, so it was not cancelled.';

export interface PayPalTransactionStatusProps {
  payment: PayPalPayment;
  /** Scroll to the transaction's details. */
  onViewDetails: () => void;
  /** Failed, cancelled or expired: a new payment (the deposit dialog, on PayPal). */
  onTryAgain: () => void;
}

/**
 * The status view of a deposit paid with PayPal: where the payment stands and what can be done
 * (approve it at PayPal or cancel it while it waits, pay again once it ended), then its PayPal
 * facts. No network, address or confirmations: those are a crypto deposit's.
 */
export function PayPalTransactionStatus({
  payment,
  onViewDetails,
  onTryAgain,
}: PayPalTransactionStatusProps) {
  const [modal, modalHolder] = Modal.useModal();
  const cancel = useCancelPayPalOrder();
  const toast = useToast();
  const orderId = payment.orderId;

  const confirmCancel = () => {
    if (!orderId) return;
    void modal.confirm({
      title: CANCEL_PAYPAL_TITLE,
      content: CANCEL_PAYPAL_TEXT,
      okText: 'Cancel payment',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      // The dialog closes either way; a refusal is said on the page, the view is asked again.
      onOk: () =>
        cancel
          .mutateAsync(orderId)
          .then((answer) =>
            answer.state === 'CANCELLED'
              ? toast('success', PAYPAL_CANCELLED_MESSAGE)
              : toast('info', PAYPAL_NOT_CANCELLED_MESSAGE),
          )
          .catch(() => undefined),
    });
  };

  let actions;
  if (paypalPaymentEnded(payment.state)) {
    actions = [
      <Button key="again" type="primary" onClick={onTryAgain}>
        Try Again
      </Button>,
    ];
  } else if (payment.state === 'CREATED') {
    actions = [
      ...(payment.approveUrl
        ? [
            <Button key="paypal" type="primary" href={payment.approveUrl}>
              Continue at PayPal
            </Button>,
          ]
        : []),
      ...(orderId
        ? [
            <Button key="cancel" danger onClick={confirmCancel} loading={cancel.isPending}>
              Cancel payment
            </Button>,
          ]
        : []),
    ];
  } else {
    actions = [
      <ButtonLink key="wallet" type="primary" to={paths.wallet.href()}>
        Back to Wallet
      </ButtonLink>,
      <Button key="details" onClick={onViewDetails}>
        View Details
      </Button>,
    ];
  }

  return (
    <>
      {modalHolder}
      {cancel.error && (
        <ApiErrorAlert
          error={toApiError(cancel.error)}
          action={
            <Button size="small" onClick={() => cancel.reset()}>
              Dismiss
            </Button>
          }
        />
      )}
      <Card>
        <div aria-live="polite">
          <PayPalOutcomeResult payment={payment} actions={actions} />
        </div>
      </Card>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            PayPal
          </Typography.Title>
        }
      >
        <PayPalPaymentDetails payment={payment} />
      </Card>
    </>
  );
}
