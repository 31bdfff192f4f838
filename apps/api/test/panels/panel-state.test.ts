import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { panelStates } from '../../src/db/schema/index';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { runStateFromStats } from '../../src/modules/panels/panel.service';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { createTestDatabase, type TestDatabase } from '../database';
import { closedPort, eventsOf, linkedListing, manualClock, panelService } from './panel-fixture';

let database: TestDatabase;
let panel: DemoPanel;

beforeAll(async () => {
  database = await createTestDatabase();
  // Long enough that a read right after a power call still sees the step in between.
  // Moves take a minute unless a test settles them: no assertion races a timer.
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
});
afterAll(async () => {
  await panel.close();
  await database.close();
});
beforeEach(() => panel.reset());

const resourceCalls = () => panel.requests.filter((request) => request.path.endsWith('/resources'));

describe('the run state', () => {
  it.each([
    ['offline', 'stopped'],
    ['starting', 'starting'],
    ['running', 'running'],
    ['stopping', 'stopping'],
  ] as const)("maps the panel's current_state %s to %s", async (panelState, expected) => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    panel.setState(identifier, panelState);
    const view = await panelService(database.db).runState(listingId);
    expect(view).toMatchObject({ state: expected, detail: null, ageSeconds: 0 });
    expect(new Date(view!.checkedAt).getTime()).toBeGreaterThan(Date.now() - 5000);
    expect(await eventsOf(database.db, listingId)).toEqual([]);
  });

  it.each([
    ['suspended', 'The server is suspended on its control panel.'],
    [
      'install_failed',
      'This server has not yet completed its installation process, please try again later.',
    ],
    [
      'installing',
      'This server has not yet completed its installation process, please try again later.',
    ],
  ] as const)('is error with a reason for a %s server', async (status, detail) => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    panel.setStatus(identifier, status);
    expect(await panelService(database.db).runState(listingId)).toMatchObject({
      state: 'error',
      detail,
    });
    const events = await eventsOf(database.db, listingId);
    expect(events).toHaveLength(1);
    expect(events[0]!.kind).toBe(status === 'suspended' ? 'state_error' : 'conflict');
  });

  it('maps stopped (the panel default) and an unknown state too', () => {
    const stats = (current_state: string, is_suspended = false) => ({
      current_state,
      is_suspended,
      resources: {},
    });
    expect(runStateFromStats(stats('stopped'))).toEqual({ state: 'stopped', detail: null });
    expect(runStateFromStats(stats('running', true)).state).toBe('error');
    expect(runStateFromStats(stats('exploded'))).toEqual({
      state: 'error',
      detail: "The control panel reported a state this shop does not know ('exploded').",
    });
  });

  it('is null for a listing without a panel', async () => {
    const vendor = await createVendor(database.db);
    const listing = await createListing(database.db, { vendorId: vendor.id });
    expect(await panelService(database.db).runState(listing.id)).toBeNull();
    expect(panel.requests).toEqual([]);
  });

  it('follows the demo process: start -> starting -> running, stop -> stopping -> stopped', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    const service = panelService(database.db, { cacheMs: 0 });
    await service.power(listingId, 'start');
    expect((await service.runState(listingId))!.state).toBe('starting');
    panel.settle();
    expect((await service.runState(listingId))!.state).toBe('running');
    await service.power(listingId, 'stop');
    expect((await service.runState(listingId))!.state).toBe('stopping');
    panel.settle();
    expect((await service.runState(listingId))!.state).toBe('stopped');
  });
});

describe('the run state cache', () => {
  it('serves a read within the cache age from panel_states, with its age, and asks again after', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const clock = manualClock();
    const service = panelService(database.db, { cacheMs: 10_000, now: clock.now });

    const first = await service.runState(listingId);
    expect(first).toMatchObject({ state: 'stopped', ageSeconds: 0 });
    expect(resourceCalls()).toHaveLength(1);
    const [stored] = await database.db
      .select()
      .from(panelStates)
      .where(eq(panelStates.listingId, listingId));
    expect(stored).toMatchObject({ state: 'stopped', detail: null });
    expect(stored!.checkedAt.toISOString()).toBe(first!.checkedAt);

    // The panel changes, but within the cache age nobody asks it.
    panel.setState(identifier, 'running');
    clock.advance(4_600);
    const second = await service.runState(listingId);
    expect(second).toEqual({ ...first, ageSeconds: 4 });
    expect(resourceCalls()).toHaveLength(1);

    // Another instance (another service on the same database) shares the stored state.
    const other = panelService(database.db, { cacheMs: 10_000, now: clock.now });
    expect((await other.runState(listingId))!.ageSeconds).toBe(4);
    expect(resourceCalls()).toHaveLength(1);

    clock.advance(5_400);
    const third = await service.runState(listingId);
    expect(third).toMatchObject({ state: 'running', ageSeconds: 0 });
    expect(resourceCalls()).toHaveLength(2);
  });

  it('makes one panel call for many readers at once', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    panel.setLatency(100);
    const service = panelService(database.db, { cacheMs: 10_000 });
    const views = await Promise.all(Array.from({ length: 8 }, () => service.runState(listingId)));
    expect(new Set(views.map((view) => view!.state))).toEqual(new Set(['stopped']));
    expect(resourceCalls()).toHaveLength(1);
  });
});

describe('the run states of a page of rentals', () => {
  it('are read in two queries however long the page, and no panel call while fresh', async () => {
    const listings = [];
    for (let i = 0; i < 24; i += 1) listings.push(await linkedListing(database.db, panel));
    const service = panelService(database.db, { cacheMs: 60_000 });
    const ids = listings.map((listing) => listing.listingId);
    await service.runStates(ids);
    expect(resourceCalls()).toHaveLength(24);

    const selects = vi.spyOn(database.db, 'select');
    try {
      const states = await service.runStates(ids);
      expect(selects).toHaveBeenCalledTimes(2);
      expect([...states.values()].map((view) => view?.state)).toEqual(Array(24).fill('stopped'));
      expect(resourceCalls()).toHaveLength(24);
    } finally {
      selects.mockRestore();
    }
  });

  it('answer a listing without a panel with null', async () => {
    const vendor = await createVendor(database.db);
    const listing = await createListing(database.db, { vendorId: vendor.id });
    const states = await panelService(database.db).runStates([listing.id]);
    expect(states.get(listing.id)).toBeNull();
  });

  it('are not held by a slow panel: it answers unknown, or its last state, and is read on', async () => {
    const slowPanel = await DemoPanel.start();
    try {
      const fast = await linkedListing(database.db, panel);
      const slow = await linkedListing(database.db, slowPanel);
      slowPanel.setLatency(60_000);
      const service = panelService(database.db, { pageWaitMs: 100, stateTimeoutMs: 800 });
      const first = await service.runStates([fast.listingId, slow.listingId]);
      expect(first.get(fast.listingId)).toMatchObject({ state: 'stopped' });
      expect(first.get(slow.listingId)).toMatchObject({
        state: 'unknown',
        detail: 'The control panel has not answered yet.',
      });
      // The read went on after the page was answered, and its outcome is what the next page shows.
      await expect
        .poll(async () => (await service.runStates([slow.listingId])).get(slow.listingId)?.state, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe('error');
      const stale = panelService(database.db, { pageWaitMs: 100, stateTimeoutMs: 800, cacheMs: 0 });
      // Now stale and still slow: the page shows the stored state with its age, not unknown.
      const again = await stale.runStates([slow.listingId]);
      expect(again.get(slow.listingId)).toMatchObject({
        state: 'error',
        detail: 'The control panel did not answer within 1 second.',
      });
    } finally {
      await slowPanel.close();
    }
  });
});

describe('a failing panel gives state error with a detail, not a throw', () => {
  it.each([
    ['404', 'The control panel does not know this server.', 'not_found'],
    ['429', 'The control panel is busy; the state will be read again shortly.', 'busy'],
    ['500', 'The control panel reported an error (HTTP 500).', 'panel_error'],
    ['403', "The control panel refused the vendor's access key.", 'unauthorized'],
  ] as const)('%s', async (failure, detail, kind) => {
    const { listingId } = await linkedListing(database.db, panel, {
      onPanel: failure !== '404',
      apiKey: failure === '403' ? 'ptlc_NotAKeyThePanelKnows000' : undefined,
    });
    if (failure === '429') panel.failNext(429, { retryAfterSeconds: 5 });
    if (failure === '500') panel.failNext(500);
    expect(await panelService(database.db).runState(listingId)).toMatchObject({
      state: 'error',
      detail,
      ageSeconds: 0,
    });
    expect((await eventsOf(database.db, listingId)).map((event) => event.kind)).toEqual([kind]);
  });

  it('a slow panel: error at the bound, measured not to hang', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    panel.setLatency(10_000);
    const started = Date.now();
    const view = await panelService(database.db, { stateTimeoutMs: 300 }).runState(listingId);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(view).toMatchObject({
      state: 'error',
      detail: 'The control panel did not answer within 1 second.',
    });
    expect(await eventsOf(database.db, listingId)).toEqual([
      { kind: 'timeout', message: 'state: No answer from the panel within 300 ms' },
    ]);
  });

  it('an unreachable panel, told to the vendor once while it stays down', async () => {
    const port = await closedPort();
    const { listingId } = await linkedListing(database.db, panel, {
      panelUrl: `http://127.0.0.1:${port}`,
    });
    const clock = manualClock();
    const service = panelService(database.db, { cacheMs: 1000, now: clock.now });
    for (let read = 0; read < 3; read += 1) {
      expect(await service.runState(listingId)).toMatchObject({
        state: 'error',
        detail: 'The control panel cannot be reached.',
        ageSeconds: 0,
      });
      clock.advance(1500);
    }
    const events = await eventsOf(database.db, listingId);
    expect(events).toEqual([
      {
        kind: 'unreachable',
        message: `state: Cannot connect to the panel at http://127.0.0.1:${port}: ECONNREFUSED`,
      },
    ]);
  });
});

describe('the panel at its worst', () => {
  it("502 from the panel's nginx proxy (an HTML page): error with the status, told to the vendor, power a clear 502", async () => {
    const { listingId } = await linkedListing(database.db, panel);
    const service = panelService(database.db, { cacheMs: 0 });
    panel.failNext(502);
    expect(await service.runState(listingId)).toMatchObject({
      state: 'error',
      detail: 'The control panel reported an error (HTTP 502).',
    });
    const [event] = await eventsOf(database.db, listingId);
    expect(event).toMatchObject({ kind: 'panel_error', message: 'state: The panel answered 502' });
    panel.failNext(504);
    const refused = await service.power(listingId, 'start').then(
      () => null,
      (error: unknown) => error as { code: string; status: number; message: string },
    );
    expect(refused).toMatchObject({ code: 'PANEL_ERROR', status: 502 });
    expect(refused!.message).not.toMatch(/<html|nginx/i);
  });

  it('a server stuck in starting: starting with how long, and after 10 minutes says it may be stuck', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const service = panelService(database.db, { cacheMs: 0 });
    panel.stickInStarting(identifier, { forMs: 3 * 60_000 + 5_000 });
    expect(await service.runState(listingId)).toMatchObject({
      state: 'starting',
      detail: 'Starting for 3 min.',
    });
    panel.stickInStarting(identifier, { forMs: 25 * 60_000 });
    const stuck = await service.runState(listingId);
    expect(stuck).toMatchObject({ state: 'starting' });
    expect(stuck!.detail).toBe(
      'Starting for 25 min, longer than a game server takes: it may be stuck. Restart it; if it stays like this, the vendor has been told.',
    );
    // The vendor hears of it once, not on every read.
    await service.runState(listingId);
    const events = await eventsOf(database.db, listingId);
    expect(events.map((event) => event.kind)).toEqual(['stuck_starting']);
    // A fresh start (under a minute) says nothing more than starting.
    panel.stickInStarting(identifier);
    expect(await service.runState(listingId)).toMatchObject({ state: 'starting', detail: null });
  });
});
