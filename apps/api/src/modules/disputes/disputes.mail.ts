import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

export type DisputeNews = 'opened' | 'decided';

export interface DisputeFacts {
  server: string;
  reason: string;
  answerBy?: Date;
  /** Support's reason for its decision. */
  decision?: string;
  /** What was refunded to the renter from the rental's payment, in words; none on a decline. */
  refunded?: string;
  /** Support declined the dispute: nothing back, no compensation. */
  declined?: boolean;
}

/** What the vendor is told of a dispute of one of their rentals, and of its end. */
export function disputeMail(
  to: { email: string; name: string },
  news: DisputeNews,
  facts: DisputeFacts,
  link: string,
): QueuedMail {
  const subjects: Record<DisputeNews, string> = {
    opened: `A renter disputed a rental of ${facts.server}`,
    decided: `The dispute of a rental of ${facts.server} is closed`,
  };
  const bodies: Record<DisputeNews, string[]> = {
    opened: [
      `A renter opened a dispute of their rental of ${facts.server}: ${facts.reason}.`,
      `Please answer in the dispute by ${facts.answerBy?.toUTCString()} with your side of the story. Without an answer, support decides on the evidence it has.`,
      'While the dispute is open, the payment for this rental is not released to you or paid out.',
    ],
    decided: facts.refunded
      ? [
          `Support decided the dispute of the rental of ${facts.server} for the renter: ${facts.refunded} of the rental's payment went back to them. The rest of the payment goes on to you as usual.`,
          `Reason: ${facts.decision}`,
          'Any compensation the renter was given is paid by the platform, not by you.',
        ]
      : [
          facts.declined
            ? `Support declined the dispute of the rental of ${facts.server}. The payment for it goes on to you as usual.`
            : `Support decided the dispute of the rental of ${facts.server} without a refund from your payment: the platform compensated the renter. The payment for it goes on to you as usual.`,
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
