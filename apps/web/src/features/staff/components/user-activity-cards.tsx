import { Flex, Typography, type TableColumnType } from 'antd';
import { formatUsdt, parseUsdt } from '@crimsonhost/shared/money';
import type { Rental } from '@crimsonhost/shared/rentals';
import type { TicketSummary } from '@crimsonhost/shared/support';
import type { Transaction } from '@crimsonhost/shared/wallet';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { TicketStatusTag } from '../../../components/ticket-tags';
import { rentalServerLine } from '../../../lib/rentals/rental-labels';
import {
  CURRENCY_LABELS,
  TIMELINE_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '../../../lib/wallet/transaction-labels';
import { DetailCard, DetailTable } from './detail-card';
import { Moment } from './user-tags';

/** 'ACTIVE' -> 'Active'. */
const sentence = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');

const RENTAL_COLUMNS: TableColumnType<Rental>[] = [
  {
    title: 'Server',
    key: 'server',
    render: (_, rental) => (
      <Flex vertical>
        <span>{rental.server.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rentalServerLine(rental.server)}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: 'Status', key: 'status', render: (_, rental) => sentence(rental.status) },
  { title: 'Hours', dataIndex: 'hours', align: 'end' },
  {
    title: 'Paid',
    key: 'paid',
    align: 'end',
    render: (_, rental) => (
      <Flex vertical align="end">
        <span style={{ whiteSpace: 'nowrap' }}>{formatUsdt(rental.paid)} USDT</span>
        {parseUsdt(rental.discount) > 0n && (
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {formatUsdt(rental.discount)} tier discount
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  { title: 'Started', dataIndex: 'startsAt', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Ends',
    key: 'ends',
    render: (_, rental) => <Moment at={rental.endedAt ?? rental.endsAt} />,
  },
];

export function RentalsCard({ rentals }: { rentals: Rental[] }) {
  return (
    <DetailCard title="Last rentals">
      <DetailTable
        caption="The last 10 rentals, newest first"
        rows={rentals}
        rowKey={(row) => row.id}
        columns={RENTAL_COLUMNS}
        empty="No rentals yet"
      />
    </DetailCard>
  );
}

const TRANSACTION_COLUMNS: TableColumnType<Transaction>[] = [
  { title: 'Date', dataIndex: 'createdAt', render: (at: string) => <Moment at={at} /> },
  { title: 'Type', key: 'type', render: (_, row) => TRANSACTION_TYPE_LABELS[row.type] },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) => TIMELINE_STATUS_LABELS[row.timelineStatus],
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'end',
    render: (_, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatUsdt(row.amount)} {CURRENCY_LABELS[row.currency]}
      </span>
    ),
  },
  {
    title: 'Description',
    dataIndex: 'description',
    render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span>,
  },
];

export function TransactionsCard({ transactions }: { transactions: Transaction[] }) {
  return (
    <DetailCard title="Last transactions">
      <DetailTable
        caption="The last 10 transactions, newest first"
        rows={transactions}
        rowKey={(row) => row.id}
        columns={TRANSACTION_COLUMNS}
        empty="No transactions yet"
      />
    </DetailCard>
  );
}

const TICKET_COLUMNS: TableColumnType<TicketSummary>[] = [
  {
    title: 'Ticket',
    key: 'subject',
    render: (_, ticket) => (
      <Link to={paths.staffTicket.href(ticket.id)} style={{ overflowWrap: 'anywhere' }}>
        #{ticket.number} {ticket.subject}
      </Link>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, ticket) => <TicketStatusTag status={ticket.status} />,
  },
  {
    title: 'Last activity',
    dataIndex: 'lastActivityAt',
    render: (at: string) => <Moment at={at} />,
  },
];

export function TicketsCard({ tickets }: { tickets: TicketSummary[] }) {
  return (
    <DetailCard title="Last tickets">
      <DetailTable
        caption="The last 10 tickets, newest first"
        rows={tickets}
        rowKey={(row) => row.id}
        columns={TICKET_COLUMNS}
        empty="No tickets yet"
      />
    </DetailCard>
  );
}
