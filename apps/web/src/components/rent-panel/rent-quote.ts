import {
  TIER_LABELS,
  percentOfBp,
  priceChangedDetailsSchema,
  tierDiscount,
  type LoyaltyTier,
} from '@crimsonhost/shared/benefits';
import { isUsdtAmount, parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type { ApiError } from '../../lib/api-client';

/**
 * What renting (or extending) costs, in micro-USDT: the list price (price × hours), the tier
 * discount off it and the total paid. The discount is the shared `tierDiscount`, so the
 * confirmation shows what the ledger posts.
 */
export interface RentQuote {
  list: bigint;
  discount: bigint;
  total: bigint;
  /** 'Silver discount (2 %)'; null when nothing is taken off. */
  discountLabel: string | null;
}

/** The discount on my next payment, as GET /api/benefits/me gives it. */
export interface DiscountRate {
  tier: LoyaltyTier;
  discountBp: number;
}

/** The quote for a list price with my discount; without one (or not known), the list price. */
export function quoteFor(list: bigint, rate?: DiscountRate | null): RentQuote {
  const discount = rate && rate.discountBp > 0 ? tierDiscount(list, rate.discountBp) : 0n;
  return {
    list,
    discount,
    total: list - discount,
    discountLabel:
      rate && discount > 0n
        ? `${TIER_LABELS[rate.tier]} discount (${percentOfBp(rate.discountBp)})`
        : null,
  };
}

/** The total the renter saw, as the request's `expectedTotal`: '0.411600'. */
export const expectedTotalOf = (quote: RentQuote) => toUsdtString(quote.total);

/** A refusal because the price rose since the renter saw it: the API's sentence, the price now. */
export interface PriceChange {
  message: string;
  quote: RentQuote;
}

/** The 409 PRICE_CHANGED of a rent or extension, read; null for any other failure. */
export function priceChangeOf(error: ApiError): PriceChange | null {
  if (error.code !== 'PRICE_CHANGED') return null;
  const parsed = priceChangedDetailsSchema.safeParse(error.details);
  if (!parsed.success) return null;
  const { listTotal, discount, total, tier } = parsed.data;
  if (![listTotal, discount, total].every(isUsdtAmount)) return null;
  const off = parseUsdt(discount);
  return {
    message: error.message,
    quote: {
      list: parseUsdt(listTotal),
      discount: off,
      total: parseUsdt(total),
      discountLabel: off > 0n ? `${TIER_LABELS[tier]} discount` : null,
    },
  };
}
