import { describe, expect, it } from 'vitest';
import { formatUsdtExact, plainUsdt } from './usdt-format';

describe('exact USDT amounts', () => {
  it('keep every micro-USDT and at least two decimals', () => {
    expect(formatUsdtExact('24.750000')).toBe('24.75');
    expect(formatUsdtExact('0.255000')).toBe('0.255');
    expect(formatUsdtExact('1250.000001')).toBe('1,250.000001');
    expect(formatUsdtExact('25.000000')).toBe('25.00');
    expect(formatUsdtExact(123_456_789n)).toBe('123.456789');
  });

  it('read as the API words them inside sentences', () => {
    expect(plainUsdt('10.000000')).toBe('10');
    expect(plainUsdt('12.500000')).toBe('12.5');
    expect(plainUsdt('1000.000000')).toBe('1000');
  });
});
