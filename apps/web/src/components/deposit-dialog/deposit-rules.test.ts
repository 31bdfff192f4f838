import { describe, expect, it, vi } from 'vitest';
import type { DepositConfig } from '@crimsonhost/shared/wallet';
import { ApiError } from '../../lib/api-client';
import {
  depositAmountError,
  depositFee,
  formatCountdown,
  generationFailureMessage,
  groupThousands,
  newIdempotencyKey,
  stripGrouping,
  ungroup,
} from './deposit-rules';

const config = (maxAmount: string | null = null): DepositConfig => ({
  minAmount: '10.000000',
  maxAmount,
  defaultNetwork: 'ERC20',
  networks: [],
  paypal: null,
});

describe('deposit amount rules (spec section 5)', () => {
  it.each([
    ['', 'Please enter deposit amount'],
    ['   ', 'Please enter deposit amount'],
    ['abc', 'Amount must be a number with at most 6 decimals'],
    ['10.1234567', 'Amount must be a number with at most 6 decimals'],
    ['9.999999', 'Minimum amount is 10 USDT'],
    ['0', 'Minimum amount is 10 USDT'],
  ])('refuses %j with %j', (text, message) => {
    expect(depositAmountError(text, config())).toBe(message);
  });

  it('takes the minimum itself and anything above it without a maximum', () => {
    expect(depositAmountError('10', config())).toBeNull();
    expect(depositAmountError('123456789.123456', config())).toBeNull();
  });

  it('applies a configured maximum with its own message', () => {
    expect(depositAmountError('1000', config('1000.000000'))).toBeNull();
    expect(depositAmountError('1000.000001', config('1000.000000'))).toBe(
      'Maximum amount is 1000 USDT',
    );
    expect(depositAmountError('20', { ...config('1500.500000'), minAmount: '12.500000' })).toBe(
      null,
    );
    expect(depositAmountError('12', { ...config(), minAmount: '12.500000' })).toBe(
      'Minimum amount is 12.5 USDT',
    );
  });
});

describe('the deposit fee', () => {
  it('is the percent of what arrives, rounded down to the micro-USDT, as the API takes it', () => {
    expect(depositFee(25_000_000n, '1.00')).toBe(250_000n);
    expect(depositFee(25_000_000n, '0.50')).toBe(125_000n);
    // 0.5% of 0.000199 USDT is 0.000000995: nothing is kept.
    expect(depositFee(199n, '0.50')).toBe(0n);
    expect(depositFee(10_000_001n, '0.5')).toBe(50_000n);
  });
});

describe('the amount field', () => {
  it('groups thousands with commas and takes them off again, without touching the fraction', () => {
    expect(groupThousands('1234567.123456')).toBe('1,234,567.123456');
    expect(groupThousands('1000.')).toBe('1,000.');
    expect(groupThousands('999')).toBe('999');
    expect(groupThousands('')).toBe('');
    expect(ungroup('1,234,567.5')).toBe('1234567.5');
    expect(ungroup('25.')).toBe('25');
    expect(stripGrouping('1,000.')).toBe('1000.');
  });
});

describe('the countdown (spec section 9)', () => {
  it('shows mm:ss and never goes below 00:00', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(30 * 60_000 - 1)).toBe('30:00');
    expect(formatCountdown(29 * 60_000 + 59_000)).toBe('29:59');
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('the address generation failure toast (spec section 8)', () => {
  it("says the error's own message when it has one, the general one otherwise", () => {
    expect(
      generationFailureMessage(new ApiError(422, 'NETWORK_UNAVAILABLE', 'Choose another network.')),
    ).toBe('Choose another network.');
    expect(generationFailureMessage(new ApiError(500, 'INTERNAL_ERROR', 'Internal error'))).toBe(
      'Failed to generate deposit address',
    );
    expect(
      generationFailureMessage(new ApiError(0, 'UNEXPECTED_RESPONSE', 'Something unexpected')),
    ).toBe('Failed to generate deposit address');
    expect(generationFailureMessage(new Error('boom'))).toBe('Failed to generate deposit address');
  });
});

describe('idempotency keys', () => {
  it('are fresh v4 UUIDs, also where crypto.randomUUID is missing', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    // A page served over plain http has crypto.getRandomValues but no crypto.randomUUID.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array),
    });
    const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});
