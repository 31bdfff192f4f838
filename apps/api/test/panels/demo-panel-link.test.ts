import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPanels, serverListings } from '../../src/db/schema/index';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import { DEMO_LISTINGS } from '../../src/modules/catalog/catalog-demo-listings';
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { startOfflineWorld } from '@crimsonhost/devnet/offline-world';
import { demoPanelServers } from '../../src/demo/offline-demo';
import { decryptPanelKey, deriveKey } from '../../src/modules/panels/panel-crypto';
import { PanelService } from '../../src/modules/panels/panel.service';
import {
  DEMO_PANEL_API_KEY,
  demoPanelIdentifier,
  demoPanelUrl,
} from '../../src/modules/panels/panels.seed';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { createTestDatabase, type TestDatabase } from '../database';
import { closedPort, silentLog, VENDOR_KEY } from './panel-fixture';

// Below Linux's ephemeral range (32768-60999), apart from demo-seed's 21000-24999: no socket of a
// parallel test file is handed one of these ports by the system.
const portBase = 26_000 + Math.floor(Math.random() * 40) * 100;
const key = deriveKey(TEST_JWT_SECRET);
let database: TestDatabase;
let panel: DemoPanel | null = null;
let panelPort: number;

beforeAll(async () => {
  database = await createTestDatabase();
  panelPort = await closedPort();
});
afterAll(async () => {
  await panel?.close();
  await database.close();
});

describe('the demo panel of the offline demo', () => {
  it('links every demo listing to it, with an 8-character identifier and the demo key encrypted', async () => {
    await seedDemoData(database.db, silentLog, {
      gamePortBase: portBase,
      panel: { url: demoPanelUrl(panelPort), secretKey: key },
    });
    const rows = await database.db
      .select({ link: listingPanels, queryPort: serverListings.queryPort })
      .from(listingPanels)
      .innerJoin(serverListings, eq(serverListings.id, listingPanels.listingId));
    expect(rows).toHaveLength(DEMO_LISTINGS.length);
    for (const { link, queryPort } of rows) {
      expect(link.demo).toBe(true);
      expect(link.panelUrl).toBe(`http://127.0.0.1:${panelPort}`);
      expect(link.serverIdentifier).toMatch(/^[0-9a-f]{8}$/);
      expect(link.serverIdentifier).toBe(demoPanelIdentifier(queryPort - portBase));
      expect(link.apiKeyEncrypted).not.toContain(DEMO_PANEL_API_KEY);
      expect(decryptPanelKey(link.apiKeyEncrypted, key)).toBe(DEMO_PANEL_API_KEY);
    }
    expect(new Set(rows.map((row) => row.link.serverIdentifier)).size).toBe(DEMO_LISTINGS.length);
  });

  it('starts a demo server through the panel it runs, labelled demo', async () => {
    panel = (
      await startOfflineWorld({
        log: silentLog,
        panel: { port: panelPort, servers: demoPanelServers() },
      })
    ).panel;
    expect(panel).not.toBeNull();
    const [row] = await database.db
      .select({ listingId: listingPanels.listingId, identifier: listingPanels.serverIdentifier })
      .from(listingPanels)
      .limit(1);
    const service = new PanelService(database.db, key, silentLog, { cacheMs: 0 });
    expect((await service.runState(row!.listingId))!.state).toBe('stopped');
    await service.power(row!.listingId, 'start');
    expect(panel!.serverState(row!.identifier).state).toBe('starting');
    expect((await service.runState(row!.listingId))!.state).toBe('starting');
    expect(await service.linkOf(row!.listingId)).toMatchObject({ demo: true });
  });

  it('follows a new port or secret on the next start, and leaves real panels alone', async () => {
    const vendorListing = await database.db
      .select({ id: listingPanels.listingId })
      .from(listingPanels)
      .limit(1);
    // A vendor re-linked one demo listing to a real panel.
    await new PanelService(database.db, key, silentLog).link(vendorListing[0]!.id, {
      panelUrl: 'https://panel.example.com',
      serverIdentifier: 'abcdef12',
      apiKey: VENDOR_KEY,
    });
    const otherKey = deriveKey('another-secret-after-setting-jwt-secret-1234');
    await seedDemoData(database.db, silentLog, {
      gamePortBase: portBase,
      panel: { url: demoPanelUrl(panelPort + 1), secretKey: otherKey },
    });
    const rows = await database.db.select().from(listingPanels);
    const real = rows.filter((row) => !row.demo);
    expect(real).toHaveLength(1);
    expect(real[0]).toMatchObject({
      panelUrl: 'https://panel.example.com',
      serverIdentifier: 'abcdef12',
    });
    expect(decryptPanelKey(real[0]!.apiKeyEncrypted, key)).toBe(VENDOR_KEY);
    const demo = rows.filter((row) => row.demo);
    expect(demo).toHaveLength(DEMO_LISTINGS.length - 1);
    for (const row of demo) {
      expect(row.panelUrl).toBe(`http://127.0.0.1:${panelPort + 1}`);
      expect(decryptPanelKey(row.apiKeyEncrypted, otherKey)).toBe(DEMO_PANEL_API_KEY);
    }
  });

  it('goes on without the panel when its port is taken', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const world = await startOfflineWorld({ log, panel: { port, servers: demoPanelServers() } });
    expect(world.panel).toBeNull();
    expect(warnings.join('')).toContain('the demo panel could not start');
    await new Promise((resolve) => holder.close(resolve));
  });
});

describe('the app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The test's panels listen on loopback, let through the address guard by configuration.
    ctx = await createTestApp({ PANEL_ALLOWED_HOSTS: '127.0.0.1' }, (app) => {
      app.post<{ Params: { id: string } }>('/api/test-panels/:id/start', async (request, reply) => {
        await app.services.panels.power(request.params.id, 'start');
        return reply.code(204).send();
      });
    });
  });
  afterAll(() => ctx.close());

  it('offers the panel service, keyed from the JWT secret, and its errors reach the renter as the envelope', async () => {
    expect(ctx.app.services.panels).toBeInstanceOf(PanelService);
    const vendor = await createVendor(ctx.database.db);
    const listing = await createListing(ctx.database.db, { vendorId: vendor.id });

    const unlinked = await ctx.request({
      method: 'POST',
      url: `/api/test-panels/${listing.id}/start`,
    });
    expect(unlinked.statusCode).toBe(422);
    expect(unlinked.json()).toMatchObject({ error: { code: 'PANEL_NOT_LINKED' } });

    const busyPanel = await DemoPanel.start();
    busyPanel.addServer({ identifier: 'beefcafe', apiKey: VENDOR_KEY });
    await ctx.app.services.panels.link(listing.id, {
      panelUrl: busyPanel.url,
      serverIdentifier: 'beefcafe',
      apiKey: VENDOR_KEY,
    });
    const [stored] = await ctx.database.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listing.id));
    expect(decryptPanelKey(stored!.apiKeyEncrypted, deriveKey(TEST_JWT_SECRET))).toBe(VENDOR_KEY);

    busyPanel.failNext(429, { retryAfterSeconds: 9 });
    const busy = await ctx.request({ method: 'POST', url: `/api/test-panels/${listing.id}/start` });
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('9');
    expect(busy.json()).toEqual({
      error: {
        code: 'PANEL_BUSY',
        message:
          "The game server's control panel is busy and did not take the request. Try again in 9 seconds.",
        details: { retryAfterSeconds: 9 },
      },
    });

    const ok = await ctx.request({ method: 'POST', url: `/api/test-panels/${listing.id}/start` });
    expect(ok.statusCode).toBe(204);
    expect(busyPanel.serverState('beefcafe').state).toBe('starting');
    await busyPanel.close();
  });
});
