import { Typography, theme, type PaginationProps, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminPayPalPayment } from '@crimsonhost/shared/admin-paypal';
import { UsdtAmount } from '../../../components/usdt-amount';
import { paypalPaths } from '../paypal-paths';
import { DepositOwner } from './deposits-table';
import { LinkedRowsTable } from './linked-rows-table';
import {
  CREDITED_STATES,
  currencyText,
  isAboveZero,
  PayPalStateTag,
  paypalStateLabel,
} from './paypal-tags';
import { Moment } from './user-tags';

type Row = AdminPayPalPayment & { id: string };

/** PayPal's order id in the code font, or the payment's own id while PayPal gave none. */
export function PayPalOrderId({ payment }: { payment: AdminPayPalPayment }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{ fontFamily: token.fontFamilyCode, fontSize: '0.92em', overflowWrap: 'anywhere' }}
    >
      {payment.orderId ?? payment.transactionId}
    </span>
  );
}

/** An amount at PayPal, in tabular figures, never broken. */
export function CurrencyAmount({ value, currency }: { value: string; currency: string }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {currencyText(value, currency)}
    </span>
  );
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const COLUMNS: TableColumnsType<Row> = [
  {
    title: 'Created',
    dataIndex: 'createdAt',
    render: (at: string) => <Moment at={at} />,
  },
  {
    title: 'Payer',
    key: 'payer',
    render: (_, payment) => <DepositOwner owner={payment.user} />,
  },
  {
    title: 'Paid',
    key: 'paid',
    align: 'end',
    render: (_, payment) => <CurrencyAmount value={payment.value} currency={payment.currency} />,
  },
  {
    title: 'Credited',
    key: 'credit',
    align: 'end',
    // What reached the wallet; a payment PayPal has not completed credited nothing yet.
    render: (_, payment) =>
      CREDITED_STATES.includes(payment.state) ? (
        <UsdtAmount amount={payment.credit} />
      ) : (
        <Typography.Text type="secondary">Not credited</Typography.Text>
      ),
  },
  {
    title: 'State',
    key: 'state',
    render: (_, payment) => <PayPalStateTag state={payment.state} />,
  },
  {
    title: 'Refunded',
    key: 'refunded',
    align: 'end',
    render: (_, payment) =>
      isAboveZero(payment.refundedValue) ? (
        <CurrencyAmount value={payment.refundedValue} currency={payment.currency} />
      ) : (
        dash
      ),
  },
  {
    title: 'Order id',
    key: 'order',
    // The row's way in for keyboards and readers: the order id opens the payment.
    render: (_, payment) => (
      <Link
        to={paypalPaths.staffPayPalPayment.href(payment.transactionId)}
        style={{ display: 'inline-block' }}
      >
        <span className="visually-hidden">
          {`PayPal payment of ${currencyText(payment.value, payment.currency)}, ${paypalStateLabel(payment.state)}, order`}
        </span>{' '}
        <PayPalOrderId payment={payment} />
      </Link>
    ),
  },
];

/**
 * One page of PayPal payments; a click anywhere on a row opens the payment. Wider than a phone,
 * it scrolls sideways inside itself.
 */
export function PayPalPaymentsTable({
  payments,
  loading,
  pagination,
  caption,
}: {
  payments: AdminPayPalPayment[];
  loading: boolean;
  pagination: PaginationProps;
  /** What the table lists, for screen readers: the filters shown. */
  caption: string;
}) {
  const rows = payments.map((payment) => ({ ...payment, id: payment.transactionId }));
  return (
    <LinkedRowsTable<Row>
      rows={rows}
      columns={COLUMNS}
      caption={caption}
      loading={loading}
      pagination={pagination}
      scrollX={1100}
      hrefOf={(payment) => paypalPaths.staffPayPalPayment.href(payment.transactionId)}
    />
  );
}
