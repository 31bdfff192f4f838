import { describe, expect, it } from 'vitest';
import { signedUsdtExact } from '../../lib/wallet/usdt-format';
import { commissionRate } from './earnings-format';

describe('earnings amounts', () => {
  it('sign a movement and keep every micro-USDT', () => {
    expect(signedUsdtExact('24.750000')).toBe('+24.75');
    expect(signedUsdtExact('-0.255000')).toBe('-0.255');
    expect(signedUsdtExact('-1250.000001')).toBe('-1,250.000001');
    expect(signedUsdtExact('0.000000')).toBe('0.00');
  });

  it('word the commission rate from basis points', () => {
    expect(commissionRate(1000)).toBe('10%');
    expect(commissionRate(1250)).toBe('12.5%');
    expect(commissionRate(5)).toBe('0.05%');
    expect(commissionRate(0)).toBe('0%');
  });
});
