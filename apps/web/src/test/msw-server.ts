import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Health } from '@crimsonhost/shared/health';
import { authDefaultHandlers } from './auth-fixtures';
import { myBenefitsHandler } from './my-benefits-fixtures';

export const HEALTHY: Health = {
  status: 'ok',
  version: '0.1.0',
  uptimeSeconds: 42,
  database: {
    driver: 'pglite',
    reachable: true,
    migration: { applied: 1, expected: 1, latest: '0000_foundation', upToDate: true },
  },
};

/**
 * Answers every page needs (the footer reads /api/health) and an empty catalog for pages that
 * lead to it; tests add their own with server.use.
 */
export const server = setupServer(
  http.get('/api/health', () => HttpResponse.json({ data: HEALTHY })),
  ...authDefaultHandlers,
  http.get('/api/servers', () =>
    HttpResponse.json({ data: [], meta: { page: 1, pageSize: 20, total: 0, totalExact: true } }),
  ),
  http.get('/api/games', () => HttpResponse.json({ data: [] })),
  http.get('/api/regions', () => HttpResponse.json({ data: [] })),
  // Bronze, no discount: a signed-in renter's rent and extend dialogs read it.
  myBenefitsHandler(),
  // No rentals: the dashboard lists the active ones.
  http.get('/api/rentals', () =>
    HttpResponse.json({
      data: [],
      meta: { page: 1, pageSize: 10, total: 0, totalExact: true, nextCursor: null },
    }),
  ),
);
