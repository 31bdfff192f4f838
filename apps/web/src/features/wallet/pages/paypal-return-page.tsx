import { useEffect, useRef } from 'react';
import { Button, Result } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCapturePayPalOrder } from '../api/capture-paypal-order';
import { notePayPalPayment, paypalPaymentMoving, usePayPalOrder } from '../api/get-paypal-order';
import {
  IncompleteLinkResult,
  PayPalOutcomeResult,
  PayPalPageFrame,
  PayPalPaymentNotFound,
  PayPalWorking,
  backToWallet,
} from '../components/paypal-result';

export const CONFIRMING_TITLE = 'Confirming your payment with PayPal…';

/**
 * /wallet/paypal/return?token=<orderId>&PayerID=…: PayPal sends the buyer here after they
 * approved. The server captures the payment and answers where it stands; money reaches the wallet
 * only once PayPal completed the capture. A payment PayPal holds is watched while the page is open.
 */
export function PayPalReturnPage() {
  const [search] = useSearchParams();
  const orderId = search.get('token') ?? '';
  const capture = useCapturePayPalOrder();
  const sent = useRef(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Once per visit, even when React runs effects twice (a second capture would be safe, but
    // would say nothing new).
    if (sent.current || !orderId) return;
    sent.current = true;
    capture.mutate(orderId);
  }, [orderId, capture]);

  // Held by PayPal (or approved, the capture still under way): asked again until it settles.
  const watching = capture.data !== undefined && paypalPaymentMoving(capture.data.state);
  const order = usePayPalOrder(orderId, watching);
  const payment = order.data ?? capture.data;

  // Settled while watched: the balances and lists learn of it too.
  const settled = watching && payment !== undefined && !paypalPaymentMoving(payment.state);
  useEffect(() => {
    if (settled && payment) notePayPalPayment(queryClient, payment);
  }, [settled, payment, queryClient]);

  const retry = (
    <Button key="retry" type="primary" onClick={() => capture.mutate(orderId)}>
      Try again
    </Button>
  );

  let body;
  if (!orderId) {
    body = <IncompleteLinkResult />;
  } else if (capture.isError) {
    const error = toApiError(capture.error);
    if (error.code === 'PAYPAL_NOT_APPROVED') {
      body = (
        <Result
          status="info"
          title="PayPal has not confirmed your approval yet"
          subTitle="If you approved the payment at PayPal, wait a few seconds and try again. Nothing is charged until the payment goes through."
          extra={[retry, backToWallet(false)]}
        />
      );
    } else if (error.status === 404 && error.code !== 'PAYPAL_OFF') {
      body = <PayPalPaymentNotFound />;
    } else {
      body = (
        <Result
          status="error"
          title="Your payment could not be confirmed yet"
          subTitle={describeApiError(error)}
          extra={[retry, backToWallet(false)]}
        />
      );
    }
  } else if (payment) {
    body = <PayPalOutcomeResult payment={payment} />;
  } else {
    body = <PayPalWorking title={CONFIRMING_TITLE} />;
  }

  return <PayPalPageFrame>{body}</PayPalPageFrame>;
}
