import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { expectedTotalOf, priceChangeOf, quoteFor } from './rent-quote';

describe('quoteFor', () => {
  it('takes the tier discount off the list price, rounded down to the micro-USDT', () => {
    // 0.197262 × 2 % = 0.00394524: 3945 micro-USDT off, never 3946.
    const quote = quoteFor(197_262n, { tier: 'SILVER', discountBp: 200 });
    expect(quote).toEqual({
      list: 197_262n,
      discount: 3_945n,
      total: 193_317n,
      discountLabel: 'Silver discount (2 %)',
    });
    expect(expectedTotalOf(quote)).toBe('0.193317');
  });

  it('names half percents as people read them', () => {
    expect(quoteFor(10_000_000n, { tier: 'GOLD', discountBp: 250 }).discountLabel).toBe(
      'Gold discount (2.5 %)',
    );
  });

  it('is the list price without a discount, or while the discount is unknown', () => {
    const plain = { list: 420_000n, discount: 0n, total: 420_000n, discountLabel: null };
    expect(quoteFor(420_000n, { tier: 'BRONZE', discountBp: 0 })).toEqual(plain);
    expect(quoteFor(420_000n, undefined)).toEqual(plain);
    // A discount that rounds down to nothing is no discount line.
    expect(quoteFor(1n, { tier: 'SILVER', discountBp: 200 })).toEqual({
      ...plain,
      list: 1n,
      total: 1n,
    });
  });
});

describe('priceChangeOf', () => {
  const details = {
    listTotal: '3.600000',
    discount: '0.072000',
    total: '3.528000',
    tier: 'SILVER',
  };

  it('reads the price now from a PRICE_CHANGED refusal', () => {
    const change = priceChangeOf(new ApiError(409, 'PRICE_CHANGED', 'It is now 3.528.', details));
    expect(change).toEqual({
      message: 'It is now 3.528.',
      quote: {
        list: 3_600_000n,
        discount: 72_000n,
        total: 3_528_000n,
        discountLabel: 'Silver discount',
      },
    });
  });

  it('ignores other refusals and details it cannot read', () => {
    expect(priceChangeOf(new ApiError(409, 'CONFLICT', 'No.', details))).toBeNull();
    expect(priceChangeOf(new ApiError(409, 'PRICE_CHANGED', 'No.', { total: 'x' }))).toBeNull();
    expect(
      priceChangeOf(new ApiError(409, 'PRICE_CHANGED', 'No.', { ...details, total: 'lots' })),
    ).toBeNull();
  });
});
