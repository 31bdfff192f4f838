// The measured history behind disputes is kept EVIDENCE_KEEP_DAYS: older status hours, power
// signals, panel events and run-state changes go, except each listing's latest state before the
// cutoff (the state a later window starts in) and everything of a listing with an open dispute.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { EVIDENCE_KEEP_DAYS, pruneEvidence } from '../../src/modules/disputes/evidence-retention';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';

const DAY = 86_400_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function history(listingId: string, now: number) {
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  const db = ctx.database.db;
  for (const [days, state] of [
    [EVIDENCE_KEEP_DAYS + 30, 'running'],
    [EVIDENCE_KEEP_DAYS + 20, 'stopped'],
    [EVIDENCE_KEEP_DAYS + 10, 'running'],
    [10, 'stopped'],
  ] as const) {
    await db.execute(sql`insert into panel_state_changes (listing_id, state, changed_at)
                         values (${listingId}, ${state}, ${at(days)}::timestamptz)`);
  }
  for (const days of [EVIDENCE_KEEP_DAYS + 5, 3]) {
    await db.execute(sql`insert into server_status_hours (listing_id, hour, checks, answered)
                         values (${listingId}, date_trunc('hour', ${at(days)}::timestamptz), 4, 4)`);
    await db.execute(sql`insert into panel_power_actions (listing_id, signal, outcome, sent_at)
                         values (${listingId}, 'start', 'ok', ${at(days)}::timestamptz)`);
  }
}

const count = async (table: string, listingId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ${sql.raw(table)} where listing_id = ${listingId}`,
    )
  )[0]!.n;

describe('pruning the evidence history', () => {
  it('drops what is older than the keep, keeps the last state before it and open disputes', async () => {
    const vendor = await createVendor(ctx.database.db, 'Old Vendor');
    const quiet = await createListing(ctx.database.db, { vendorId: vendor.id, priceMicro: USDT });
    const disputed = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: USDT,
    });
    const now = Date.now();
    await history(quiet.id, now);
    await history(disputed.id, now);
    const buyer = await renter(ctx, 10n * USDT);
    const rental = await rentServer(ctx, buyer.headers, disputed.id, 2);
    const opened = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/dispute`,
      headers: buyer.headers,
      payload: {
        reason: 'UNREACHABLE',
        description: 'Down for most of the evening, nobody could join.',
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const pruned = await pruneEvidence(ctx.database.db, new Date(now));
    expect(pruned).toMatchObject({ statusHours: 1, powerActions: 1, stateChanges: 2 });
    const states = await queryRows<{ state: string }>(
      ctx.database.db,
      sql`select state from panel_state_changes where listing_id = ${quiet.id} order by changed_at`,
    );
    expect(states.map((row) => row.state)).toEqual(['running', 'stopped']);
    expect(await count('server_status_hours', quiet.id)).toBe(1);
    expect(await count('panel_power_actions', quiet.id)).toBe(1);
    // The disputed listing keeps everything until the dispute is decided.
    expect(await count('panel_state_changes', disputed.id)).toBe(4);
    expect(await count('server_status_hours', disputed.id)).toBe(2);
    // A second run (another instance) finds nothing more.
    expect(await pruneEvidence(ctx.database.db, new Date(now))).toEqual({
      statusHours: 0,
      powerActions: 0,
      panelEvents: 0,
      stateChanges: 0,
    });
  });
});
