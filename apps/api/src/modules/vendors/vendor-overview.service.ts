import type { Game } from '@crimsonhost/shared/constants';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { RunStateView } from '@crimsonhost/shared/rentals';
import type { ListingState } from '@crimsonhost/shared/vendor-listings';
import {
  OVERVIEW_WINDOWS,
  type VendorOverview,
  type VendorRental,
} from '@crimsonhost/shared/vendor-overview';
import type { MoneyState } from '@crimsonhost/shared/vendors';
import type { Executor } from '../../db/client';
import { escrowLeft } from '../rentals/rental-money';
import type { RentalRow } from '../rentals/rentals.repository';
import type { PanelControl } from '../rentals/rentals.service';
import { unreadCounts } from '../rental-messages/rental-messages.repository';
import * as repo from './vendor-overview.repository';
import { openDisputeCount } from '../disputes/disputes.repository';

const DAY_MS = 86_400_000;
const LONGEST_WINDOW = Math.max(...OVERVIEW_WINDOWS);

/** YYYY-MM-DD of a time, in UTC: the days of the chart and of the uptime window. */
const utcDay = (time: Date) => time.toISOString().slice(0, 10);

/** The first moment (UTC midnight) of the window of `days` days that ends today. */
export function windowStart(now: Date, days: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - (days - 1) * DAY_MS);
}

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
};

/** A listing's state as the Listings page shows it (vendor-listings.service's `stateOf`). */
function listingState(row: {
  vendor_active: boolean;
  checked: boolean;
  availability: string;
}): ListingState {
  if (!row.vendor_active) return 'HIDDEN';
  if (!row.checked) return 'CHECKING';
  if (row.availability === 'MAINTENANCE') return 'PAUSED';
  return 'LIVE';
}

/**
 * What a rental earned its vendor: while it runs, what escrow holds for it; once ended, the
 * share released after the commission, pending through the dispute window, then available.
 */
export function earnedBy(rental: RentalRow): { amount: string; state: MoneyState } {
  if (rental.status === 'ACTIVE')
    return { amount: toUsdtString(escrowLeft(rental)), state: 'ESCROW' };
  return {
    amount: toUsdtString(rental.released),
    state: rental.clearedAt ? 'AVAILABLE' : 'PENDING',
  };
}

/**
 * The vendor area's Overview and "Rentals of my listings" (issue 16 points 3 and 6). Reads only;
 * the run states of running rentals come from the panels in one batch, as My Rentals reads them.
 */
export class VendorOverviewService {
  constructor(
    private readonly db: Executor,
    private readonly panels: PanelControl | null,
  ) {}

  async overview(vendorId: string, now = new Date()): Promise<VendorOverview> {
    const since = windowStart(now, LONGEST_WINDOW);
    const [states, activeRentals, occupancy, released, uptime, disputes] = await Promise.all([
      repo.listingsByState(this.db, vendorId),
      repo.activeRentalCount(this.db, vendorId),
      repo.occupancySeconds(this.db, vendorId, OVERVIEW_WINDOWS),
      repo.releasedByDay(this.db, vendorId, since),
      repo.uptimeOfListings(this.db, vendorId, utcDay(since)),
      openDisputeCount(this.db, vendorId),
    ]);

    const byState = { CHECKING: 0, LIVE: 0, PAUSED: 0, HIDDEN: 0 };
    for (const row of states) byState[row.state as ListingState] = row.listings;

    const releasedOn = new Map(released.map((row) => [row.day, BigInt(row.amount)]));
    const days = Array.from({ length: LONGEST_WINDOW }, (_, index) => {
      const day = utcDay(new Date(since.getTime() + index * DAY_MS));
      return { day, micro: releasedOn.get(day) ?? 0n };
    });
    const sum = (list: typeof days) => list.reduce((total, day) => total + day.micro, 0n);

    return {
      listings: { total: Object.values(byState).reduce((a, b) => a + b, 0), byState },
      activeRentals,
      occupancy: occupancy.map((row) => {
        const rented = Number(row.rented);
        const listed = Number(row.listed);
        return {
          days: row.days,
          rentedHours: round(rented / 3600, 1),
          listedHours: round(listed / 3600, 1),
          rate: listed > 0 ? round(Math.min(1, rented / listed), 4) : 0,
        };
      }),
      earnings: {
        last7Days: toUsdtString(sum(days.slice(-7))),
        last30Days: toUsdtString(sum(days)),
        days: days.map((day) => ({ day: day.day, amount: toUsdtString(day.micro) })),
      },
      uptime: uptime.map((row) => ({
        listingId: row.id,
        name: row.name,
        game: row.game_id as Game,
        state: listingState(row),
        checks: row.checks,
        answered: row.answered,
        uptime: row.checks > 0 ? round(row.answered / row.checks, 4) : null,
        daysChecked: row.days_checked,
      })),
      openDisputes: disputes,
    };
  }

  async rentals(
    vendorId: string,
    query: repo.VendorRentalsFilter & { page: number; pageSize: number },
  ) {
    const { rows, total, totalExact, nextCursor } = await repo.rentalsOfVendor(
      this.db,
      vendorId,
      query,
    );
    const now = new Date();
    const running = (rental: RentalRow) => rental.status === 'ACTIVE' && rental.endsAt > now;
    const runStates = this.panels
      ? await this.panels.runStates([
          ...new Set(rows.filter((row) => running(row.rental)).map((row) => row.rental.listingId)),
        ])
      : new Map<string, RunStateView | null>();
    const unread = await unreadCounts(
      this.db,
      rows.map((row) => row.rental.id),
      'vendor',
    );
    const data = rows.map(({ rental, renterName, serverName, game }): VendorRental => ({
      id: rental.id,
      renter: { displayName: renterName },
      server: { id: rental.listingId, name: serverName, game: game as Game },
      hours: rental.hours,
      status: rental.status as VendorRental['status'],
      startsAt: rental.startsAt.toISOString(),
      endsAt: rental.endsAt.toISOString(),
      endedAt: rental.endedAt?.toISOString() ?? null,
      runState: (running(rental) && runStates.get(rental.listingId)) || null,
      earned: earnedBy(rental),
      unreadMessages: unread.get(rental.id) ?? 0,
    }));
    return {
      data,
      meta: { page: query.page, pageSize: query.pageSize, total, totalExact, nextCursor },
    };
  }
}
