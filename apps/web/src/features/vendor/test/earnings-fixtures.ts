import { http, HttpResponse } from 'msw';
import type { PendingEarning, VendorEarnings, VendorMovement } from '@crimsonhost/shared/vendors';
import { buildUser } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';

/** A signed-in vendor account. */
export const VENDOR_USER = buildUser({
  id: '50000000-0000-4000-8000-000000000001',
  email: 'hosting@nordicfrag.example',
  displayName: 'Nordic Frag Hosting',
  role: 'vendor',
});

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** A rental's share waiting out its dispute window: ended 21 November, available 28 November. */
export function buildPendingEarning(overrides: Partial<PendingEarning> = {}): PendingEarning {
  return {
    rentalId: uuid('1'),
    serverName: 'Frankfurt Survival',
    endedAt: '2026-11-21T12:00:00.000Z',
    clearsAt: '2026-11-28T12:00:00.000Z',
    amount: '22.275000',
    commission: '2.475000',
    ...overrides,
  };
}

/** GET /api/vendor/earnings: money in every state, one share pending, 10% commission. */
export function buildEarnings(overrides: Partial<VendorEarnings> = {}): VendorEarnings {
  return {
    balances: {
      escrow: '7.500000',
      pending: '22.275000',
      available: '1250.000001',
      payoutPending: '10.000000',
      paidOut: '300.125000',
    },
    pending: [buildPendingEarning()],
    commissionBp: 1000,
    ...overrides,
  };
}

/** A rental's share entering pending at its end, less the commission. */
export function buildMovement(overrides: Partial<VendorMovement> = {}): VendorMovement {
  return {
    id: String(++next),
    at: '2026-11-21T12:00:00.000Z',
    state: 'PENDING',
    kind: 'RENTAL_RELEASE',
    description: 'The rental ended: your share, less the commission',
    amount: '22.275000',
    commission: '2.475000',
    rental: { id: uuid('1'), serverName: 'Frankfurt Survival' },
    ...overrides,
  };
}

/** Serves GET /api/vendor/earnings (`earnings`, or what the function answers); counts reads. */
export function serveEarnings(earnings: VendorEarnings | (() => Response) = buildEarnings()) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/vendor/earnings', () => {
      reads.count += 1;
      return typeof earnings === 'function' ? earnings() : HttpResponse.json({ data: earnings });
    }),
  );
  return reads;
}

/**
 * Serves GET /api/vendor/earnings/movements with `movements` (or what the function answers for
 * the asked URL), `total` in all; every asked URL is recorded.
 */
export function serveMovements(
  movements: VendorMovement[] | ((url: URL) => Response),
  total = Array.isArray(movements) ? movements.length : 0,
) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/vendor/earnings/movements', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      if (typeof movements === 'function') return movements(url);
      return HttpResponse.json({
        data: movements,
        meta: {
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: Number(url.searchParams.get('pageSize') ?? 20),
          total,
        },
      });
    }),
  );
  return { asked };
}
