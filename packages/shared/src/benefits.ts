import { z } from 'zod';
import { isUsdtAmount, parseUsdt, toUsdtString } from './money';

/**
 * Benefits tiers (issue 18, decision 049). A renter's tier follows their qualifying spend: the USDT
 * they paid for rentals less what came back as refunds, over the last QUALIFYING_WINDOW_DAYS days.
 * Deposits, platform credit and compensation never count. A tier is reached as soon as the spend
 * reaches its threshold; it is left only at the daily recomputation, one tier at a time, after the
 * spend stayed below DEMOTION_KEEP_PERCENT % of the tier's threshold for DEMOTION_GRACE_DAYS days.
 */

export const LOYALTY_TIERS = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM'] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

export const TIER_LABELS: Record<LoyaltyTier, string> = {
  BRONZE: 'Bronze',
  SILVER: 'Silver',
  GOLD: 'Gold',
  PLATINUM: 'Platinum',
};

export const QUALIFYING_WINDOW_DAYS = 90;
export const DEMOTION_GRACE_DAYS = 30;
export const DEMOTION_KEEP_PERCENT = 80;
/** A tier's discount may not exceed this (basis points): 20 %. */
export const MAX_TIER_DISCOUNT_BP = 2000;

/** What a tier needs and gives: `threshold` in USDT, the discount in basis points (200 = 2 %). */
export interface TierRule {
  threshold: string;
  discountBp: number;
}
export type TierRules = Record<LoyaltyTier, TierRule>;

export const DEFAULT_TIER_RULES: TierRules = {
  BRONZE: { threshold: '0.000000', discountBp: 0 },
  SILVER: { threshold: '25.000000', discountBp: 200 },
  GOLD: { threshold: '100.000000', discountBp: 400 },
  PLATINUM: { threshold: '300.000000', discountBp: 600 },
};

/** What a tier gives besides its discount, in the words /benefits uses. */
export function tierPerks(tier: LoyaltyTier): string[] {
  const perks: string[] = [];
  if (tier === 'GOLD' || tier === 'PLATINUM') {
    perks.push('Your support tickets start at High priority');
  }
  if (tier === 'PLATINUM') perks.push('Your disputes are reviewed first');
  return perks;
}

/** The tier one above, or null at the top. */
export const tierAbove = (tier: LoyaltyTier): LoyaltyTier | null =>
  LOYALTY_TIERS[LOYALTY_TIERS.indexOf(tier) + 1] ?? null;
/** The tier one below, or null at the bottom. */
export const tierBelow = (tier: LoyaltyTier): LoyaltyTier | null =>
  tier === 'BRONZE' ? null : LOYALTY_TIERS[LOYALTY_TIERS.indexOf(tier) - 1]!;

/** The highest tier whose threshold `spend` (micro-USDT) reaches. */
export function tierForSpend(rules: TierRules, spend: bigint): LoyaltyTier {
  let reached: LoyaltyTier = 'BRONZE';
  for (const tier of LOYALTY_TIERS) {
    if (spend >= parseUsdt(rules[tier].threshold)) reached = tier;
  }
  return reached;
}

/** The spend (micro-USDT) that keeps `tier` at the daily recomputation: 80 % of its threshold. */
export const keepThreshold = (rules: TierRules, tier: LoyaltyTier): bigint =>
  (parseUsdt(rules[tier].threshold) * BigInt(DEMOTION_KEEP_PERCENT)) / 100n;

/**
 * The tier discount of a price (micro-USDT): rounded down, so the renter never pays a fraction of a
 * micro-USDT more than the list price less the discount shown. The API and the web use this one
 * function, so the confirmation shows what the ledger posts.
 */
export const tierDiscount = (price: bigint, discountBp: number): bigint =>
  (price * BigInt(discountBp)) / 10_000n;

/** "2 %", "2.5 %": a discount in basis points as a person reads it. */
export const percentOfBp = (bp: number) => `${(bp / 100).toLocaleString('en-US')} %`;

// ---------------------------------------------------------------------------------------------
// The API's shapes

const tierSchema = z.enum(LOYALTY_TIERS);

export const tierRuleViewSchema = z.object({
  tier: tierSchema,
  threshold: z.string(),
  discountBp: z.number().int(),
  perks: z.array(z.string()),
});
export type TierRuleView = z.infer<typeof tierRuleViewSchema>;

/** GET /api/benefits: the programme, open to visitors. */
export const benefitsProgramSchema = z.object({
  tiers: z.array(tierRuleViewSchema),
  windowDays: z.number().int(),
  graceDays: z.number().int(),
  keepPercent: z.number().int(),
});
export type BenefitsProgram = z.infer<typeof benefitsProgramSchema>;

export const TIER_CHANGE_REASONS = ['PROMOTED', 'DEMOTED'] as const;
export type TierChangeReason = (typeof TIER_CHANGE_REASONS)[number];

export const tierChangeSchema = z.object({
  at: z.string(),
  from: tierSchema,
  to: tierSchema,
  reason: z.enum(TIER_CHANGE_REASONS),
  /** The qualifying spend at the change, USDT. */
  spend: z.string(),
});
export type TierChange = z.infer<typeof tierChangeSchema>;

/** GET /api/benefits/me: where the signed-in renter stands and why. */
export const myBenefitsSchema = z.object({
  tier: tierSchema,
  /** When the renter reached this tier; null for BRONZE never left. */
  since: z.string().nullable(),
  /** Qualifying spend over the window, USDT. */
  spend: z.string(),
  /**
   * The discount on my next rental in basis points: the tier's, never more than the platform's
   * commission (the platform pays it out of its commission).
   */
  discountBp: z.number().int(),
  /** The next tier and the USDT still missing to it; null at PLATINUM. */
  next: z.object({ tier: tierSchema, threshold: z.string(), missing: z.string() }).nullable(),
  /** The oldest spend still counted and the day it leaves the window; null with no spend. */
  leavesWindow: z.object({ amount: z.string(), on: z.string() }).nullable(),
  /**
   * While the spend is below what keeps the tier: the spend that keeps it, the tier it would move
   * to and the day it would (the daily recomputation on or after that day). Null otherwise.
   */
  demotion: z.object({ keep: z.string(), to: tierSchema, on: z.string() }).nullable(),
  history: z.array(tierChangeSchema),
});
export type MyBenefits = z.infer<typeof myBenefitsSchema>;

// The staff area's Settings: the tiers' thresholds and discounts.

const usdtThreshold = (label: string) =>
  z
    .string({ message: `${label} threshold is required` })
    .trim()
    .refine(isUsdtAmount, `${label} threshold must be a number with at most 6 decimals`);

const discountBpSchema = (label: string) =>
  z
    .number({ message: `${label} discount must be a number` })
    .int(`${label} discount must be a whole number of basis points`)
    .min(0, `${label} discount must be between 0 and ${MAX_TIER_DISCOUNT_BP}`)
    .max(MAX_TIER_DISCOUNT_BP, `${label} discount must be between 0 and ${MAX_TIER_DISCOUNT_BP}`);

const tierRuleInput = (tier: LoyaltyTier) =>
  z.object({
    threshold: usdtThreshold(TIER_LABELS[tier]),
    discountBp: discountBpSchema(TIER_LABELS[tier]),
  });

export const tierRulesSchema = z
  .object({
    BRONZE: tierRuleInput('BRONZE'),
    SILVER: tierRuleInput('SILVER'),
    GOLD: tierRuleInput('GOLD'),
    PLATINUM: tierRuleInput('PLATINUM'),
  })
  .superRefine((rules, ctx) => {
    if (isUsdtAmount(rules.BRONZE.threshold) && parseUsdt(rules.BRONZE.threshold) !== 0n) {
      ctx.addIssue({
        code: 'custom',
        path: ['BRONZE', 'threshold'],
        message: 'Bronze is where everyone starts: its threshold is 0',
      });
    }
    LOYALTY_TIERS.slice(1).forEach((tier, index) => {
      const below = LOYALTY_TIERS[index]!;
      const [a, b] = [rules[below].threshold, rules[tier].threshold];
      if (isUsdtAmount(a) && isUsdtAmount(b) && parseUsdt(b) <= parseUsdt(a)) {
        ctx.addIssue({
          code: 'custom',
          path: [tier, 'threshold'],
          message: `${TIER_LABELS[tier]} threshold must be above ${TIER_LABELS[below]}'s (${toUsdtString(parseUsdt(a))})`,
        });
      }
      if (rules[tier].discountBp < rules[below].discountBp) {
        ctx.addIssue({
          code: 'custom',
          path: [tier, 'discountBp'],
          message: `${TIER_LABELS[tier]} discount must be at least ${TIER_LABELS[below]}'s`,
        });
      }
    });
  });

export const tiersSettingsRequestSchema = z.object({
  version: z
    .number({ message: 'version must be a number' })
    .int('version must be a whole number')
    .min(0, 'version must be 0 or more'),
  tiers: tierRulesSchema,
});
export type TiersSettingsRequest = z.input<typeof tiersSettingsRequestSchema>;

/** A stale price: the rent or extend answer 409 PRICE_CHANGED with the price now. */
export const priceChangedDetailsSchema = z.object({
  listTotal: z.string(),
  discount: z.string(),
  total: z.string(),
  tier: tierSchema,
});
export type PriceChangedDetails = z.infer<typeof priceChangedDetailsSchema>;
