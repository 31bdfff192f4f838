import { Badge, Flex } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link } from 'react-router';
import type { TicketSummary } from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';

dayjs.extend(relativeTime);

/** '3 hours ago', with the full date and time on hover and for machines. */
export function LastActivity({ at }: { at: string }) {
  const time = dayjs(at);
  return (
    <time dateTime={at} title={time.format('D MMMM YYYY, HH:mm')}>
      {time.fromNow()}
    </time>
  );
}

/**
 * The subject, linking to the ticket. Something from support not read yet: a dot, the subject in
 * bold, and 'New reply' for screen readers (the dot alone says nothing to them).
 */
export function TicketSubjectLink({ ticket }: { ticket: TicketSummary }) {
  return (
    <Flex gap={8} align="center">
      {ticket.unread && <Badge color="red" aria-hidden />}
      <Link
        to={paths.supportTicket.href(ticket.id)}
        style={{ fontWeight: ticket.unread ? 600 : undefined, overflowWrap: 'anywhere' }}
      >
        {ticket.subject}
        {ticket.unread && (
          <>
            {' '}
            <span className="visually-hidden">(New reply)</span>
          </>
        )}
      </Link>
    </Flex>
  );
}
