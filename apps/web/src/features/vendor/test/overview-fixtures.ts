import { http, HttpResponse } from 'msw';
import type { VendorOverview, VendorRental } from '@crimsonhost/shared/vendor-overview';
import { server } from '../../../test/msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

/** 30 days ending on 26 November 2026, with `amounts` on the days named (YYYY-MM-DD). */
export function buildDays(amounts: Record<string, string> = {}) {
  return Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10);
    return { day, amount: amounts[day] ?? '0.000000' };
  });
}

/**
 * GET /api/vendor/overview: four listings, one rental running, 3.375 earned on 26 November and
 * 12.5 on 10 November, one listing answering 7 of 8 status checks.
 */
export function buildOverview(overrides: Partial<VendorOverview> = {}): VendorOverview {
  return {
    listings: { total: 4, byState: { CHECKING: 1, LIVE: 2, PAUSED: 1, HIDDEN: 0 } },
    activeRentals: 1,
    occupancy: [
      { days: 7, rentedHours: 27, listedHours: 672, rate: 0.0402 },
      { days: 30, rentedHours: 27, listedHours: 960, rate: 0.0281 },
    ],
    earnings: {
      last7Days: '3.375000',
      last30Days: '15.875000',
      days: buildDays({ '2026-11-26': '3.375000', '2026-11-10': '12.500000' }),
    },
    uptime: [
      {
        listingId: uuid('3'),
        name: 'Frankfurt Survival',
        game: 'minecraft',
        state: 'LIVE',
        checks: 8,
        answered: 7,
        uptime: 0.875,
        daysChecked: 2,
      },
      {
        listingId: uuid('3'),
        name: 'Oslo Creative',
        game: 'csgo',
        state: 'CHECKING',
        checks: 0,
        answered: 0,
        uptime: null,
        daysChecked: 0,
      },
    ],
    openDisputes: 0,
    ...overrides,
  };
}

/** A rental running on Frankfurt Survival, its 9.999999 in escrow, its server running. */
export function buildVendorRental(overrides: Partial<VendorRental> = {}): VendorRental {
  return {
    id: uuid('4'),
    renter: { displayName: 'Rita Renter' },
    server: { id: uuid('3'), name: 'Frankfurt Survival', game: 'minecraft' },
    hours: 3,
    status: 'ACTIVE',
    startsAt: '2026-11-26T09:00:00.000Z',
    endsAt: '2026-11-26T12:00:00.000Z',
    endedAt: null,
    runState: {
      state: 'running',
      checkedAt: '2026-11-26T09:30:00.000Z',
      ageSeconds: 4,
      detail: null,
    },
    earned: { amount: '9.999999', state: 'ESCROW' },
    unreadMessages: 0,
    ...overrides,
  };
}

/** Serves GET /api/vendor/overview (`overview`, or what the function answers); counts reads. */
export function serveOverview(overview: VendorOverview | (() => Response) = buildOverview()) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/vendor/overview', () => {
      reads.count += 1;
      return typeof overview === 'function' ? overview() : HttpResponse.json({ data: overview });
    }),
  );
  return reads;
}

/**
 * Serves GET /api/vendor/rentals with `rentals` (or what the function answers for the asked URL),
 * `total` in all; every asked URL is recorded.
 */
export function serveVendorRentals(
  rentals: VendorRental[] | ((url: URL) => Response),
  total = Array.isArray(rentals) ? rentals.length : 0,
) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/vendor/rentals', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      if (typeof rentals === 'function') return rentals(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      return HttpResponse.json({
        data: rentals,
        meta: {
          page,
          pageSize,
          total,
          totalExact: true,
          nextCursor:
            page * pageSize < total ? `1795600000000000_${rentals.at(-1)?.id ?? uuid('4')}` : null,
        },
      });
    }),
  );
  return { asked };
}
