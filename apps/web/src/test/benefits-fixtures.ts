import { http, HttpResponse } from 'msw';
import {
  DEFAULT_TIER_RULES,
  DEMOTION_GRACE_DAYS,
  DEMOTION_KEEP_PERCENT,
  LOYALTY_TIERS,
  QUALIFYING_WINDOW_DAYS,
  tierPerks,
  type BenefitsProgram,
  type MyBenefits,
  type TierRules,
} from '@crimsonhost/shared/benefits';
import { errorBody } from './auth-fixtures';
import { server } from './msw-server';

/** The programme as GET /api/benefits answers it, from `rules` (the defaults unless given). */
export function buildBenefitsProgram(rules: TierRules = DEFAULT_TIER_RULES): BenefitsProgram {
  return {
    tiers: LOYALTY_TIERS.map((tier) => ({ tier, ...rules[tier], perks: tierPerks(tier) })),
    windowDays: QUALIFYING_WINDOW_DAYS,
    graceDays: DEMOTION_GRACE_DAYS,
    keepPercent: DEMOTION_KEEP_PERCENT,
  };
}

/** A Silver renter 60 USDT short of Gold, with no move down coming and no changes yet. */
export function buildMyBenefits(overrides: Partial<MyBenefits> = {}): MyBenefits {
  return {
    tier: 'SILVER',
    since: '2027-01-10T09:30:00.000Z',
    spend: '40.000000',
    discountBp: 200,
    next: { tier: 'GOLD', threshold: '100.000000', missing: '60.000000' },
    leavesWindow: { amount: '15.000000', on: '2027-03-12' },
    demotion: null,
    history: [],
    ...overrides,
  };
}

/** A Platinum renter: nothing above. */
export const PLATINUM_BENEFITS: Partial<MyBenefits> = {
  tier: 'PLATINUM',
  since: '2027-02-01T12:00:00.000Z',
  spend: '350.000000',
  discountBp: 600,
  next: null,
};

/**
 * What the page and the dashboard ask of the benefits API. Answers `program` and `me`; a status
 * instead of either answers that error. Counts the calls.
 */
export function serveBenefits({
  program = buildBenefitsProgram(),
  me = buildMyBenefits(),
}: {
  program?: BenefitsProgram | number;
  me?: MyBenefits | number;
} = {}) {
  const calls = { program: 0, me: 0 };
  const answer = (data: unknown) =>
    typeof data === 'number'
      ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'Something went wrong on our side.'), {
          status: data,
        })
      : HttpResponse.json({ data });
  server.use(
    http.get('/api/benefits', () => {
      calls.program += 1;
      return answer(program);
    }),
    http.get('/api/benefits/me', () => {
      calls.me += 1;
      return answer(me);
    }),
  );
  return calls;
}

/**
 * Default answers for tests that open the dashboard without caring for its benefits line (for
 * test/msw-server.ts's defaults).
 */
export const benefitsDefaultHandlers = [
  http.get('/api/benefits', () => HttpResponse.json({ data: buildBenefitsProgram() })),
  http.get('/api/benefits/me', () => HttpResponse.json({ data: buildMyBenefits() })),
];
