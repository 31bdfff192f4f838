import dayjs from 'dayjs';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';

/**
 * A canned reply with its placeholders (CANNED_PLACEHOLDERS) filled from the ticket. A ticket not
 * about a rental gets words that still read well ("your server"); an unknown placeholder is left
 * as it is, for the agent to see before sending.
 */
export function fillPlaceholders(body: string, ticket: DeskTicketDetail): string {
  const rental = ticket.link?.kind === 'rental' ? ticket.link : null;
  const values: Record<string, string> = {
    '{{customer.name}}': ticket.customer.name.trim() || ticket.requester.name.trim() || 'there',
    '{{ticket.number}}': String(ticket.number),
    '{{rental.server}}': rental?.serverName ?? 'your server',
    '{{rental.endsAt}}': rental
      ? dayjs(rental.endsAt).format('D MMMM YYYY, HH:mm')
      : 'the end of your rental',
  };
  return body.replace(/\{\{\s*([a-zA-Z.]+)\s*\}\}/g, (placeholder, name: string) => {
    return values[`{{${name}}}`] ?? placeholder;
  });
}

/** Puts a canned reply into what the agent has written so far: after it, never over it. */
export function insertReply(draft: string, reply: string): string {
  const before = draft.trimEnd();
  return before ? `${before}\n\n${reply}` : reply;
}
