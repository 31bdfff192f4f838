import { Descriptions, Typography } from 'antd';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { PAYMENT_STATUS_LABELS } from '../../../lib/wallet/transaction-labels';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import {
  PAYPAL_STATE_LABELS,
  paidAtPayPal,
  paypalPaymentEnded,
  paypalRefunded,
} from '../paypal-words';

const code = (text: string) => (
  <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
    {text}
  </Typography.Text>
);

/** What reached the wallet: the credit once PayPal completed the payment, else what will or did not. */
function creditText(payment: PayPalPayment): string {
  const credit = `${formatUsdtExact(payment.credit)} USDT`;
  if (paypalPaymentEnded(payment.state)) return 'Nothing';
  if (payment.paymentStatus === 'pending') return `${credit} once PayPal completes the payment`;
  return credit;
}

/**
 * A PayPal deposit's own facts: where it stands, what was paid at PayPal and what it brought, the
 * ids PayPal knows it by (to quote to support or find it in a PayPal account), and why it stands
 * where it does.
 */
export function PayPalPaymentDetails({ payment }: { payment: PayPalPayment }) {
  const items = [
    { key: 'state', label: 'State', children: PAYPAL_STATE_LABELS[payment.state] },
    {
      key: 'paymentStatus',
      label: 'Payment status',
      children: PAYMENT_STATUS_LABELS[payment.paymentStatus],
    },
    { key: 'value', label: 'Amount at PayPal', children: paidAtPayPal(payment) },
    { key: 'fee', label: 'Fee', children: `${formatUsdtExact(payment.fee)} USDT` },
    { key: 'credit', label: 'Credited to your wallet', children: creditText(payment) },
    ...(paypalRefunded(payment)
      ? [
          {
            key: 'refunded',
            label: 'Refunded',
            children: `${formatUsdtExact(payment.refunded.replace(/^-/, ''))} USDT`,
          },
        ]
      : []),
    ...(payment.reason ? [{ key: 'reason', label: 'Reason', children: payment.reason }] : []),
    {
      key: 'order',
      label: 'PayPal order ID',
      children: payment.orderId ? code(payment.orderId) : 'Not created at PayPal',
    },
    {
      key: 'capture',
      label: 'PayPal capture ID',
      children: payment.captureId
        ? code(payment.captureId)
        : paypalPaymentEnded(payment.state)
          ? 'Not captured'
          : 'Not captured yet',
    },
  ];
  return <Descriptions column={1} size="small" bordered items={items} />;
}
