import {
  GUEST_LINK_TTL_DAYS,
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
  /** A visitor's ticket: the link is their only way in, and settings are not theirs to change. */
  guest?: boolean;
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
    footer(ticket),
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(ticket.name)},</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(ticket.link)}">${escapeHtml(linkText)}</a></p>`,
    `<p>${escapeHtml(footer(ticket))}</p>`,
  ].join('\n');
  return { to: ticket.to, subject: subjectLine(ticket, subject), text, html };
}

const footer = (ticket: TicketMailContext) =>
  ticket.guest
    ? `This link opens your ticket without an account for ${GUEST_LINK_TTL_DAYS} days; each mail about it brings a new one. Do not forward it. Create an account with this address and your tickets join it.`
    : 'You can choose which support mails you get in Support Center → Settings.';

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

/** Fresh links to every guest ticket of an address, asked for when an old link expired. */
export function guestLinksMail(
  to: string,
  tickets: { number: number; subject: string; link: string }[],
) {
  const lines = tickets.map((t) => `#${t.number} ${t.subject}: ${t.link}`);
  const text = [
    'Hello,',
    '',
    'Someone asked for new links to the support tickets written with this address. Here they are:',
    '',
    ...lines,
    '',
    `Each link opens its ticket for ${GUEST_LINK_TTL_DAYS} days. If you did not ask for them, you can ignore this mail.`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    '<p>Someone asked for new links to the support tickets written with this address. Here they are:</p>',
    `<ul>${tickets
      .map(
        (t) => `<li><a href="${escapeHtml(t.link)}">#${t.number} ${escapeHtml(t.subject)}</a></li>`,
      )
      .join('')}</ul>`,
    `<p>Each link opens its ticket for ${GUEST_LINK_TTL_DAYS} days. If you did not ask for them, you can ignore this mail.</p>`,
  ].join('\n');
  return { to, subject: 'Your CrimsonHost support tickets', text, html };
}

/** The weekly digest: where each of my open tickets stands. */
export function weeklyDigestMail(
  to: string,
  name: string,
  tickets: { number: number; subject: string; status: TicketStatus; link: string }[],
  settingsLink: string,
) {
  const lines = tickets.map(
    (t) => `#${t.number} ${t.subject}: ${TICKET_STATUS_LABELS[t.status]} (${t.link})`,
  );
  const text = [
    `Hello ${name},`,
    '',
    `You have ${tickets.length} open support ticket${tickets.length === 1 ? '' : 's'}:`,
    '',
    ...lines,
    '',
    `You asked for this weekly digest; turn it off in Support Center → Settings: ${settingsLink}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>You have ${tickets.length} open support ticket${tickets.length === 1 ? '' : 's'}:</p>`,
    `<ul>${tickets
      .map(
        (t) =>
          `<li><a href="${escapeHtml(t.link)}">#${t.number} ${escapeHtml(t.subject)}</a>: ${TICKET_STATUS_LABELS[t.status]}</li>`,
      )
      .join('')}</ul>`,
    `<p>You asked for this weekly digest; <a href="${escapeHtml(settingsLink)}">turn it off in Support Center → Settings</a>.</p>`,
  ].join('\n');
  return { to, subject: 'Your open CrimsonHost support tickets this week', text, html };
}
