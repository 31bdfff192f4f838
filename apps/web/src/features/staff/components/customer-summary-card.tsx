import { Card, Descriptions, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsdt } from '@crimsonhost/shared/money';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@crimsonhost/shared/support';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { paths } from '../../../app/paths';

const sentence = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');
const day = (at: string) => dayjs(at).format('D MMM YYYY');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 12 }}>
      <Typography.Title level={3} style={{ fontSize: 14, margin: '0 0 4px' }}>
        {title}
      </Typography.Title>
      <ul style={{ paddingInlineStart: 18, margin: 0 }}>{children}</ul>
    </section>
  );
}

/**
 * Who wrote, and their account at a glance: balance, rentals, recent transactions and their other
 * open tickets. A guest (no account) has only a name and an e-mail.
 */
export function CustomerSummaryCard({ ticket }: { ticket: DeskTicketDetail }) {
  const { customer, requester } = ticket;
  const otherTickets = customer.openTickets.filter((other) => other.id !== ticket.id);
  return (
    <Card size="small" title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Customer</h2>}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Name">{customer.name || requester.name}</Descriptions.Item>
        <Descriptions.Item label="E-mail">
          <Typography.Text copyable style={{ overflowWrap: 'anywhere' }}>
            {customer.email || requester.email}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Account">
          {customer.id === null
            ? 'Guest (no account)'
            : customer.memberSince
              ? `Member since ${day(customer.memberSince)}`
              : 'Member'}
        </Descriptions.Item>
        {customer.balance !== null && (
          <Descriptions.Item label="Balance">{formatUsdt(customer.balance)} USDT</Descriptions.Item>
        )}
        {customer.id !== null && (
          <Descriptions.Item label="Active rentals">{customer.activeRentals}</Descriptions.Item>
        )}
      </Descriptions>
      {customer.rentals.length > 0 && (
        <Section title="Rentals">
          {customer.rentals.map((rental) => (
            <li key={rental.id}>
              {rental.serverName} · {sentence(rental.status)} ·{' '}
              {rental.status === 'ACTIVE' ? 'ends' : 'ended'}{' '}
              <time dateTime={rental.endsAt}>{dayjs(rental.endsAt).format('D MMM, HH:mm')}</time>
            </li>
          ))}
        </Section>
      )}
      {customer.recentTransactions.length > 0 && (
        <Section title="Recent transactions">
          {customer.recentTransactions.map((transaction) => (
            <li key={transaction.id}>
              <Flex wrap gap={4} component="span">
                <span>{sentence(transaction.type)}</span>·
                <span style={{ whiteSpace: 'nowrap' }}>{formatUsdt(transaction.amount)} USDT</span>·
                <span>{sentence(transaction.status)}</span>·
                <time dateTime={transaction.createdAt}>{day(transaction.createdAt)}</time>
              </Flex>
            </li>
          ))}
        </Section>
      )}
      {otherTickets.length > 0 && (
        <Section title="Other open tickets">
          {otherTickets.map((other) => (
            <li key={other.id}>
              <Link to={paths.staffTicket.href(other.id)}>
                #{other.number} {other.subject}
              </Link>{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {TICKET_STATUS_LABELS[other.status as TicketStatus] ?? sentence(other.status)}
              </Typography.Text>
            </li>
          ))}
        </Section>
      )}
    </Card>
  );
}
