import { PENALTY_LABELS, type Penalty } from '@crimsonhost/shared/admin';
import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

const dateTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the account's owner is told of a penalty given, or of one lifted. */
export function penaltyMail(
  user: { email: string; displayName: string },
  penalty: Penalty | 'lifted',
  reason: string,
  endsAt: Date | null,
  /** The link to appeal the penalty once, and until when (issue 17 point 10). */
  appeal?: { url: string; until: Date },
): QueuedMail {
  const lines =
    penalty === 'lifted'
      ? {
          subject: 'Your CrimsonHost account is open again',
          body: ['Staff lifted the suspension of your account. You can sign in again.'],
        }
      : penalty === 'warning'
        ? {
            subject: 'A warning about your CrimsonHost account',
            body: [
              'Staff gave your account a warning. Nothing is blocked, but a further breach of the rules may suspend it.',
            ],
          }
        : {
            subject:
              penalty === 'permanent_ban'
                ? 'Your CrimsonHost account is banned'
                : 'Your CrimsonHost account is suspended',
            body: [
              penalty === 'permanent_ban'
                ? 'Staff banned your account for good: it can no longer sign in.'
                : `Staff suspended your account until ${dateTime(endsAt!)} (${PENALTY_LABELS[penalty].toLowerCase()}). You cannot sign in until then.`,
              'Rentals already running keep running to their end, and money in your wallet stays yours.',
            ],
          };
  const paragraphs = [
    `Hello ${user.displayName},`,
    ...lines.body,
    `Reason: ${reason}`,
    appeal
      ? `If you believe this is a mistake, you can appeal once, until ${dateTime(appeal.until)}, at ${appeal.url} (no sign-in needed). Support reads your appeal and answers by mail.`
      : 'If you believe this is a mistake, answer this mail or write to support.',
  ];
  return paragraphMail({
    to: user.email,
    subject: lines.subject,
    paragraphs,
    kind: 'account-penalty',
  });
}
