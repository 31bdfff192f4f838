import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import type { TicketDetail } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { LastActivity } from './ticket-list-parts';

/** '#42 Rust server lags' with its status, priority and category, and the ticket it follows. */
export function TicketHeader({ ticket }: { ticket: TicketDetail }) {
  return (
    <Flex vertical gap={6}>
      <Typography.Title level={2} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
        <Typography.Text type="secondary">#{ticket.number}</Typography.Text> {ticket.subject}
      </Typography.Title>
      <Flex wrap gap={4} align="center">
        <TicketStatusTag status={ticket.status} />
        <TicketPriorityTag priority={ticket.priority} />
        <TicketCategoryTag category={ticket.category} />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Last activity <LastActivity at={ticket.lastActivityAt} />
        </Typography.Text>
      </Flex>
      {ticket.followsTicket && (
        <Typography.Text type="secondary">
          Follows ticket{' '}
          <Link to={paths.supportTicket.href(ticket.followsTicket.id)}>
            #{ticket.followsTicket.number}
          </Link>
          , closed earlier.
        </Typography.Text>
      )}
    </Flex>
  );
}
