import { Typography, type TableColumnType } from 'antd';
import type { AdminPayPalDetail, AdminPayPalDispute } from '@crimsonhost/shared/admin-paypal';
import { UsdtAmount } from '../../../components/usdt-amount';
import { DetailCard, DetailTable } from './detail-card';
import { CurrencyAmount } from './paypal-payments-table';
import { DisputeStatusTag, MovementStatusTag } from './paypal-tags';
import { Moment } from './user-tags';

type Movement = AdminPayPalDetail['refunds'][number];

const MOVEMENT_COLUMNS: TableColumnType<Movement>[] = [
  { title: 'When', dataIndex: 'createdAt', render: (at: string) => <Moment at={at} /> },
  {
    title: 'What',
    dataIndex: 'description',
    render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span>,
  },
  {
    title: 'Taken back',
    dataIndex: 'amount',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount.replace(/^-/, '')} />,
  },
  {
    title: 'From the wallet',
    dataIndex: 'fromWallet',
    align: 'end',
    render: (amount: string) => <UsdtAmount amount={amount.replace(/^-/, '')} />,
  },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: string) => <MovementStatusTag status={status} />,
  },
  {
    title: 'Reference',
    dataIndex: 'reference',
    render: (reference: string) => (
      <Typography.Text code style={{ fontSize: 12, wordBreak: 'break-all' }}>
        {reference}
      </Typography.Text>
    ),
  },
];

/**
 * What took the payment back, oldest first: refunds (staff's or made at PayPal), reversals and
 * what a dispute holds; the USDT PayPal took back and what of it left the wallet (the rest owed).
 */
export function PayPalRefundsCard({ payment }: { payment: AdminPayPalDetail }) {
  return (
    <DetailCard title="Refunds and reversals">
      <DetailTable
        caption="Refunds, reversals and dispute holds of this payment, oldest first"
        rows={payment.refunds}
        rowKey={(movement) => movement.reference}
        columns={MOVEMENT_COLUMNS}
        empty="Nothing of this payment was taken back"
      />
    </DetailCard>
  );
}

const DISPUTE_COLUMNS: TableColumnType<AdminPayPalDispute>[] = [
  { title: 'Opened', dataIndex: 'createdAt', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Dispute id',
    dataIndex: 'disputeId',
    render: (id: string) => (
      <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
        {id}
      </Typography.Text>
    ),
  },
  {
    title: 'Disputed',
    key: 'value',
    align: 'end',
    render: (_, dispute) => <CurrencyAmount value={dispute.value} currency={dispute.currency} />,
  },
  {
    title: 'Held',
    dataIndex: 'held',
    align: 'end',
    render: (held: string) => <UsdtAmount amount={held} />,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, dispute) => <DisputeStatusTag dispute={dispute} />,
  },
  {
    title: 'Resolved',
    dataIndex: 'resolvedAt',
    render: (at: string | null) => <Moment at={at} empty="Not yet" />,
  },
];

/** The buyer's disputes at PayPal on this payment, and what each holds of the wallet. */
export function PayPalDisputesCard({ payment }: { payment: AdminPayPalDetail }) {
  return (
    <DetailCard title="Disputes">
      <DetailTable
        caption="Disputes at PayPal on this payment, oldest first"
        rows={payment.disputes}
        rowKey={(dispute) => dispute.disputeId}
        columns={DISPUTE_COLUMNS}
        empty="No dispute at PayPal"
      />
    </DetailCard>
  );
}
