import { Alert, Descriptions, Flex, Typography } from 'antd';
import type { AdminPayPalDetail } from '@crimsonhost/shared/admin-paypal';
import { UsdtAmount } from '../../../components/usdt-amount';
import { DepositOwner } from './deposits-table';
import { DetailCard } from './detail-card';
import { CurrencyAmount } from './paypal-payments-table';
import { CREDITED_STATES, isAboveZero, PAYMENT_STATUS_LABELS, PayPalStateTag } from './paypal-tags';
import { Moment } from './user-tags';

/** An id of PayPal's or ours, in full, to copy; `none` when there is none yet. */
function CopyableId({ value, what, none }: { value: string | null; what: string; none: string }) {
  if (!value) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [`Copy ${what}`, 'Copied'] }}
      style={{ overflowWrap: 'anywhere' }}
    >
      {value}
    </Typography.Text>
  );
}

/**
 * What the payment is: who paid, what at PayPal and what it came to in USDT, what reached the
 * wallet and what went back, where it stands, PayPal's ids and its dates.
 */
export function PayPalFactsCard({ payment }: { payment: AdminPayPalDetail }) {
  const credited = CREDITED_STATES.includes(payment.state);
  return (
    <DetailCard title="Details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'payer', label: 'Payer', children: <DepositOwner owner={payment.user} /> },
          {
            key: 'paid',
            label: 'Paid at PayPal',
            children: <CurrencyAmount value={payment.value} currency={payment.currency} />,
          },
          { key: 'usdt', label: 'In USDT', children: <UsdtAmount amount={payment.usdtAmount} /> },
          { key: 'fee', label: 'Fee', children: <UsdtAmount amount={payment.fee} /> },
          {
            key: 'credit',
            label: 'Credit',
            children: (
              <Flex wrap gap={6} align="baseline">
                <UsdtAmount amount={payment.credit} />
                {!credited && <Typography.Text type="secondary">(not credited)</Typography.Text>}
              </Flex>
            ),
          },
          {
            key: 'refunded',
            label: 'Refunded',
            children: isAboveZero(payment.refundedValue) ? (
              <Flex wrap gap={6} align="baseline">
                <CurrencyAmount value={payment.refundedValue} currency={payment.currency} />
                <Typography.Text type="secondary">
                  (<UsdtAmount amount={payment.refunded.replace(/^-/, '')} />)
                </Typography.Text>
              </Flex>
            ) : (
              <Typography.Text type="secondary">Nothing</Typography.Text>
            ),
          },
          {
            key: 'refundable',
            label: 'Left to refund',
            children: (
              <CurrencyAmount value={payment.refundableValue} currency={payment.currency} />
            ),
          },
          { key: 'state', label: 'State', children: <PayPalStateTag state={payment.state} /> },
          {
            key: 'status',
            label: 'Payment status',
            children: PAYMENT_STATUS_LABELS[payment.paymentStatus] ?? payment.paymentStatus,
          },
          ...(payment.reason
            ? [
                {
                  key: 'reason',
                  label: 'Reason',
                  children: <span style={{ overflowWrap: 'anywhere' }}>{payment.reason}</span>,
                },
              ]
            : []),
          {
            key: 'order',
            label: 'Order id',
            children: <CopyableId value={payment.orderId} what="order id" none="No order yet" />,
          },
          {
            key: 'capture',
            label: 'Capture id',
            children: (
              <CopyableId value={payment.captureId} what="capture id" none="Not captured" />
            ),
          },
          {
            key: 'transaction',
            label: 'Transaction id',
            children: <CopyableId value={payment.transactionId} what="transaction id" none="—" />,
          },
          { key: 'created', label: 'Created', children: <Moment at={payment.createdAt} /> },
          { key: 'updated', label: 'Updated', children: <Moment at={payment.updatedAt} /> },
        ]}
      />
    </DetailCard>
  );
}

/**
 * The renter's wallet as it is now: what it holds (at most what a refund may take from it) and
 * what the account owes the platform after money was taken back.
 */
export function PayPalWalletCard({ payment }: { payment: AdminPayPalDetail }) {
  const name = payment.user.name;
  return (
    <DetailCard title="Renter's wallet">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            {
              key: 'available',
              label: 'Available',
              children: <UsdtAmount amount={payment.walletAvailable} />,
            },
            {
              key: 'owed',
              label: 'Owes the platform',
              children: <UsdtAmount amount={payment.owed} />,
            },
          ]}
        />
        {isAboveZero(payment.owed) && (
          <Alert
            type="warning"
            showIcon
            title={`${name} owes the platform money PayPal took back`}
            description="New rentals and payouts are refused until it is settled; running rentals go on."
          />
        )}
      </Flex>
    </DetailCard>
  );
}
