import { TIER_LABELS, percentOfBp, type LoyaltyTier } from '@crimsonhost/shared/benefits';
import { toUsdtString } from '@crimsonhost/shared/money';
import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';

const day = (date: Date) => date.toISOString().slice(0, 10);
const usdt = (micro: bigint) => `${toUsdtString(micro)} USDT`;

interface Person {
  email: string;
  displayName: string;
}

/** A higher tier reached: what it gives from the next rental on. */
export function tierReachedMail(
  user: Person,
  tier: LoyaltyTier,
  discountBp: number,
  link: string,
): QueuedMail {
  return paragraphMail({
    to: user.email,
    subject: `You reached ${TIER_LABELS[tier]} on CrimsonHost`,
    paragraphs: [
      `Hello ${user.displayName},`,
      `Your rentals of the last 90 days brought you to the ${TIER_LABELS[tier]} tier.`,
      discountBp > 0
        ? `From your next rental or extension on, you pay ${percentOfBp(discountBp)} less. The platform pays the discount: the vendor's share stays the same.`
        : 'Your next tier gives a discount on every rental.',
      `Your tier, your spend and what the next tier needs: ${link}`,
    ],
    kind: 'benefits-tier',
  });
}

/** The spend fell below what keeps the tier: the day it drops unless it comes back. */
export function tierEndingMail(
  user: Person,
  change: { from: LoyaltyTier; to: LoyaltyTier; keep: bigint; spend: bigint; on: Date },
  link: string,
): QueuedMail {
  return paragraphMail({
    to: user.email,
    subject: `Your ${TIER_LABELS[change.from]} tier ends on ${day(change.on)} unless you rent again`,
    paragraphs: [
      `Hello ${user.displayName},`,
      `Your qualifying spend of the last 90 days is ${usdt(change.spend)}, below the ${usdt(change.keep)} that keeps ${TIER_LABELS[change.from]}.`,
      `If it stays below that until ${day(change.on)}, your tier moves to ${TIER_LABELS[change.to]} that day. Rentals that bring it back to ${usdt(change.keep)} keep your tier.`,
      `Your tier and spend: ${link}`,
    ],
    kind: 'benefits-tier',
  });
}

/** The tier dropped one step. */
export function tierLoweredMail(
  user: Person,
  change: { from: LoyaltyTier; to: LoyaltyTier },
  link: string,
): QueuedMail {
  return paragraphMail({
    to: user.email,
    subject: `Your CrimsonHost tier is now ${TIER_LABELS[change.to]}`,
    paragraphs: [
      `Hello ${user.displayName},`,
      `Your qualifying spend stayed below what keeps ${TIER_LABELS[change.from]} for 30 days, so your tier moved to ${TIER_LABELS[change.to]}.`,
      `Rentals count towards your tier again at once: ${link}`,
    ],
    kind: 'benefits-tier',
  });
}
