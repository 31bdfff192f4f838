import { http, HttpResponse } from 'msw';
import type { MyBenefits } from '@crimsonhost/shared/benefits';

/**
 * A renter with no discount (Bronze, nothing spent yet): the default answer of GET
 * /api/benefits/me, so the rent and extend dialogs show the list price as they did before tiers.
 * (Kept apart from benefits-fixtures.ts, which imports msw-server.ts.)
 */
export const BRONZE_BENEFITS: MyBenefits = {
  tier: 'BRONZE',
  since: null,
  spend: '0.000000',
  discountBp: 0,
  next: { tier: 'SILVER', threshold: '25.000000', missing: '25.000000' },
  leavesWindow: null,
  demotion: null,
  history: [],
};

/** Serves GET /api/benefits/me with `benefits`. */
export const myBenefitsHandler = (benefits: MyBenefits = BRONZE_BENEFITS) =>
  http.get('/api/benefits/me', () => HttpResponse.json({ data: benefits }));
