import { useEffect, useRef } from 'react';
import { Button, Result } from 'antd';
import { useSearchParams } from 'react-router';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCancelPayPalOrder } from '../api/cancel-paypal-order';
import {
  IncompleteLinkResult,
  PayPalOutcomeResult,
  PayPalPageFrame,
  PayPalPaymentNotFound,
  PayPalWorking,
  backToWallet,
  tryAgain,
} from '../components/paypal-result';
import { paypalOutcome, paypalPaymentEnded, type PayPalOutcome } from '../paypal-words';

export const CANCELLED_AT_PAYPAL_TEXT = 'You cancelled the payment at PayPal. Nothing was charged.';

/** The cancel's answer in words: cancelled as asked, or why it stands elsewhere. */
function cancelOutcome(payment: PayPalPayment): PayPalOutcome {
  if (payment.state === 'CANCELLED') {
    return { tone: 'info', title: 'Payment cancelled', subTitle: CANCELLED_AT_PAYPAL_TEXT };
  }
  const outcome = paypalOutcome(payment);
  if (paypalPaymentEnded(payment.state)) return outcome;
  return {
    ...outcome,
    subTitle: `You had already approved this payment, so it was not cancelled. ${outcome.subTitle}`,
  };
}

/**
 * /wallet/paypal/cancel?token=<orderId>: PayPal sends the buyer here when they turned back
 * there. The order is cancelled; one approved meanwhile (in another tab) goes on, and is said so.
 */
export function PayPalCancelPage() {
  const [search] = useSearchParams();
  const orderId = search.get('token') ?? '';
  const cancel = useCancelPayPalOrder();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !orderId) return;
    sent.current = true;
    cancel.mutate(orderId);
  }, [orderId, cancel]);

  let body;
  if (!orderId) {
    body = <IncompleteLinkResult />;
  } else if (cancel.isError) {
    const error = toApiError(cancel.error);
    body =
      error.status === 404 && error.code !== 'PAYPAL_OFF' ? (
        <PayPalPaymentNotFound />
      ) : (
        <Result
          status="error"
          title="The payment could not be cancelled just now"
          subTitle={`${describeApiError(error)} Nothing is charged for a payment you did not approve: left alone, it expires unpaid.`}
          extra={[
            <Button key="retry" type="primary" onClick={() => cancel.mutate(orderId)}>
              Try again
            </Button>,
            backToWallet(false),
          ]}
        />
      );
  } else if (cancel.data) {
    body = (
      <PayPalOutcomeResult
        payment={cancel.data}
        outcome={cancelOutcome(cancel.data)}
        // Cancelled as asked: the wallet first; a new payment for who changed their mind.
        actions={
          cancel.data.state === 'CANCELLED'
            ? [backToWallet(), tryAgain(cancel.data, false)]
            : undefined
        }
      />
    );
  } else {
    body = <PayPalWorking title="Cancelling your payment…" />;
  }

  return <PayPalPageFrame>{body}</PayPalPageFrame>;
}
