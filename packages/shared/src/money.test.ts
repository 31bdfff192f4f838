import { describe, expect, it } from 'vitest';
import { formatUsdt, isUsdtAmount, parseUsdt, toUsdtString } from './money';

describe('money', () => {
  it.each([
    ['0', 0n],
    ['12.5', 12_500_000n],
    ['12.500000', 12_500_000n],
    ['0.000001', 1n],
    ['999999999999999.999999', 999_999_999_999_999_999_999n],
  ])('parses %s exactly', (text, micro) => {
    expect(parseUsdt(text)).toBe(micro);
    expect(parseUsdt(toUsdtString(micro))).toBe(micro);
  });

  it.each(['', '-1', '1.0000001', '1e3', '0x10', '1,000', 'NaN', '.5', '1.'])(
    'refuses %j',
    (text) => {
      expect(isUsdtAmount(text)).toBe(false);
      expect(() => parseUsdt(text)).toThrow(RangeError);
    },
  );

  it('writes the wire form with six places', () => {
    expect(toUsdtString(12_500_000n)).toBe('12.500000');
    expect(toUsdtString(-1n)).toBe('-0.000001');
  });

  it('formats for people with two places, grouping and half-up rounding', () => {
    expect(formatUsdt('12.500000')).toBe('12.50');
    expect(formatUsdt('1250')).toBe('1,250.00');
    expect(formatUsdt('0.004999')).toBe('0.00');
    expect(formatUsdt('0.005000')).toBe('0.01');
    expect(formatUsdt(1_234_567_890_000n)).toBe('1,234,567.89');
    expect(formatUsdt('-3.333333')).toBe('-3.33');
  });
});
