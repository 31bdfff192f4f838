import {
  TIER_LABELS,
  tierDiscount,
  percentOfBp,
  type BenefitsProgram,
  type TierRuleView,
} from '@crimsonhost/shared/benefits';
import { parseUsdt } from '@crimsonhost/shared/money';
import { formatUsdtExact } from '../../lib/wallet/usdt-format';

/** '12.50 USDT': an amount as /benefits shows it, never shorter than cents, never rounded. */
export const usdt = (amount: string | bigint) => `${formatUsdtExact(amount)} USDT`;

/** How far `spend` is towards `threshold`, in whole percent from 0 to 100 (rounded down). */
export function progressPercent(spend: string, threshold: string): number {
  const target = parseUsdt(threshold);
  if (target <= 0n) return 100;
  const percent = (parseUsdt(spend) * 100n) / target;
  return Number(percent > 100n ? 100n : percent);
}

/** The spend (micro-USDT) that keeps a tier at the daily recomputation: `keepPercent` % of it. */
export const keepAmount = (threshold: string, keepPercent: number): bigint =>
  (parseUsdt(threshold) * BigInt(keepPercent)) / 100n;

/** '2 % off every rental', or that a tier has no discount. */
export const discountText = (discountBp: number) =>
  discountBp > 0 ? `${percentOfBp(discountBp)} off every rental` : 'No rental discount';

/** Rounds a micro-USDT amount down to whole cents, so an example reads like a price. */
const toCents = (micro: bigint) => (micro / 10_000n) * 10_000n;

/** The worked examples' rental: 0.50 USDT an hour for 40 hours. Only an illustration. */
export const EXAMPLE_HOURLY_PRICE = 500_000n;
export const EXAMPLE_HOURS = 40n;

export interface WorkedExample {
  id: string;
  title: string;
  steps: string[];
}

const label = (rule: TierRuleView) => TIER_LABELS[rule.tier];

/** Deposits do not count; two rentals that add up to the first paid tier's threshold reach it. */
function reachingExample(program: BenefitsProgram): WorkedExample | null {
  const [start, first] = program.tiers;
  if (!start || !first) return null;
  const threshold = parseUsdt(first.threshold);
  const firstRental = toCents((threshold * 3n) / 5n);
  if (firstRental <= 0n || firstRental >= threshold) return null;
  const secondRental = threshold - firstRental;
  const gain =
    first.discountBp > 0
      ? `your next rental is ${percentOfBp(first.discountBp)} cheaper`
      : `you get ${label(first)}'s perks`;
  return {
    id: 'example-reaching',
    title: `Reaching ${label(first)}`,
    steps: [
      `You deposit ${usdt(threshold * 2n)} into your wallet. Deposits do not count: your qualifying spend is still ${usdt(0n)} and you are ${label(start)}.`,
      `You rent a server for ${usdt(firstRental)}. Your qualifying spend is ${usdt(firstRental)}, ${usdt(secondRental)} short of ${label(first)}.`,
      `You rent again for ${usdt(secondRental)}. Your spend reaches ${usdt(threshold)}, ${label(first)}'s threshold: you are ${label(first)} from that payment on, and ${gain}.`,
    ],
  };
}

/** What a tier's discount takes off a rental, and who pays it. */
function discountExample(program: BenefitsProgram): WorkedExample | null {
  const rule =
    program.tiers.find((tier) => tier.tier === 'GOLD' && tier.discountBp > 0) ??
    [...program.tiers].reverse().find((tier) => tier.discountBp > 0);
  if (!rule) return null;
  const listTotal = EXAMPLE_HOURLY_PRICE * EXAMPLE_HOURS;
  const discount = tierDiscount(listTotal, rule.discountBp);
  const paid = listTotal - discount;
  return {
    id: 'example-discount',
    title: `The discount at ${label(rule)}`,
    steps: [
      `A server listed at ${usdt(EXAMPLE_HOURLY_PRICE)} an hour, rented for ${EXAMPLE_HOURS} hours, costs ${usdt(listTotal)}.`,
      `At ${label(rule)} (${percentOfBp(rule.discountBp)} off) the discount is ${usdt(discount)}: you pay ${usdt(paid)}, and the ${usdt(paid)} you paid is what counts towards your spend.`,
      `The platform pays the ${usdt(discount)} out of its commission: the vendor gets the same as for the full ${usdt(listTotal)}.`,
    ],
  };
}

/** Falling below what keeps a tier: the grace days, then one tier down. */
function movingDownExample(program: BenefitsProgram): WorkedExample | null {
  const index = program.tiers.findIndex((tier) => tier.tier === 'GOLD');
  const at = index > 0 ? index : program.tiers.length - 1;
  const rule = program.tiers[at];
  const below = program.tiers[at - 1];
  if (!rule || !below || at < 1) return null;
  const keep = keepAmount(rule.threshold, program.keepPercent);
  const spend = toCents((keep * 7n) / 8n);
  if (keep <= 0n || spend <= 0n) return null;
  return {
    id: 'example-moving-down',
    title: `Moving down from ${label(rule)}`,
    steps: [
      `You are ${label(rule)}, reached at ${usdt(rule.threshold)}. Rentals you paid more than ${program.windowDays} days ago leave the window, and your qualifying spend falls to ${usdt(spend)}.`,
      `That is below ${usdt(keep)}, ${program.keepPercent} % of ${label(rule)}'s threshold. You stay ${label(rule)} for now, and we mail you before anything changes.`,
      `If your spend is back at ${usdt(keep)} or more within ${program.graceDays} days, you stay ${label(rule)}. If it stays below for ${program.graceDays} days, the daily recomputation moves you down one tier, to ${label(below)}.`,
    ],
  };
}

/** Two or three examples, every figure taken from the programme as the API gives it now. */
export function workedExamples(program: BenefitsProgram): WorkedExample[] {
  return [reachingExample(program), discountExample(program), movingDownExample(program)].filter(
    (example): example is WorkedExample => example !== null,
  );
}
