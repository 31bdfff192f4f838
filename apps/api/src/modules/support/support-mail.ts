import {
  TICKET_AUTO_CLOSE_DAYS,
  TICKET_CLOSE_REMINDER_DAYS_BEFORE,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@crimsonhost/shared/support';
import { escapeHtml } from '../../lib/escape-html';

/** What a support mail is about: the recipient, the ticket and its link. */
export interface TicketMailContext {
  to: string;
  name: string;
  number: number;
  subject: string;
  /** The ticket's page: /support/tickets/{id} (a guest's carries its token). */
  link: string;
}

/** Mail subjects carry the ticket's number so a mail client threads them. */
const subjectLine = (ticket: TicketMailContext, what: string) =>
  `[CrimsonHost #${ticket.number}] ${what}: ${ticket.subject}`;

function mail(ticket: TicketMailContext, subject: string, paragraphs: string[], linkText: string) {
  const text = [
    `Hello ${ticket.name},`,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${linkText}: ${ticket.link}`,
    '',
    'You can choose which support mails you get in Support Center → Settings.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(ticket.name)},</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(ticket.link)}">${escapeHtml(linkText)}</a></p>`,
    '<p>You can choose which support mails you get in Support Center → Settings.</p>',
  ].join('\n');
  return { to: ticket.to, subject: subjectLine(ticket, subject), text, html };
}

/** The reply as plain text in the mail: Markdown is readable as it is; long replies are cut. */
const excerpt = (body: string) => (body.length > 2000 ? `${body.slice(0, 2000)}…` : body);

export const ticketReceivedMail = (ticket: TicketMailContext) =>
  mail(
    ticket,
    'We received your request',
    [
      `Thank you for writing to us. Your ticket #${ticket.number} is open and a member of our support team will answer it.`,
      'Reply on the ticket page to add anything; replies to this mail are not read.',
    ],
    'Open your ticket',
  );

export const staffReplyMail = (ticket: TicketMailContext, author: string, body: string) =>
  mail(ticket, 'New reply', [`${author} replied:`, excerpt(body)], 'Read and reply');

export const statusChangeMail = (ticket: TicketMailContext, to: TicketStatus) =>
  mail(
    ticket,
    `Now ${TICKET_STATUS_LABELS[to].toLowerCase()}`,
    [`Your ticket #${ticket.number} is now: ${TICKET_STATUS_LABELS[to]}.`],
    'Open your ticket',
  );

export const resolvedMail = (ticket: TicketMailContext, survey: boolean) =>
  mail(
    ticket,
    'Resolved',
    [
      `We marked your ticket #${ticket.number} as resolved.`,
      `If something is still wrong, reply on the ticket page and it reopens. Otherwise it closes itself in ${TICKET_AUTO_CLOSE_DAYS} days.`,
      ...(survey ? ['How did we do? You can rate the answer you got on the ticket page.'] : []),
    ],
    'Open your ticket',
  );

export const closeReminderMail = (ticket: TicketMailContext) =>
  mail(
    ticket,
    'Closing soon',
    [
      `Your resolved ticket #${ticket.number} closes itself in ${TICKET_CLOSE_REMINDER_DAYS_BEFORE} days.`,
      'If your problem is not solved, reply on the ticket page before then and we will look at it again.',
    ],
    'Open your ticket',
  );
