import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_RULES } from '@crimsonhost/shared/benefits';
import { buildBenefitsProgram } from '../../test/benefits-fixtures';
import { keepAmount, progressPercent, workedExamples } from './benefits-figures';

describe('benefits figures', () => {
  it('works the examples out of the default programme', () => {
    const [reaching, discount, down] = workedExamples(buildBenefitsProgram(DEFAULT_TIER_RULES));
    expect(reaching!.title).toBe('Reaching Silver');
    expect(reaching!.steps.join(' ')).toContain('You deposit 50.00 USDT');
    expect(reaching!.steps.join(' ')).toContain('15.00 USDT, 10.00 USDT short of Silver');
    expect(discount!.steps.join(' ')).toContain('At Gold (4 % off) the discount is 0.80 USDT');
    expect(discount!.steps.join(' ')).toContain('you pay 19.20 USDT');
    expect(down!.steps.join(' ')).toContain('falls to 70.00 USDT');
    expect(down!.steps.join(' ')).toContain('below 80.00 USDT, 80 % of Gold');
  });

  it('follows thresholds an admin changed, to the cent', () => {
    const [reaching, , down] = workedExamples(
      buildBenefitsProgram({
        ...DEFAULT_TIER_RULES,
        SILVER: { threshold: '33.330000', discountBp: 150 },
        GOLD: { threshold: '125.000000', discountBp: 350 },
      }),
    );
    // 60 % of 33.33 is 19.998, rounded down to 19.99; the rest reaches it exactly.
    expect(reaching!.steps.join(' ')).toContain('19.99 USDT, 13.34 USDT short of Silver');
    expect(reaching!.steps.join(' ')).toContain('1.5 % cheaper');
    expect(down!.steps.join(' ')).toContain('below 100.00 USDT, 80 % of Gold');
    expect(down!.steps.join(' ')).toContain('falls to 87.50 USDT');
  });

  it('leaves out an example the programme cannot illustrate', () => {
    const noDiscounts = buildBenefitsProgram({
      BRONZE: { threshold: '0.000000', discountBp: 0 },
      SILVER: { threshold: '25.000000', discountBp: 0 },
      GOLD: { threshold: '100.000000', discountBp: 0 },
      PLATINUM: { threshold: '300.000000', discountBp: 0 },
    });
    expect(workedExamples(noDiscounts).map((example) => example.id)).toEqual([
      'example-reaching',
      'example-moving-down',
    ]);
  });

  it('measures progress in whole percent, never past 100', () => {
    expect(progressPercent('87.500000', '100.000000')).toBe(87);
    expect(progressPercent('0.000000', '25.000000')).toBe(0);
    expect(progressPercent('120.000000', '100.000000')).toBe(100);
    expect(keepAmount('100.000000', 80)).toBe(80_000_000n);
  });
});
