import { DISPUTE_WINDOW_DAYS, VENDOR_ANSWER_HOURS } from '@crimsonhost/shared/disputes';
import { Table, type TableColumnsType } from 'antd';
import { TABLE_PAGINATION } from '../../../components/table-pagination';

interface TimeLimit {
  step: string;
  limit: string;
}

const TIME_LIMITS: TimeLimit[] = [
  {
    step: 'Open a dispute about a problem',
    limit: 'As soon as you notice it',
  },
  {
    step: 'Last day to open any dispute about a rental',
    limit: `${DISPUTE_WINDOW_DAYS} days after the rental ends`,
  },
  {
    step: 'Support reviews your dispute',
    limit: 'Within 2 business days of it being opened',
  },
  {
    step: 'Vendor answers the dispute',
    limit: `Within ${VENDOR_ANSWER_HOURS} hours of being notified`,
  },
  {
    step: 'Payment released to the vendor',
    limit: 'When the rental ends; held until decided while a dispute is open',
  },
  {
    step: 'Refund or compensation credited to your wallet',
    limit: 'As soon as the dispute is decided in your favour',
  },
];

const COLUMNS: TableColumnsType<TimeLimit> = [
  { title: 'What', dataIndex: 'step', key: 'step' },
  { title: 'Time limit', dataIndex: 'limit', key: 'limit' },
];

export function PolicyTimeLimitsTable() {
  return (
    <Table<TimeLimit>
      rowKey="step"
      size="middle"
      columns={COLUMNS}
      dataSource={TIME_LIMITS}
      pagination={{ ...TABLE_PAGINATION, hideOnSinglePage: true }}
      bordered
    />
  );
}
