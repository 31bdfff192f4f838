import type { ThreadSide } from '@crimsonhost/shared/rental-messages';
import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

/** The start of a message a mail quotes: the rest is read on CrimsonHost. */
const QUOTE_MAX = 600;

function quote(body: string) {
  const chars = [...body];
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX).join('')}…` : body;
}

/**
 * The other side is told of a new message in a rental's thread: once until they read it, never
 * one mail per message. The message passed the contact detector before it got here.
 */
export function rentalMessageMail(
  to: { email: string; name: string; side: ThreadSide },
  facts: { server: string; author: string; body: string },
  link: string,
): QueuedMail {
  const who = to.side === 'renter' ? 'The vendor' : 'Your renter';
  return paragraphMail({
    to: to.email,
    subject:
      to.side === 'renter'
        ? `New message about your rental of ${facts.server}`
        : `A renter wrote about ${facts.server}`,
    paragraphs: [
      `Hello ${to.name},`,
      `${who} ${facts.author} wrote about the rental of ${facts.server}:`,
      quote(facts.body),
      'Until you open the conversation, we do not mail you about the messages that follow.',
      `Read and answer on CrimsonHost: ${link}`,
      'Keep the conversation on CrimsonHost: messages that share phone numbers, e-mail addresses or chat accounts are held, and buyer protection covers only what was agreed here.',
    ],
    kind: 'rental-message',
  });
}
