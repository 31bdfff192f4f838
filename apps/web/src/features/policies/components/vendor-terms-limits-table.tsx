import { Table, type TableColumnsType } from 'antd';
import { TABLE_PAGINATION } from '../../../components/table-pagination';
import { VENDOR_TERMS_FIGURES as FIGURES } from './vendor-terms-figures';

interface VendorLimit {
  step: string;
  limit: string;
}

const LIMITS: VendorLimit[] = [
  { step: 'Price of a listing', limit: 'Per hour, in USDT' },
  { step: 'Earnings of a running rental', limit: 'In escrow until the rental ends' },
  {
    step: 'Earnings of an ended rental',
    limit: `Pending for ${FIGURES.clearingDays} days after it ends, then available`,
  },
  { step: 'Earnings of a disputed rental', limit: 'Held until support decides the dispute' },
  { step: 'Answer a dispute', limit: `Within ${FIGURES.disputeAnswerHours} hours of being told` },
  { step: 'Smallest payout', limit: `${FIGURES.minimumPayoutUsdt} USDT` },
  { step: 'Payout requests', limit: 'One a day, one open at a time' },
  {
    step: 'After a payout address changes',
    limit: `No payouts for ${FIGURES.addressChangeLockHours} hours`,
  },
  { step: 'Payout marked paid', limit: 'When the chain shows the transfer, confirmed' },
];

const COLUMNS: TableColumnsType<VendorLimit> = [
  { title: 'What', dataIndex: 'step', key: 'step' },
  { title: 'Rule', dataIndex: 'limit', key: 'limit' },
];

export function VendorTermsLimitsTable() {
  return (
    <Table<VendorLimit>
      rowKey="step"
      size="middle"
      columns={COLUMNS}
      dataSource={LIMITS}
      pagination={{ ...TABLE_PAGINATION, hideOnSinglePage: true }}
      bordered
    />
  );
}
