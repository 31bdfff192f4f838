import { z } from 'zod';
import { GAMES } from './constants';
import {
  historyCursorSchema,
  historyPageEnvelope,
  pageNumberSchema,
  pageSizeSchema,
} from './envelope';
import { RENTAL_STATUSES, runStateSchema } from './rentals';
import { LISTING_STATES } from './vendor-listings';
import { MONEY_STATES } from './vendors';

/**
 * The vendor area's Overview and "Rentals of my listings" (issue 16 points 3 and 6): how the
 * vendor's listings are doing, and every rental of them as the vendor may see it (the renter by
 * display name only, never by e-mail).
 */

/** The windows the Overview reads: the last 7 and the last 30 days, today included. */
export const OVERVIEW_WINDOWS = [7, 30] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];

/** How much of the window the vendor's listings were rented, of the time they were listed. */
export const occupancySchema = z.object({
  days: z.number().int(),
  /** Hours rented, summed over the listings, to one decimal. */
  rentedHours: z.number(),
  /** Hours the listings existed in the window (made before, not deleted), to one decimal. */
  listedHours: z.number(),
  /** rentedHours / listedHours, from 0 to 1 (4 decimals); 0 when nothing was listed. */
  rate: z.number(),
});
export type Occupancy = z.infer<typeof occupancySchema>;

/** The vendor's share released on one day (UTC): ended rentals, after the commission. */
export const dailyEarningSchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  amount: z.string(),
});
export type DailyEarning = z.infer<typeof dailyEarningSchema>;

/** One listing's uptime: the share of the catalog's status checks its game server answered. */
export const listingUptimeSchema = z.object({
  listingId: z.uuid(),
  name: z.string(),
  game: z.enum(GAMES),
  state: z.enum(LISTING_STATES),
  /** Status queries sent in the window, and how many the game server answered. */
  checks: z.number().int(),
  answered: z.number().int(),
  /** answered / checks (4 decimals); null when no check ran in the window. */
  uptime: z.number().nullable(),
  /** Days of the window with at least one check: a listing made last week has 7 at most. */
  daysChecked: z.number().int(),
});
export type ListingUptime = z.infer<typeof listingUptimeSchema>;

/** `GET /api/vendor/overview`. */
export const vendorOverviewSchema = z.object({
  listings: z.object({
    total: z.number().int(),
    /** Listings not deleted, by their state as the Listings page shows it. */
    byState: z.object({
      CHECKING: z.number().int(),
      LIVE: z.number().int(),
      PAUSED: z.number().int(),
      HIDDEN: z.number().int(),
    }),
  }),
  /** Rentals of the vendor's listings running now. */
  activeRentals: z.number().int(),
  /** Over the last 7 and the last 30 days. */
  occupancy: z.array(occupancySchema),
  earnings: z.object({
    last7Days: z.string(),
    last30Days: z.string(),
    /** The last 30 days, oldest first, every day present (0.000000 when nothing ended). */
    days: z.array(dailyEarningSchema),
  }),
  /** The listings not deleted, with their uptime over the last 30 days. */
  uptime: z.array(listingUptimeSchema),
  /** Open disputes on the vendor's rentals (null only from a server that predates disputes). */
  openDisputes: z.number().int().nullable(),
});
export type VendorOverview = z.infer<typeof vendorOverviewSchema>;

/** The filter of "Rentals of my listings": running ones, or those that ended (expired or cancelled). */
export const VENDOR_RENTAL_FILTERS = ['ACTIVE', 'ended'] as const;
export type VendorRentalFilter = (typeof VENDOR_RENTAL_FILTERS)[number];
export const VENDOR_RENTAL_FILTER_LABELS: Record<VendorRentalFilter, string> = {
  ACTIVE: 'Running',
  ended: 'Ended',
};

export const vendorRentalsQuerySchema = z.object({
  status: z.enum(VENDOR_RENTAL_FILTERS, { message: 'status must be ACTIVE or ended' }).optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
  /** Where the page starts: the `nextCursor` of the page before (decision 031). */
  after: historyCursorSchema.optional(),
});
export type VendorRentalsQuery = z.input<typeof vendorRentalsQuerySchema>;

/** One rental of the vendor's listings. */
export const vendorRentalSchema = z.object({
  id: z.uuid(),
  /** The renter as other people see them: the display name only, never the e-mail. */
  renter: z.object({ displayName: z.string() }),
  server: z.object({ id: z.uuid(), name: z.string(), game: z.enum(GAMES) }),
  hours: z.number().int(),
  status: z.enum(RENTAL_STATUSES),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** Read from the server's panel while the rental runs; null once it ended or without a panel. */
  runState: runStateSchema.nullable(),
  /**
   * What the rental earned the vendor: while it runs, what sits in escrow for it (the commission
   * comes off at the end); once ended, the share released after the commission, PENDING through
   * the dispute window and AVAILABLE after.
   */
  earned: z.object({ amount: z.string(), state: z.enum(MONEY_STATES) }),
  /** Messages from the renter in the rental's thread that I have not read. */
  unreadMessages: z.number().int().min(0),
});
export type VendorRental = z.infer<typeof vendorRentalSchema>;

export const vendorRentalsPageSchema = historyPageEnvelope(vendorRentalSchema);
export type VendorRentalsPage = z.infer<typeof vendorRentalsPageSchema>;
