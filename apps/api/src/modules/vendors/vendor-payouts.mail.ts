import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

export type PayoutNews = 'paid' | 'rejected' | 'addresses_changed' | 'hash_dropped';

/** What a vendor is told of their payouts and of a change of their payout addresses. */
export function payoutMail(
  to: { email: string; name: string },
  news: PayoutNews,
  facts: {
    amount?: string;
    network?: string;
    address?: string;
    txHash?: string;
    reason?: string;
    until?: Date;
  },
  link: string,
): QueuedMail {
  const amount = `${facts.amount} USDT`;
  const subjects: Record<PayoutNews, string> = {
    paid: `Your CrimsonHost payout of ${amount} was paid`,
    rejected: `Your CrimsonHost payout of ${amount} was not sent`,
    addresses_changed: 'Your CrimsonHost payout addresses changed',
    hash_dropped: `Your CrimsonHost payout of ${amount} is waiting again`,
  };
  const bodies: Record<PayoutNews, string[]> = {
    paid: [
      `Your payout of ${amount} on ${facts.network} to ${facts.address} was paid: the chain shows the transfer with the confirmations we wait for.`,
      `Transaction: ${facts.txHash}`,
    ],
    rejected: [
      `Staff did not send your payout of ${amount} on ${facts.network}. The money is back in your available balance, and you can ask for a payout again.`,
      `Reason: ${facts.reason}`,
    ],
    addresses_changed: [
      'The payout addresses of your vendor account were changed just now, with your password.',
      `To protect your money, payouts wait until ${facts.until?.toUTCString()}.`,
      'If you did not make this change, change your password and write to support at once.',
    ],
    hash_dropped: [
      `The transaction staff entered for your payout of ${amount} on ${facts.network} is no longer on the chain. The payout waits to be sent again; the money stays set aside for it.`,
      `Reason: ${facts.reason}`,
    ],
  };
  const paragraphs = [
    `Hello ${to.name},`,
    ...bodies[news],
    `Your payouts: ${link}`,
    'If you have a question, answer this mail or write to support.',
  ];
  return paragraphMail({
    to: to.email,
    subject: subjects[news],
    paragraphs,
    kind: `payout-${news.replace('_', '-')}`,
  });
}
