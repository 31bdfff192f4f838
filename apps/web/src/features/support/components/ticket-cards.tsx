import { Card, Flex, Pagination, Typography, type PaginationProps } from 'antd';
import type { TicketSummary } from '@crimsonhost/shared/support';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { LastActivity, TicketSubjectLink } from './ticket-list-parts';

/** My tickets below 768 px: one card each, the same facts as the table. */
export function TicketCards({
  tickets,
  pagination,
}: {
  tickets: TicketSummary[];
  pagination: PaginationProps;
}) {
  return (
    <Flex vertical gap={12}>
      <ul aria-label="My tickets" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {tickets.map((ticket) => (
          <li key={ticket.id} style={{ marginBottom: 12 }}>
            <Card size="small">
              <Flex vertical gap={6}>
                <Typography.Text type="secondary">#{ticket.number}</Typography.Text>
                <TicketSubjectLink ticket={ticket} />
                <Flex wrap gap={4}>
                  <TicketStatusTag status={ticket.status} />
                  <TicketPriorityTag priority={ticket.priority} />
                  <TicketCategoryTag category={ticket.category} />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  Last activity <LastActivity at={ticket.lastActivityAt} />
                </Typography.Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
