import type { ReactNode } from 'react';
import { Alert, Typography, type DescriptionsProps } from 'antd';
import { formatAmount } from '../../lib/rentals/rental-money';
import type { PriceChange, RentQuote } from './rent-quote';

type Rows = NonNullable<DescriptionsProps['items']>;

/**
 * A discount as the reduction it is: '−0.0084 USDT' on screen, 'less 0.0084 USDT' to a screen
 * reader (which may read a minus sign as a dash, or not at all).
 */
export function DiscountAmount({ amount }: { amount: bigint }) {
  const text = `${formatAmount(amount)} USDT`;
  return (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      <span aria-hidden>{`−${text}`}</span>
      <span className="visually-hidden">{`less ${text}`}</span>
    </Typography.Text>
  );
}

/**
 * The money rows of a payment's confirmation. Without a discount one row, the total (with `note`,
 * e.g. '0.07 USDT × 6 hours', under it); with one, the list price, the tier discount as a
 * reduction and the total.
 */
export function priceRows(
  quote: RentQuote,
  { totalLabel, note }: { totalLabel: string; note?: ReactNode },
): Rows {
  const total = <Typography.Text strong>{formatAmount(quote.total)} USDT</Typography.Text>;
  const withNote = (amount: ReactNode) =>
    note ? (
      <>
        {amount}
        <br />
        <Typography.Text type="secondary">{note}</Typography.Text>
      </>
    ) : (
      amount
    );
  if (quote.discountLabel === null) {
    return [{ key: 'total', label: totalLabel, children: withNote(total) }];
  }
  return [
    {
      key: 'list',
      label: 'List price',
      children: withNote(<Typography.Text>{formatAmount(quote.list)} USDT</Typography.Text>),
    },
    {
      key: 'discount',
      label: quote.discountLabel,
      children: <DiscountAmount amount={quote.discount} />,
    },
    { key: 'total', label: totalLabel, children: total },
  ];
}

/** The price rose since the renter saw it: the API's sentence and the total to confirm now. */
export function PriceChangeAlert({ change, action }: { change: PriceChange; action: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={change.message}
      description={`New total: ${formatAmount(change.quote.total)} USDT. Confirm again to ${action} at this price, or go back.`}
    />
  );
}
