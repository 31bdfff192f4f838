import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

export type DisputeNews = 'opened' | 'declined';

/** What the vendor is told of a dispute of one of their rentals, and of its end. */
export function disputeMail(
  to: { email: string; name: string },
  news: DisputeNews,
  facts: { server: string; reason: string; answerBy?: Date; decision?: string },
  link: string,
): QueuedMail {
  const subjects: Record<DisputeNews, string> = {
    opened: `A renter disputed a rental of ${facts.server}`,
    declined: `The dispute of a rental of ${facts.server} is closed`,
  };
  const bodies: Record<DisputeNews, string[]> = {
    opened: [
      `A renter opened a dispute of their rental of ${facts.server}: ${facts.reason}.`,
      `Please answer in the dispute by ${facts.answerBy?.toUTCString()} with your side of the story. Without an answer, support decides on the evidence it has.`,
      'While the dispute is open, the payment for this rental is not released to you or paid out.',
    ],
    declined: [
      `Support declined the dispute of the rental of ${facts.server}. The payment for it goes on to you as usual.`,
      `Reason: ${facts.decision}`,
    ],
  };
  const paragraphs = [
    `Hello ${to.name},`,
    ...bodies[news],
    `The dispute: ${link}`,
    'If you have a question, answer this mail or write to support.',
  ];
  return paragraphMail({
    to: to.email,
    subject: subjects[news],
    paragraphs,
    kind: `dispute-${news}`,
  });
}
