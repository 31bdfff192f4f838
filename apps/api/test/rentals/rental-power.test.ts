import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { VENDOR_KEY } from '../panels/panel-fixture';
import { renter, USDT, withKey } from './rentals-fixture';

let ctx: TestContext;
let panel: DemoPanel;

beforeAll(async () => {
  // Moves take a minute unless a test settles them: no assertion races a timer.
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
  // The test's panel listens on loopback, which the address guard lets through only by configuration.
  ctx = await createTestApp({ PANEL_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
  await panel.close();
});

let n = 0;
/** A listing linked to a server on the local panel through the app's own panel service. */
async function rentLinked() {
  const vendor = await createVendor(ctx.database.db);
  const listing = await createListing(ctx.database.db, { vendorId: vendor.id });
  const identifier = (0x2b000000 + ++n).toString(16);
  panel.addServer({ identifier, apiKey: VENDOR_KEY });
  await ctx.app.services.panels.link(listing.id, {
    panelUrl: panel.url,
    serverIdentifier: identifier,
    apiKey: VENDOR_KEY,
  });
  const listingId = listing.id;
  const who = await renter(ctx, 10n * USDT);
  const response = await ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(who.headers),
    payload: { serverId: listingId, hours: 1 },
  });
  expect(response.statusCode).toBe(201);
  // The answer carries the run state read after the payment committed: a fresh server is stopped.
  expect(response.json().data.runState).toMatchObject({ state: 'stopped', ageSeconds: 0 });
  return { ...who, rentalId: response.json().data.id as string, identifier };
}

describe('power control of a rented server', () => {
  it('starts, reads running, stops and restarts through the panel', async () => {
    const { headers, rentalId, identifier } = await rentLinked();
    const power = (signal: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/rentals/${rentalId}/power`,
        headers,
        payload: { signal },
      });
    const started = await power('start');
    expect(started.statusCode).toBe(200);
    expect(started.json().data.runState.state).toBe('starting');
    panel.settle();
    // Past the cache age the state is read from the panel again.
    await ctx.database.db.execute(
      sql`update panel_states set checked_at = now() - interval '1 hour'`,
    );
    const seen = (
      await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rentalId}`, headers })
    ).json().data;
    expect(seen.runState).toMatchObject({ state: 'running', detail: null });
    expect(typeof seen.runState.ageSeconds).toBe('number');
    expect((await power('restart')).statusCode).toBe(200);
    expect((await power('stop')).statusCode).toBe(200);
    const calls = panel.requests
      .filter((r) => r.path.includes(identifier) && r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { signal: string }).signal);
    expect(calls).toEqual(['start', 'restart', 'stop']);
  });

  it('gives a clear message for a busy, failing or slow panel, and never hangs', async () => {
    const { headers, rentalId } = await rentLinked();
    const power = () =>
      ctx.request({
        method: 'POST',
        url: `/api/rentals/${rentalId}/power`,
        headers,
        payload: { signal: 'start' },
      });
    panel.failNext(429, { retryAfterSeconds: 12 });
    const busy = await power();
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('12');
    expect(busy.json().error.code).toBe('PANEL_BUSY');
    panel.failNext(500);
    const failing = await power();
    expect(failing.statusCode).toBe(502);
    expect(failing.json().error.code).toBe('PANEL_ERROR');
    // The panel answers after 20 s; the renter gets an answer at the 8 s bound.
    panel.setLatency(20_000);
    const started = Date.now();
    const slow = await power();
    panel.setLatency(0);
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error.code).toBe('PANEL_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const answer of [busy, failing, slow])
      expect(answer.json().error.message.length).toBeGreaterThan(20);
  });

  it("refuses another renter's rental with 404 and an ended rental with 409", async () => {
    const { headers, rentalId } = await rentLinked();
    const stranger = await renter(ctx, 0n);
    const foreign = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rentalId}/power`,
      headers: stranger.headers,
      payload: { signal: 'start' },
    });
    expect(foreign.statusCode).toBe(404);
    await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rentalId}/cancel`,
      headers: withKey(headers),
    });
    const ended = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rentalId}/power`,
      headers,
      payload: { signal: 'start' },
    });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.code).toBe('RENTAL_NOT_ACTIVE');
    const bad = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rentalId}/power`,
      headers,
      payload: { signal: 'explode' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
