import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { listingPanels, panelStates } from '../../src/db/schema/index';
import { AppError } from '../../src/lib/errors';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { decryptPanelKey } from '../../src/modules/panels/panel-crypto';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { createTestDatabase, type TestDatabase } from '../database';
import {
  closedPort,
  eventsOf,
  linkedListing,
  panelService,
  rejection,
  secretKey,
  VENDOR_KEY,
} from './panel-fixture';

let database: TestDatabase;
let panel: DemoPanel;

beforeAll(async () => {
  database = await createTestDatabase();
  // Moves take a minute unless a test settles them: no assertion races a timer.
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
});
afterAll(async () => {
  await panel.close();
  await database.close();
});
beforeEach(() => panel.reset());

describe('power through the panel', () => {
  it.each(['start', 'stop', 'restart'] as const)(
    '%s reaches the panel as the documented call with the vendor key',
    async (signal) => {
      const { listingId, identifier } = await linkedListing(database.db, panel);
      panel.setState(identifier, signal === 'start' ? 'offline' : 'running');
      await panelService(database.db).power(listingId, signal);

      expect(panel.requests).toHaveLength(1);
      const [request] = panel.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: `/api/client/servers/${identifier}/power`,
      });
      expect(request!.headers.authorization).toBe(`Bearer ${VENDOR_KEY}`);
      expect(request!.headers.accept).toBe('Application/vnd.pterodactyl.v1+json');
      expect(request!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request!.body)).toEqual({ signal });
      expect(panel.serverState(identifier).state).toBe(
        signal === 'start' ? 'starting' : 'stopping',
      );
      expect(await eventsOf(database.db, listingId)).toEqual([]);
    },
  );

  it('drops the stored run state, so the next read asks the panel', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    const service = panelService(database.db, { cacheMs: 60_000 });
    expect((await service.runState(listingId))!.state).toBe('stopped');
    await service.power(listingId, 'start');
    expect((await service.runState(listingId))!.state).toBe('starting');
    expect(panel.requests.map((request) => request.path.split('/').pop())).toEqual([
      'resources',
      'power',
      'resources',
    ]);
  });

  it('answers PANEL_NOT_LINKED for a listing without a panel, without calling anything', async () => {
    const vendor = await createVendor(database.db);
    const listing = await createListing(database.db, { vendorId: vendor.id });
    const error = await rejection(panelService(database.db).power(listing.id, 'start'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PANEL_NOT_LINKED', status: 422 });
    expect(error.message).toMatch(/not connected to a control panel/);
    expect(panel.requests).toEqual([]);
  });

  it('refuses a signal other than start, stop and restart', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    const error = await rejection(
      panelService(database.db).power(listingId, 'kill' as unknown as 'start'),
    );
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(panel.requests).toEqual([]);
  });
});

describe('power failures: a clear error for the renter and an event for the vendor', () => {
  it('404: a server the panel does not know', async () => {
    const { listingId } = await linkedListing(database.db, panel, { onPanel: false });
    const error = await rejection(panelService(database.db).power(listingId, 'start'));
    expect(error).toMatchObject({ code: 'PANEL_ERROR', status: 502 });
    expect(error.message).toBe(
      "The game server's control panel no longer knows this server, so it was not started. The vendor has been notified.",
    );
    const events = await eventsOf(database.db, listingId);
    expect(events).toHaveLength(1);
    expect(events[0]!.kind).toBe('not_found');
    expect(events[0]!.message).toMatch(
      /^start: The panel has no server '[0-9a-f]{8}' for this API key \(404\)/,
    );
  });

  it('403: a key the panel refuses', async () => {
    const { listingId } = await linkedListing(database.db, panel, {
      apiKey: 'ptlc_RevokedKey000000000000',
    });
    const error = await rejection(panelService(database.db).power(listingId, 'stop'));
    expect(error).toMatchObject({ code: 'PANEL_ERROR', status: 502 });
    expect(error.message).toMatch(/refused the vendor's access key, so the server was not stopped/);
    expect(await eventsOf(database.db, listingId)).toEqual([
      {
        kind: 'unauthorized',
        message: expect.stringMatching(/^stop: The panel refused the client API key \(403\)/),
      },
    ]);
  });

  it("409: a suspended or not installed server, with the panel's reason", async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    panel.setStatus(identifier, 'suspended');
    const suspended = await rejection(panelService(database.db).power(listingId, 'start'));
    expect(suspended).toMatchObject({ code: 'PANEL_ERROR', status: 502 });
    expect(suspended.message).toContain(
      'cannot do this right now: This server is currently suspended and the functionality requested is unavailable.',
    );
    panel.setStatus(identifier, 'install_failed');
    const notInstalled = await rejection(panelService(database.db).power(listingId, 'restart'));
    expect(notInstalled.message).toContain('has not yet completed its installation process');
    const events = await eventsOf(database.db, listingId);
    expect(events.map((event) => event.kind)).toEqual(['conflict', 'conflict']);
    expect(events[1]!.message).toMatch(/^restart: /);
  });

  it("429: PANEL_BUSY with the panel's Retry-After", async () => {
    const { listingId } = await linkedListing(database.db, panel);
    panel.failNext(429, { retryAfterSeconds: 17 });
    const error = await rejection(panelService(database.db).power(listingId, 'start'));
    expect(error).toMatchObject({
      code: 'PANEL_BUSY',
      status: 429,
      headers: { 'Retry-After': '17' },
      details: { retryAfterSeconds: 17 },
    });
    expect(error.message).toBe(
      "The game server's control panel is busy and did not take the request. Try again in 17 seconds.",
    );
    expect((await eventsOf(database.db, listingId))[0]).toMatchObject({ kind: 'busy' });
  });

  it('500: PANEL_ERROR naming the status', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    panel.failNext(500);
    const error = await rejection(panelService(database.db).power(listingId, 'restart'));
    expect(error).toMatchObject({
      code: 'PANEL_ERROR',
      status: 502,
      details: { panelStatus: 500 },
    });
    expect(error.message).toMatch(
      /reported an error \(HTTP 500\), so the server was not restarted/,
    );
    expect(await eventsOf(database.db, listingId)).toEqual([
      {
        kind: 'panel_error',
        message: expect.stringContaining(
          'restart: The panel answered 500: Could not establish a connection',
        ),
      },
    ]);
  });

  it('a slow panel: PANEL_TIMEOUT at the bound, measured not to hang', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    panel.setLatency(10_000);
    const started = Date.now();
    const error = await rejection(
      panelService(database.db, { powerTimeoutMs: 400 }).power(listingId, 'start'),
    );
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ code: 'PANEL_TIMEOUT', status: 504 });
    expect(error.message).toMatch(
      /did not answer within 1 second, so it is not certain the server was started/,
    );
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(elapsed).toBeLessThan(2000);
    expect(panel.serverState(identifier).state).toBe('offline');
    expect((await eventsOf(database.db, listingId))[0]).toMatchObject({
      kind: 'timeout',
      message: 'start: No answer from the panel within 400 ms',
    });
  });

  it('an unreachable panel (closed port): PANEL_UNREACHABLE', async () => {
    const port = await closedPort();
    const { listingId } = await linkedListing(database.db, panel, {
      panelUrl: `http://127.0.0.1:${port}`,
    });
    const started = Date.now();
    const error = await rejection(panelService(database.db).power(listingId, 'start'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ code: 'PANEL_UNREACHABLE', status: 502 });
    expect(error.message).toBe(
      "The game server's control panel cannot be reached right now, so the server was not started. Try again in a few minutes. The vendor has been notified.",
    );
    expect((await eventsOf(database.db, listingId))[0]).toMatchObject({
      kind: 'unreachable',
      message: `start: Cannot connect to the panel at http://127.0.0.1:${port}: ECONNREFUSED`,
    });
  });

  it('a stored key that no longer decrypts: PANEL_ERROR, and the vendor is told to link again', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    await database.db
      .update(listingPanels)
      .set({ apiKeyEncrypted: 'AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(listingPanels.listingId, listingId));
    const error = await rejection(panelService(database.db).power(listingId, 'start'));
    expect(error).toMatchObject({ code: 'PANEL_ERROR', status: 502 });
    expect(panel.requests).toEqual([]);
    expect((await eventsOf(database.db, listingId))[0]).toMatchObject({
      kind: 'key_unreadable',
      message: expect.stringContaining('link the server again'),
    });
  });
});

describe('the vendor key at rest', () => {
  it('is stored encrypted, not in plain text anywhere in the row', async () => {
    const { listingId } = await linkedListing(database.db, panel);
    const [row] = await database.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listingId));
    expect(row!.apiKeyEncrypted).not.toContain(VENDOR_KEY);
    expect(row!.apiKeyEncrypted).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decryptPanelKey(row!.apiKeyEncrypted, secretKey)).toBe(VENDOR_KEY);
    const raw = await queryRows<{ text: string }>(
      database.db,
      sql`select lp::text as text from listing_panels lp where listing_id = ${listingId}`,
    );
    expect(raw[0]!.text).not.toContain(VENDOR_KEY);
    expect(raw[0]!.text).not.toContain(VENDOR_KEY.slice(5, 20));
    expect(row!.demo).toBe(false);
  });

  it('is never part of what the service shows', async () => {
    const { listingId, identifier } = await linkedListing(database.db, panel);
    const service = panelService(database.db);
    expect(await service.linkOf(listingId)).toEqual({
      panelUrl: panel.url,
      serverIdentifier: identifier,
      demo: false,
    });
  });

  it('checks what a vendor links', async () => {
    const vendor = await createVendor(database.db);
    const listing = await createListing(database.db, { vendorId: vendor.id });
    const service = panelService(database.db);
    const base = {
      panelUrl: 'https://panel.example.com',
      serverIdentifier: '1a7ce997',
      apiKey: VENDOR_KEY,
    };
    await expect(
      service.link(listing.id, { ...base, panelUrl: 'panel.example.com' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'panelUrl' }] },
    });
    await expect(
      service.link(listing.id, { ...base, serverIdentifier: '../admin' }),
    ).rejects.toMatchObject({
      details: { fields: [{ field: 'serverIdentifier' }] },
    });
    await expect(service.link(listing.id, { ...base, apiKey: 'a b' })).rejects.toMatchObject({
      details: { fields: [{ field: 'apiKey' }] },
    });
    expect(
      await service.link(listing.id, { ...base, panelUrl: 'https://panel.example.com/' }),
    ).toEqual({
      panelUrl: 'https://panel.example.com',
      serverIdentifier: '1a7ce997',
      demo: false,
    });
    await service.unlink(listing.id);
    expect(await service.linkOf(listing.id)).toBeNull();
    expect(
      await database.db.select().from(panelStates).where(eq(panelStates.listingId, listing.id)),
    ).toEqual([]);
  });
});
