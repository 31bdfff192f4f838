// A dispute's measured evidence (issue 17 point 4) through the desk's route, from a history kept
// in the database: the run-state changes, status hours, power signals and panel errors of the
// rental's listing over the rental's time, and the hours down with the refund they suggest. The
// window ends at the rental's end, or at now by the storefront's (test) clock while it runs.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeEvidence } from '@crimsonhost/shared/dispute-evidence';
import { rentals } from '../../src/db/schema/rentals';
import type { TestClock } from '../../src/lib/clock';
import { measureEvidence } from '../../src/modules/disputes/dispute-evidence';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

const HOUR = 3_600_000;
const MINUTE = 60_000;

let ctx: TestContext;
let clock: TestClock;
let support: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  clock = ctx.app.clock as TestClock;
  support = await signedIn(ctx, 'support', 'Sam Support');
});
afterAll(() => ctx.close());

/** A renter's 6-hour rental at 2.50 USDT an hour, disputed as unreachable. */
async function disputedRental() {
  const vendor = await createVendor(ctx.database.db, 'Measured Vendor');
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: 2_500_000n,
    name: 'Measured Keep',
  });
  const buyer = await renter(ctx, 20n * USDT);
  const rental = await rentServer(ctx, buyer.headers, listing.id, 6);
  const response = await ctx.request({
    method: 'POST',
    url: `/api/rentals/${rental.id}/dispute`,
    headers: buyer.headers,
    payload: {
      reason: 'UNREACHABLE',
      description: 'Nobody could connect for hours in the evening; the panel said stopped.',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const dispute = response.json<{ data: { id: string } }>().data;
  return { listingId: listing.id, rentalId: rental.id, disputeId: dispute.id, buyer };
}

const evidenceOf = (disputeId: string, headers: Record<string, string> = support.headers) =>
  ctx.request({ method: 'GET', url: `/api/admin/disputes/${disputeId}/evidence`, headers });

const iso = (ms: number) => new Date(ms).toISOString();

describe("a dispute's measured evidence", () => {
  it('shows the hours down, the gaps and the suggested refund over the rental’s time', async () => {
    const { listingId, rentalId, disputeId } = await disputedRental();
    // The rental as it was recorded: 20 minutes past an hour, four hours long, ended.
    const hour0 = Math.floor(clock.now().getTime() / HOUR) * HOUR - 10 * HOUR;
    const from = hour0 + 20 * MINUTE;
    await ctx.database.db
      .update(rentals)
      .set({ startsAt: new Date(from), endsAt: new Date(from + 4 * HOUR) })
      .where(eq(rentals.id, rentalId));
    const at = (hours: number, minutes = 0) => iso(hour0 + hours * HOUR + minutes * MINUTE);
    await ctx.database.db.execute(sql`
      insert into panel_state_changes (listing_id, state, detail, changed_at) values
        (${listingId}, 'running', null, ${at(-3)}),
        (${listingId}, 'stopped', null, ${at(1, 10)}),
        (${listingId}, 'running', null, ${at(2, 5)})`);
    await ctx.database.db.execute(sql`
      insert into server_status_hours (listing_id, hour, checks, answered, players_max, players_sum)
      values (${listingId}, ${at(0)}, 100, 100, 8, 500),
             (${listingId}, ${at(1)}, 120, 60, 5, 240),
             (${listingId}, ${at(2)}, 120, 100, 6, 400),
             (${listingId}, ${at(3)}, 120, 0, 0, 0),
             (${listingId}, ${at(5)}, 120, 120, 9, 900)`);
    await ctx.database.db.execute(sql`
      insert into panel_power_actions (listing_id, rental_id, signal, outcome, message, sent_at)
      values (${listingId}, ${rentalId}, 'restart', 'failed', 'The control panel cannot be reached.', ${at(3, 30)}),
             (${listingId}, null, 'stop', 'ok', null, ${at(4, 30)})`);
    await ctx.database.db.execute(sql`
      insert into panel_events (listing_id, kind, message, created_at)
      values (${listingId}, 'unreachable', 'restart: connect ECONNREFUSED', ${at(3, 30)})`);

    const response = await evidenceOf(disputeId);
    expect(response.statusCode, response.body).toBe(200);
    const evidence = response.json<{ data: DisputeEvidence }>().data;
    expect(evidence).toMatchObject({
      disputeId,
      rentalId,
      from: iso(from),
      to: iso(from + 4 * HOUR),
      windowHours: 4,
      // 1: stopped from 1:10; 2: until 2:05; 3: nothing answered. 4: no check at all.
      downHours: 3,
      noMeasurementHours: 1,
      renterStoppedHours: 0,
      pricePerHour: '2.500000',
      suggestedRefund: '7.500000',
    });
    expect(evidence.hours.map((hour) => [hour.hour, hour.verdict])).toEqual([
      [at(0), 'up'],
      [at(1), 'down'],
      [at(2), 'down'],
      [at(3), 'down'],
      [at(4), 'no_measurement'],
    ]);
    expect(evidence.hours[0]).toMatchObject({ checks: 100, playersMax: 8, playersAvg: 5 });
    expect(evidence.timeline.map((span) => [span.state, span.from, span.to])).toEqual([
      ['running', iso(from), at(1, 10)],
      ['stopped', at(1, 10), at(2, 5)],
      ['running', at(2, 5), iso(from + 4 * HOUR)],
    ]);
    // The stop after the end is not the rental's: only what happened in its time is listed.
    expect(evidence.powerActions).toEqual([
      {
        signal: 'restart',
        outcome: 'failed',
        message: 'The control panel cannot be reached.',
        sentAt: at(3, 30),
      },
    ]);
    expect(evidence.panelErrors).toEqual([
      { kind: 'unreachable', message: 'restart: connect ECONNREFUSED', at: at(3, 30) },
    ]);
  });

  it('ends a running rental’s window at now by the test clock', async () => {
    const { listingId, disputeId } = await disputedRental();
    await clock.advance(2 * HOUR + 30 * MINUTE);
    const response = await evidenceOf(disputeId);
    expect(response.statusCode, response.body).toBe(200);
    const evidence = response.json<{ data: DisputeEvidence }>().data;
    const length = Date.parse(evidence.to) - Date.parse(evidence.from);
    expect(length).toBeGreaterThanOrEqual(2.5 * HOUR);
    expect(length).toBeLessThan(2.5 * HOUR + MINUTE);
    expect(evidence).toMatchObject({ windowHours: 3, downHours: 0, suggestedRefund: '0.000000' });
    // Nothing was measured: no state known, no checks.
    expect(evidence.timeline).toEqual([
      { state: null, detail: null, from: evidence.from, to: evidence.to },
    ]);
    expect(evidence.hours.every((hour) => hour.verdict === 'no_measurement')).toBe(true);

    // The same reading straight from the database, as the desk's route does it.
    const measured = await measureEvidence(ctx.database.db, {
      listingId,
      from: new Date(evidence.from),
      to: new Date(evidence.to),
      pricePerHour: 2_500_000n,
    });
    expect(measured.hours).toEqual(evidence.hours);
  });

  it('is for the staff only, and a dispute that does not exist is not found', async () => {
    const { disputeId, buyer } = await disputedRental();
    expect((await evidenceOf(disputeId, buyer.headers)).statusCode).toBe(403);
    expect((await evidenceOf(disputeId, {})).statusCode).toBe(401);
    const missing = await evidenceOf('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
    expect((await evidenceOf('not-a-dispute')).statusCode).toBe(404);
  });
});
