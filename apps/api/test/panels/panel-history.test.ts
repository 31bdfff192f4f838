// What a dispute's evidence reads of the panel (issue 17 point 4): a listing's run-state history,
// one row each time the state read differs from the last one kept (not one per read), and every
// power signal with whether the panel took it, timed by the service's clock.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { panelPowerActions, panelStateChanges } from '../../src/db/schema/index';
import { createTestDatabase, type TestDatabase } from '../database';
import { linkedListing, manualClock, panelService, rejection } from './panel-fixture';

let database: TestDatabase;
let panel: DemoPanel;

beforeAll(async () => {
  database = await createTestDatabase();
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
});
afterAll(async () => {
  await panel.close();
  await database.close();
});
beforeEach(() => panel.reset());

const START = Date.parse('2026-11-24T18:00:00Z');

function historyOf(listingId: string) {
  return database.db
    .select({ state: panelStateChanges.state, at: panelStateChanges.changedAt })
    .from(panelStateChanges)
    .where(eq(panelStateChanges.listingId, listingId))
    .orderBy(asc(panelStateChanges.changedAt));
}

function powerOf(listingId: string) {
  return database.db
    .select({
      signal: panelPowerActions.signal,
      outcome: panelPowerActions.outcome,
      message: panelPowerActions.message,
      rentalId: panelPowerActions.rentalId,
      sentAt: panelPowerActions.sentAt,
    })
    .from(panelPowerActions)
    .where(eq(panelPowerActions.listingId, listingId))
    .orderBy(asc(panelPowerActions.sentAt));
}

describe("a listing's run-state history", () => {
  it('keeps a row per change, at the time it was first read, not one per read', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const clock = manualClock(START);
    // No cache: every call reads the panel.
    const service = panelService(database.db, { cacheMs: 0, now: clock.now });
    panel.setState(identifier, 'running');
    await service.runState(listingId);
    clock.advance(60_000);
    await service.runState(listingId);
    clock.advance(60_000);
    panel.setState(identifier, 'offline');
    await service.runState(listingId);
    clock.advance(60_000);
    await service.runState(listingId);
    clock.advance(60_000);
    panel.setState(identifier, 'running');
    await service.runStates([listingId]);

    expect(await historyOf(listingId)).toEqual([
      { state: 'running', at: new Date(START) },
      { state: 'stopped', at: new Date(START + 120_000) },
      { state: 'running', at: new Date(START + 240_000) },
    ]);
  });

  it('compares with the history, not the cached state a power call drops', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const clock = manualClock(START);
    const service = panelService(database.db, { cacheMs: 60_000, now: clock.now });
    panel.setState(identifier, 'running');
    await service.runState(listingId);
    // A restart the panel refuses leaves the server running: no new row after it.
    panel.failNext(502);
    await rejection(service.power(listingId, 'restart'));
    clock.advance(1000);
    await service.runState(listingId);
    expect(await historyOf(listingId)).toEqual([{ state: 'running', at: new Date(START) }]);
  });
});

describe('the power actions', () => {
  it('are recorded with their outcome, rental and time, whether the panel took them or not', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const clock = manualClock(START);
    const service = panelService(database.db, { now: clock.now });
    panel.setState(identifier, 'running');
    await service.power(listingId, 'stop');
    clock.advance(5 * 60_000);
    panel.failNext(504);
    const error = await rejection(service.power(listingId, 'start'));
    expect(error.code).toBe('PANEL_ERROR');

    const actions = await powerOf(listingId);
    expect(actions).toMatchObject([
      { signal: 'stop', outcome: 'ok', message: null, rentalId: null, sentAt: new Date(START) },
      { signal: 'start', outcome: 'failed', rentalId: null, sentAt: new Date(START + 300_000) },
    ]);
    expect(actions[1]!.message).toMatch(/504/);
  });
});
