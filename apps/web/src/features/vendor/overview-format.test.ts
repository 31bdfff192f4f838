import { describe, expect, it } from 'vitest';
import { hoursText, longDay, percentOf, roundedUsdt, shortDay } from './overview-format';

describe('the overview’s figures', () => {
  it('shows rates to one decimal', () => {
    expect(percentOf(0.0402)).toBe('4.0%');
    expect(percentOf(0.875)).toBe('87.5%');
    expect(percentOf(1)).toBe('100.0%');
    expect(percentOf(0)).toBe('0.0%');
  });

  it('names the days in UTC, as the API counts them', () => {
    expect(shortDay('2026-11-01')).toBe('1 Nov');
    expect(longDay('2026-11-21')).toBe('21 November 2026');
  });

  it('rounds amounts and counts hours', () => {
    expect(roundedUsdt('3.375000')).toBe('3.38 USDT');
    expect(hoursText(1)).toBe('1 hour');
    expect(hoursText(1234.5)).toBe('1,234.5 hours');
  });
});
