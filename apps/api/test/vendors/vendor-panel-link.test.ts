// The panel link of a vendor's listing (issue 16 point 5, decision 040), against the Pterodactyl
// stand-in: saved with its key encrypted and never answered again, "Test connection" in plain
// words for a running server, a wrong key, an unknown server, a panel too slow and nginx's 502,
// the address guard at save and at each call (a test resolver plays DNS, rebinding included),
// another vendor's listing not found, and the panel errors of the vendor's rentals.
import { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPanels, panelEvents } from '../../src/db/schema/index';
import type { ResolvedAddress, Resolver } from '../../src/lib/outbound-guard';
import { DEMO_HOST } from '../../src/modules/catalog/catalog-demo-listings';
import { decryptPanelKey, deriveKey } from '../../src/modules/panels/panel-crypto';
import {
  DEMO_PANEL_API_KEY,
  demoPanelIdentifier,
  demoPanelUrl,
  linkDemoPanels,
} from '../../src/modules/panels/panels.seed';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../app';
import { createListing } from '../catalog/catalog-factories';
import { nextIdentifier, VENDOR_KEY } from '../panels/panel-fixture';
import { activeVendor, setVendorStatus } from './vendor-fixture';

const PUBLIC = '93.184.215.14';
const OTHER_KEY = 'ptlc_SomebodyElsesKey0000000000000000000000000000';

let ctx: TestContext;
let panel: DemoPanel;
/** What the test resolver answers, name by name; each call takes the next answer, the last for good. */
const dns = new Map<string, string[]>();
const resolver: Resolver = async (hostname) => {
  const answers = dns.get(hostname);
  if (!answers || answers.length === 0) throw new Error(`ENOTFOUND ${hostname}`);
  const address = answers.length > 1 ? answers.shift()! : answers[0]!;
  return [{ address, family: address.includes(':') ? 6 : 4 } satisfies ResolvedAddress];
};

beforeAll(async () => {
  panel = await DemoPanel.start({ startDelayMs: 60_000, stopDelayMs: 60_000 });
  const port = new URL(panel.url).port;
  // The stand-in listens on loopback: let through by configuration, on its port only, as the
  // demo's panel is.
  ctx = await createTestApp(
    { PANEL_ALLOWED_HOSTS: `127.0.0.1:${port}`, PANEL_TEST_TIMEOUT_MS: '300' },
    undefined,
    { panelResolver: resolver },
  );
});
afterAll(async () => {
  await ctx.close();
  await panel.close();
});

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => ctx.request({ method, url, headers, ...(payload ? { payload } : {}) });

/** An active vendor with one listing and a server of theirs on the panel. */
async function vendorWithListing(name = 'Panel Vendor') {
  const vendor = await activeVendor(ctx, name);
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.user.id,
    name: `${name} server`,
  });
  const identifier = nextIdentifier();
  panel.addServer({ identifier, apiKey: VENDOR_KEY });
  const url = `/api/vendor/listings/${listing.id}/panel`;
  const link = (overrides: Record<string, string> = {}) =>
    call('PUT', url, vendor.headers, {
      url: panel.url,
      serverIdentifier: identifier,
      apiKey: VENDOR_KEY,
      ...overrides,
    });
  const test = () => call('POST', `${url}/test`, vendor.headers);
  return { vendor, listing, identifier, url, link, test };
}

describe('a listing’s panel link', () => {
  it('is saved with its key encrypted, answered with only its last 4 characters', async () => {
    const { vendor, listing, identifier, url, link } = await vendorWithListing();
    expect((await call('GET', url, vendor.headers)).json()).toEqual({ data: null });

    const saved = await link({ url: `${panel.url}/` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      data: {
        url: panel.url,
        serverIdentifier: identifier,
        keyHint: VENDOR_KEY.slice(-4),
        demo: false,
        linkedAt: expect.any(String),
        lastTest: null,
      },
    });
    const read = await call('GET', url, vendor.headers);
    expect(read.json()).toEqual(saved.json());
    for (const answer of [saved, read]) expect(answer.body).not.toContain(VENDOR_KEY.slice(0, 12));

    const [row] = await ctx.database.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listing.id));
    expect(row!.apiKeyEncrypted).not.toContain(VENDOR_KEY);
    expect(decryptPanelKey(row!.apiKeyEncrypted, deriveKey(TEST_JWT_SECRET))).toBe(VENDOR_KEY);
  });

  it('tests the connection and says what the panel answered, in plain words', async () => {
    const { vendor, identifier, url, link, test } = await vendorWithListing('Tester');
    expect((await test()).json()).toMatchObject({ error: { code: 'PANEL_NOT_LINKED' } });
    await link();

    panel.setState(identifier, 'running');
    const running = await test();
    expect(running.statusCode).toBe(200);
    expect(running.json()).toEqual({
      data: {
        ok: true,
        outcome: 'running',
        message: 'Connected. The server is running, using 23.5% CPU and 1.5 GB of memory.',
        testedAt: expect.any(String),
        resources: {
          cpuPercent: 23.5,
          memoryBytes: 1_610_612_736,
          diskBytes: 4_294_967_296,
          uptimeSeconds: expect.any(Number),
        },
      },
    });
    const request = panel.requests.at(-1)!;
    expect(request.path).toBe(`/api/client/servers/${identifier}/resources`);
    expect(request.headers.authorization).toBe(`Bearer ${VENDOR_KEY}`);

    panel.setState(identifier, 'offline');
    expect((await test()).json().data).toMatchObject({
      ok: true,
      outcome: 'offline',
      message: 'Connected. The server is offline; a renter can start it from their rental.',
    });
    // The last result is kept with the link.
    expect((await call('GET', url, vendor.headers)).json().data.lastTest).toEqual({
      ok: true,
      outcome: 'offline',
      message: 'Connected. The server is offline; a renter can start it from their rental.',
      testedAt: expect.any(String),
    });
  });

  it('says the panel refused the key, or has no such server', async () => {
    const { identifier, link, test } = await vendorWithListing('Wrong Key');
    panel.addKey(OTHER_KEY);
    await link({ apiKey: OTHER_KEY });
    expect((await test()).json().data).toMatchObject({
      ok: false,
      outcome: 'no_server',
      message: `There is no server ${identifier} on that panel for this key. Check the server identifier.`,
    });
    await link({ apiKey: 'ptlc_NotAKeyThePanelKnows000000000000000000000000' });
    expect((await test()).json().data).toMatchObject({
      ok: false,
      outcome: 'refused_key',
      message:
        'The panel refused the key (403). Check it is a client API key (Account → API Credentials) of a user who may use this server.',
      resources: null,
    });
    await link({ serverIdentifier: 'deadbeef' });
    expect((await test()).json().data).toMatchObject({ outcome: 'no_server' });
  });

  it('says when the panel is too slow, or answers 502', async () => {
    const { link, test } = await vendorWithListing('Slow Panel');
    await link();
    panel.setLatency(2000);
    try {
      expect((await test()).json().data).toMatchObject({
        ok: false,
        outcome: 'timeout',
        message: 'The panel did not answer within 0.3 s.',
      });
    } finally {
      panel.setLatency(0);
    }
    panel.failNext(502);
    expect((await test()).json().data).toMatchObject({
      ok: false,
      outcome: 'panel_error',
      message: 'The panel answered 502.',
    });
  });

  it('unlinks', async () => {
    const { vendor, url, link } = await vendorWithListing('Unlinker');
    await link();
    expect((await call('DELETE', url, vendor.headers)).statusCode).toBe(204);
    expect((await call('GET', url, vendor.headers)).json()).toEqual({ data: null });
  });
});

describe('the address guard on a panel link', () => {
  it('refuses at save what is not https or not on the public internet, in words', async () => {
    const { link } = await vendorWithListing('Guarded');
    dns.set('panel.vendor.example', [PUBLIC]);
    dns.set('inside.vendor.example', ['10.20.30.40']);
    dns.set('metadata.vendor.example', ['fd00:ec2::254']);
    const refused = async (url: string) => {
      const answer = await link({ url });
      expect(answer.statusCode).toBe(422);
      const body = answer.json<{
        error: { code: string; message: string; details: { fields: Array<{ field: string }> } };
      }>();
      expect(body.error.code).toBe('PANEL_ADDRESS_REFUSED');
      expect(body.error.details.fields[0]!.field).toBe('url');
      return body.error.message;
    };
    expect(await refused('http://panel.vendor.example')).toBe(
      'The panel address must start with https://, so that its key is never sent in the clear.',
    );
    expect(await refused('https://inside.vendor.example')).toBe(
      'inside.vendor.example points to 10.20.30.40, a private network address. A panel must be reachable on the public internet.',
    );
    expect(await refused('https://metadata.vendor.example')).toContain(
      'the address of a cloud metadata service',
    );
    expect(await refused('https://169.254.169.254')).toBe(
      '169.254.169.254 is the address of a cloud metadata service. A panel must be reachable on the public internet.',
    );
    expect(await refused('https://[::ffff:127.0.0.1]')).toContain('a loopback address');
    // The allowed host is allowed on its own port only.
    const otherPort = Number(new URL(panel.url).port) + 1;
    expect(await refused(`https://127.0.0.1:${otherPort}`)).toContain('a loopback address');
    expect(await refused('https://nowhere.vendor.example')).toContain('cannot be found');

    expect((await link({ url: 'https://panel.vendor.example' })).statusCode).toBe(200);
  });

  it('refuses at call time a name that has moved inside since it was saved (DNS rebinding)', async () => {
    const { vendor, url, link, test } = await vendorWithListing('Rebinder');
    // Public when saved; loopback, the panel stand-in's own address, when called.
    dns.set('rebind.vendor.example', [PUBLIC, '127.0.0.1']);
    expect((await link({ url: 'https://rebind.vendor.example' })).statusCode).toBe(200);
    const before = panel.requests.length;
    const answer = await test();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      ok: false,
      outcome: 'address_refused',
      message:
        'rebind.vendor.example points to 127.0.0.1, a loopback address (this machine itself). A panel must be reachable on the public internet.',
      testedAt: expect.any(String),
      resources: null,
    });
    expect(panel.requests.length).toBe(before);
    expect((await call('GET', url, vendor.headers)).json().data.lastTest.outcome).toBe(
      'address_refused',
    );
  });
});

describe('who may see and change a panel link', () => {
  it('answers 404 for another vendor’s listing, and lets only an active vendor write', async () => {
    const owner = await vendorWithListing('Owner');
    await owner.link();
    const other = await activeVendor(ctx, 'Other Vendor');
    for (const [method, path] of [
      ['GET', owner.url],
      ['PUT', owner.url],
      ['DELETE', owner.url],
      ['POST', `${owner.url}/test`],
      ['GET', '/api/vendor/listings/not-a-uuid/panel'],
    ] as const) {
      const answer = await call(
        method,
        path,
        other.headers,
        method === 'PUT'
          ? {
              url: 'https://panel.vendor.example',
              serverIdentifier: owner.identifier,
              apiKey: VENDOR_KEY,
            }
          : undefined,
      );
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(
      (await call('GET', `/api/vendor/panel-errors?listingId=${owner.listing.id}`, other.headers))
        .statusCode,
    ).toBe(404);

    await setVendorStatus(ctx, owner.vendor.user.id, 'SUSPENDED');
    const refused = await owner.link();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'VENDOR_NOT_ACTIVE' } });
    expect((await call('DELETE', owner.url, owner.vendor.headers)).statusCode).toBe(403);
    expect((await call('GET', owner.url, owner.vendor.headers)).statusCode).toBe(200);
  });

  it('checks the fields it takes', async () => {
    const { link } = await vendorWithListing('Fields');
    const answer = await link({ serverIdentifier: '../admin', apiKey: 'a b' });
    expect(answer.statusCode).toBe(400);
    expect(
      answer
        .json<{ error: { details: { fields: Array<{ field: string }> } } }>()
        .error.details.fields.map((issue) => issue.field),
    ).toEqual(['serverIdentifier', 'apiKey']);
  });
});

describe('the panel errors of a vendor’s rentals', () => {
  it('lists what renters met at the panel, newest first, paged, for the vendor only', async () => {
    const first = await vendorWithListing('Errors Vendor');
    await first.link();
    // A renter's start meets nginx's 502; a state read meets a wrong key.
    panel.failNext(502);
    await expect(ctx.app.services.panels.power(first.listing.id, 'start')).rejects.toMatchObject({
      code: 'PANEL_ERROR',
    });
    const second = await createListing(ctx.database.db, {
      vendorId: first.vendor.user.id,
      name: 'Second server',
    });
    await ctx.database.db.insert(panelEvents).values(
      Array.from({ length: 11 }, (_, index) => ({
        listingId: second.id,
        kind: 'timeout',
        message: `state: No answer from the panel within 4000 ms (${index})`,
        createdAt: new Date(Date.now() - (index + 1) * 60_000),
      })),
    );

    const page1 = await call('GET', '/api/vendor/panel-errors?pageSize=10', first.vendor.headers);
    expect(page1.statusCode).toBe(200);
    const body = page1.json<{
      data: Array<{ listingName: string; kind: string; summary: string; detail: string }>;
      meta: object;
    }>();
    expect(body.meta).toEqual({ page: 1, pageSize: 10, total: 12 });
    expect(body.data[0]).toMatchObject({
      listingId: first.listing.id,
      listingName: 'Errors Vendor server',
      kind: 'panel_error',
      summary: 'The panel answered with an error.',
      detail: expect.stringContaining('start: The panel answered 502'),
      at: expect.any(String),
    });
    expect(body.data[1]).toMatchObject({
      listingName: 'Second server',
      summary: 'The panel did not answer in time.',
      detail: 'state: No answer from the panel within 4000 ms (0)',
    });
    const page2 = await call(
      'GET',
      '/api/vendor/panel-errors?pageSize=10&page=2',
      first.vendor.headers,
    );
    expect(page2.json<{ data: unknown[] }>().data).toHaveLength(2);

    const one = await call(
      'GET',
      `/api/vendor/panel-errors?listingId=${first.listing.id}`,
      first.vendor.headers,
    );
    expect(one.json<{ meta: { total: number } }>().meta.total).toBe(1);

    const stranger = await activeVendor(ctx, 'No Errors');
    expect((await call('GET', '/api/vendor/panel-errors', stranger.headers)).json()).toEqual({
      data: [],
      meta: { page: 1, pageSize: 20, total: 0 },
    });
  });
});

describe('the demo’s vendor listings', () => {
  it('stay linked to the demo panel, which the demo’s configuration lets through', async () => {
    const demoPanel = await DemoPanel.start();
    const port = Number(new URL(demoPanel.url).port);
    // As `npm start` configures it: no PANEL_ALLOWED_HOSTS, the demo data on, the panel's port.
    const demo = await createTestApp({ DEMO_PANEL_PORT: String(port), DEMO_DATA: 'true' });
    try {
      const vendor = await activeVendor(demo, 'Demo Vendor');
      const gamePortBase = 39_100;
      const listing = await createListing(demo.database.db, {
        vendorId: vendor.user.id,
        host: DEMO_HOST,
        queryPort: gamePortBase,
      });
      demoPanel.addServer({ identifier: demoPanelIdentifier(0), apiKey: DEMO_PANEL_API_KEY });
      await linkDemoPanels(demo.database.db, {
        vendorIds: [vendor.user.id],
        panelUrl: demoPanelUrl(port),
        secretKey: deriveKey(TEST_JWT_SECRET),
        gamePortBase,
      });
      const url = `/api/vendor/listings/${listing.id}/panel`;
      expect((await demo.request({ method: 'GET', url, headers: vendor.headers })).json()).toEqual({
        data: expect.objectContaining({
          url: `http://127.0.0.1:${port}`,
          demo: true,
          keyHint: DEMO_PANEL_API_KEY.slice(-4),
        }),
      });
      const tested = await demo.request({
        method: 'POST',
        url: `${url}/test`,
        headers: vendor.headers,
      });
      expect(tested.json().data).toMatchObject({ ok: true, outcome: 'offline' });
      // The exception is the demo panel's host and port, nothing else on loopback.
      const elsewhere = await demo.request({
        method: 'PUT',
        url,
        headers: vendor.headers,
        payload: {
          url: `http://127.0.0.1:${port + 1}`,
          serverIdentifier: demoPanelIdentifier(0),
          apiKey: DEMO_PANEL_API_KEY,
        },
      });
      expect(elsewhere.statusCode).toBe(422);
    } finally {
      await demo.close();
      await demoPanel.close();
    }
  });
});

describe('a new vendor’s listing of a spare demo game server', () => {
  it('is offered the demo panel’s link; any other listing is not, and another vendor’s is not found', async () => {
    const { DEMO_SPARE_GAME_SERVERS } =
      await import('../../src/modules/catalog/catalog-demo-listings');
    const spare = DEMO_SPARE_GAME_SERVERS[1]!;
    const vendor = await activeVendor(ctx, 'Spare Vendor');
    // The test app runs with the demo's default ports (the demo data is on without DATABASE_URL).
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      host: DEMO_HOST,
      queryPort: ctx.config.DEMO_GAME_PORT_BASE + spare.index,
    });
    const offered = await call(
      'GET',
      `/api/vendor/listings/${listing.id}/panel/demo`,
      vendor.headers,
    );
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toEqual({
      url: demoPanelUrl(ctx.config.DEMO_PANEL_PORT),
      serverIdentifier: demoPanelIdentifier(spare.index),
      apiKey: DEMO_PANEL_API_KEY,
    });

    const real = await createListing(ctx.database.db, { vendorId: vendor.user.id });
    const none = await call('GET', `/api/vendor/listings/${real.id}/panel/demo`, vendor.headers);
    expect(none.json()).toEqual({ data: null });

    const other = await activeVendor(ctx, 'Other Spare Vendor');
    const hidden = await call(
      'GET',
      `/api/vendor/listings/${listing.id}/panel/demo`,
      other.headers,
    );
    expect(hidden.statusCode).toBe(404);
  });
});
