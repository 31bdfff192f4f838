import { describe, expect, it } from 'vitest';
import { balanceAfter, depositSuggestion, formatAmount, rentalCost } from './rental-money';
import { describeTimeLeft, formatAge, formatTimeLeft } from './rental-time';

const USDT = 1_000_000n;

describe('rental money', () => {
  it('multiplies the price by the hours exactly, with no floating point', () => {
    expect(rentalCost('0.070000', 3)).toBe(210_000n);
    expect(rentalCost('0.100000', 3)).toBe(300_000n);
    expect(rentalCost('12.345678', 720)).toBe(8_888_888_160n);
    expect(formatAmount(rentalCost('0.070000', 36))).toBe('2.52');
  });

  it('shows two decimals, or every digit when an amount has parts of a cent', () => {
    expect(formatAmount('1250.000000')).toBe('1,250.00');
    expect(formatAmount(rentalCost('0.032877', 6))).toBe('0.197262');
    expect(formatAmount(-3_500_000n)).toBe('-3.50');
    expect(formatAmount('-0.005000')).toBe('-0.005');
  });

  it('computes the balance after a payment, negative when it does not cover it', () => {
    expect(balanceAfter('50.000000', rentalCost('0.070000', 6))).toBe(49_580_000n);
    expect(balanceAfter('1.000000', 1_680_000n)).toBe(-680_000n);
  });

  it('suggests a deposit of the shortfall rounded up to the next 10, at least the minimum', () => {
    const noFee = (minAmount: string) => ({ minAmount, networks: [{ fee: '0.00' }] });
    expect(depositSuggestion(680_000n, noFee('10.000000'))).toBe(10);
    expect(depositSuggestion(20n * USDT, noFee('10.000000'))).toBe(20);
    expect(depositSuggestion(20n * USDT + 1n, noFee('10.000000'))).toBe(30);
    expect(depositSuggestion(3n * USDT, noFee('25.000000'))).toBe(25);
    expect(depositSuggestion(3n * USDT, noFee('25.500000'))).toBe(26);
    expect(depositSuggestion(3n * USDT)).toBe(10);
  });

  it('adds the highest deposit fee, so that what is credited covers the shortfall', () => {
    const fees = { minAmount: '10.000000', networks: [{ fee: '0.50' }, { fee: '1.00' }] };
    // 267.42 short: 270 would credit 267.30 after 1%; 280 covers it.
    expect(depositSuggestion(267_420_000n, fees)).toBe(280);
    // 19.80 short: 20 credits exactly 19.80 after 1%.
    expect(depositSuggestion(19_800_000n, fees)).toBe(20);
    expect(depositSuggestion(19_800_001n, fees)).toBe(30);
  });
});

describe('rental time', () => {
  it('counts down as a clock', () => {
    expect(formatTimeLeft(7200)).toBe('2:00:00');
    expect(formatTimeLeft(7197)).toBe('1:59:57');
    expect(formatTimeLeft(59)).toBe('00:59');
    expect(formatTimeLeft(3 * 86_400 + 4 * 3600 + 5 * 60 + 9)).toBe('3d 04:05:09');
    expect(formatTimeLeft(-5)).toBe('00:00');
  });

  it('says it in words and gives the age of a run state', () => {
    expect(describeTimeLeft(90_061)).toBe('1 day 1 hour 1 minute left');
    expect(describeTimeLeft(1)).toBe('1 second left');
    expect(formatAge(4)).toBe('4 s');
    expect(formatAge(125)).toBe('2 min');
  });
});
