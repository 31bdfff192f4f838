// A vendor's listings (issue 16 points 4 and 10, decision 038): every validation, the check before
// a listing reaches the catalog (the status job against a real A2S responder), pause, resume,
// delete and the game or address refused while rented, the record of price and game changes, the
// image checked by its content, resized and served from the app, and the game server's address
// kept off loopback, private networks and metadata services, at save and at query (decision 040).
import { A2sResponder } from '@crimsonhost/devnet/a2s-responder';
import { eq, notInArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { gameAllowedHosts, loadConfig } from '../../src/config';
import { serverStatusChecks } from '../../src/db/schema/index';
import type { ResolvedAddress, Resolver } from '../../src/lib/outbound-guard';
import { GameStatusWorker } from '../../src/modules/catalog/game-status.job';
import { createTestApp, recordingMailer, TEST_JWT_SECRET, type TestContext } from '../app';
import { createTestDatabase } from '../database';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { activeVendor, setVendorStatus } from './vendor-fixture';

let ctx: TestContext;
let worker: GameStatusWorker;
/** One game server per listing: each game server is listed once. */
const responders: A2sResponder[] = [];

beforeAll(async () => {
  // No answer cache: each read of the catalog sees the change at once.
  ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' });
  worker = new GameStatusWorker(ctx.database.db, pino({ level: 'silent' }), {
    intervalMs: 60_000,
    timeoutMs: 300,
    attempts: 1,
    missThreshold: 2,
    concurrency: 4,
    // As the test app's configuration: the demo game servers' host is allowed.
    hostCheck: { allowedHosts: gameAllowedHosts(ctx.config) },
  });
});
afterAll(async () => {
  await Promise.all(responders.map((responder) => responder.close()));
  await ctx.close();
});

/** A game server answering A2S on a port of its own: 3 of 20 players. */
async function gameServerPort() {
  const responder = await A2sResponder.start({ name: 'Vendor CS', players: 3, maxPlayers: 20 });
  responders.push(responder);
  return responder.port;
}

type Headers = Record<string, string>;
type Listing = {
  id: string;
  state: string;
  status: string;
  availability: string;
  price: string;
  image: string | null;
  queryPort: number;
  players: { current: number; max: number };
  lastError: string | null;
  rented: boolean;
  changes: Array<{ field: string; from: string; to: string }>;
};

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => ctx.request({ method, url, headers, ...(payload ? { payload } : {}) });

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Frag Arena',
    game: 'csgo',
    region: 'fra',
    cpu: '4 vCores',
    ram: '8 GB',
    storage: '',
    playersMax: 20,
    price: '0.123456',
    description: '**Tickrate 128**, five maps.',
    host: '127.0.0.1',
    queryPort: 27015,
    ...overrides,
  };
}

async function create(headers: Headers, overrides: Record<string, unknown> = {}) {
  const port = overrides.queryPort ?? (await gameServerPort());
  const response = await call(
    'POST',
    '/api/vendor/listings',
    headers,
    form({ queryPort: port, ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Listing }>().data;
}

const detail = async (headers: Headers, id: string) =>
  (await call('GET', `/api/vendor/listings/${id}`, headers)).json<{ data: Listing }>().data;
const inCatalog = async (id: string) =>
  (await ctx.request({ method: 'GET', url: `/api/servers/${id}` })).statusCode === 200;

/** Runs the status job over everything due now, as its next tick would. */
const statusJobRuns = () => worker.checkDueServers();

describe('creating a listing', () => {
  it('refuses each invalid field with a sentence under that field', async () => {
    const vendor = await activeVendor(ctx);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: 'ab' }, 'name', /at least 3/],
      [{ game: 'tetris' }, 'game', /Choose a game/],
      [{ region: 'atlantis' }, 'region', /Choose a region from the list/],
      [{ price: '0.009' }, 'price', /at least 0\.01/],
      [{ price: '0.1234567' }, 'price', /at most 6 decimals/],
      [{ price: '10000.01' }, 'price', /at most 10,000/],
      [{ price: '-1' }, 'price', /such as 0\.25/],
      [{ playersMax: 0 }, 'playersMax', /at least 1/],
      [{ playersMax: 2.5 }, 'playersMax', /whole number/],
      [{ host: 'http://play.example.com' }, 'host', /without http/],
      [{ host: 'play.example.com:25565' }, 'host', /without http/],
      [{ queryPort: 0 }, 'queryPort', /1 to 65535/],
      [{ queryPort: 70000 }, 'queryPort', /1 to 65535/],
      [{ description: 'x'.repeat(5001) }, 'description', /at most 5000/],
      [{ cpu: 'a\u202Eb' }, 'cpu', /text-direction/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/api/vendor/listings', vendor.headers, form(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const issues = response.json<{
        error: { details: { fields: Array<{ field: string; message: string }> } };
      }>().error.details.fields;
      expect(
        issues.find((issue) => issue.field === field)?.message,
        JSON.stringify(overrides),
      ).toMatch(message);
    }
  });

  it('keeps a new listing out of the catalog until its game server answers the status query', async () => {
    const vendor = await activeVendor(ctx);
    const created = await create(vendor.headers);
    expect(created).toMatchObject({ state: 'CHECKING', status: 'offline', price: '0.123456' });
    expect(await inCatalog(created.id)).toBe(false);

    await statusJobRuns();
    const live = await detail(vendor.headers, created.id);
    expect(live).toMatchObject({
      state: 'LIVE',
      status: 'online',
      players: { current: 3, max: 20 },
    });
    expect(await inCatalog(created.id)).toBe(true);
  });

  it('stays checking, with the reason in plain words, while nothing answers', async () => {
    const vendor = await activeVendor(ctx);
    const silent = await A2sResponder.start({ name: 'Gone', players: 0, maxPlayers: 1 });
    const port = silent.port;
    await silent.close();
    const created = await create(vendor.headers, { queryPort: port });
    await statusJobRuns();
    const waiting = await detail(vendor.headers, created.id);
    expect(waiting.state).toBe('CHECKING');
    expect((waiting as unknown as { lastError: string }).lastError).toMatch(
      /did not answer|Nothing answered/,
    );
    expect(await inCatalog(created.id)).toBe(false);
  });

  it('is for active vendors only: a suspended vendor reads but cannot write', async () => {
    const vendor = await activeVendor(ctx, 'Soon Suspended');
    const created = await create(vendor.headers);
    await setVendorStatus(ctx, vendor.user.id, 'SUSPENDED');
    const refused = await call('POST', '/api/vendor/listings', vendor.headers, form());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'VENDOR_NOT_ACTIVE',
      message: expect.stringMatching(/suspended/),
    });
    expect(
      (await call('POST', `/api/vendor/listings/${created.id}/pause`, vendor.headers)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/vendor/listings', vendor.headers)).statusCode).toBe(200);
  });
});

describe('one game server, one listing', () => {
  it('refuses a second listing of the same address and query port, by anyone', async () => {
    const first = await activeVendor(ctx, 'First Lister');
    const second = await activeVendor(ctx, 'Second Lister');
    const listing = await create(first.headers);
    const again = await call(
      'POST',
      '/api/vendor/listings',
      second.headers,
      form({ queryPort: listing.queryPort }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details.fields).toEqual([
      { field: 'queryPort', message: expect.stringMatching(/already uses this address/) },
    ]);
    // Editing the listing itself keeps its own address.
    const edited = await call(
      'PUT',
      `/api/vendor/listings/${listing.id}`,
      first.headers,
      form({ queryPort: listing.queryPort, name: 'Renamed Arena' }),
    );
    expect(edited.statusCode).toBe(200);
    // Once deleted, the address is free again.
    await call('DELETE', `/api/vendor/listings/${listing.id}`, first.headers);
    await create(second.headers, { queryPort: listing.queryPort });
  });
});

describe('a vendor’s own listings', () => {
  it('answers 404 for another vendor’s listing, on every route', async () => {
    const owner = await activeVendor(ctx, 'Owner');
    const other = await activeVendor(ctx, 'Other');
    const listing = await create(owner.headers);
    const url = `/api/vendor/listings/${listing.id}`;
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PUT', url, form()],
      ['POST', `${url}/pause`, undefined],
      ['POST', `${url}/resume`, undefined],
      ['DELETE', url, undefined],
      ['DELETE', `${url}/image`, undefined],
    ] as const) {
      const response = await call(method, path, other.headers, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = await call('GET', '/api/vendor/listings', other.headers);
    expect(list.json<{ data: Listing[] }>().data.map((row) => row.id)).not.toContain(listing.id);
  });
});

describe('editing, pausing and deleting', () => {
  it('records price and game changes, and a new game or address is checked again', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    await statusJobRuns();

    const repriced = await call(
      'PUT',
      `/api/vendor/listings/${listing.id}`,
      vendor.headers,
      form({ price: '0.5', queryPort: listing.queryPort }),
    );
    expect(repriced.statusCode).toBe(200);
    // A price change keeps the listing live.
    expect(repriced.json<{ data: Listing }>().data).toMatchObject({
      state: 'LIVE',
      price: '0.500000',
    });

    const moved = await call(
      'PUT',
      `/api/vendor/listings/${listing.id}`,
      vendor.headers,
      form({ price: '0.5', game: 'rust', queryPort: listing.queryPort }),
    );
    const afterMove = moved.json<{ data: Listing }>().data;
    expect(afterMove.state).toBe('CHECKING');
    expect(await inCatalog(listing.id)).toBe(false);
    expect(afterMove.changes.map(({ field, from, to }) => ({ field, from, to }))).toEqual([
      { field: 'game', from: 'csgo', to: 'rust' },
      { field: 'price', from: '0.123456', to: '0.500000' },
    ]);
    await statusJobRuns();
    expect((await detail(vendor.headers, listing.id)).state).toBe('LIVE');
  });

  it('pauses into maintenance and resumes; refuses pause, delete and a move while rented', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    await statusJobRuns();

    const paused = await call('POST', `/api/vendor/listings/${listing.id}/pause`, vendor.headers);
    expect(paused.json<{ data: Listing }>().data).toMatchObject({
      state: 'PAUSED',
      status: 'maintenance',
      availability: 'MAINTENANCE',
    });
    // Still in the catalog, shown in maintenance, and the status job leaves it so.
    await statusJobRuns();
    expect(await inCatalog(listing.id)).toBe(true);
    expect((await detail(vendor.headers, listing.id)).status).toBe('maintenance');

    const resumed = await call('POST', `/api/vendor/listings/${listing.id}/resume`, vendor.headers);
    expect(resumed.json<{ data: Listing }>().data).toMatchObject({
      state: 'LIVE',
      availability: 'AVAILABLE',
    });
    await statusJobRuns();
    expect((await detail(vendor.headers, listing.id)).status).toBe('online');

    const tenant = await renter(ctx, 10n * USDT);
    await rentServer(ctx, tenant.headers, listing.id, 1);
    expect((await detail(vendor.headers, listing.id)).rented).toBe(true);
    for (const [method, path, payload] of [
      ['POST', `/api/vendor/listings/${listing.id}/pause`, undefined],
      ['DELETE', `/api/vendor/listings/${listing.id}`, undefined],
      ['PUT', `/api/vendor/listings/${listing.id}`, form({ host: 'other.example.com' })],
    ] as const) {
      const response = await call(method, path, vendor.headers, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'LISTING_RENTED',
        message: expect.stringMatching(/rented right now/),
      });
    }
    // A new price while rented is allowed: the running rental keeps the price it was paid at.
    const repriced = await call(
      'PUT',
      `/api/vendor/listings/${listing.id}`,
      vendor.headers,
      form({ price: '1', queryPort: listing.queryPort }),
    );
    expect(repriced.statusCode).toBe(200);
  });

  it('deletes an unrented listing: gone from the catalog and the vendor’s list', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    await statusJobRuns();
    expect(await inCatalog(listing.id)).toBe(true);
    expect(
      (await call('DELETE', `/api/vendor/listings/${listing.id}`, vendor.headers)).statusCode,
    ).toBe(204);
    expect(await inCatalog(listing.id)).toBe(false);
    expect(
      (await call('GET', `/api/vendor/listings/${listing.id}`, vendor.headers)).statusCode,
    ).toBe(404);
    const list = await call('GET', '/api/vendor/listings', vendor.headers);
    expect(list.json<{ data: Listing[] }>().data.map((row) => row.id)).not.toContain(listing.id);
    // The status job never asks its game server again, however due its check is.
    await ctx.database.db
      .update(serverStatusChecks)
      .set({ nextCheckAt: sql`now() - interval '1 second'`, leaseUntil: null })
      .where(eq(serverStatusChecks.listingId, listing.id));
    await statusJobRuns();
    const [check] = await ctx.database.db
      .select({
        nextCheckAt: serverStatusChecks.nextCheckAt,
        holder: serverStatusChecks.leaseHolder,
      })
      .from(serverStatusChecks)
      .where(eq(serverStatusChecks.listingId, listing.id));
    expect(check!.nextCheckAt.getTime()).toBeLessThan(Date.now());
    expect(check!.holder).toBeNull();
  });
});

describe('a listing’s image', () => {
  const upload = (headers: Headers, id: string, body: Buffer) =>
    ctx.request({
      method: 'PUT',
      url: `/api/vendor/listings/${id}/image`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });

  it('is resized to WebP with its metadata dropped, served from the app under a new path each time', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    const photo = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#b91c1c' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Camera Owner', Software: 'Photo Tool' } })
      .toBuffer();

    const first = await upload(vendor.headers, listing.id, photo);
    expect(first.statusCode, first.body).toBe(200);
    const path = first.json<{ data: Listing }>().data.image!;
    expect(path).toMatch(new RegExp(`^/api/listing-images/${listing.id}/1$`));

    const served = await ctx.request({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Camera Owner'))).toBe(false);

    const second = await upload(vendor.headers, listing.id, photo);
    expect(second.json<{ data: Listing }>().data.image).toMatch(/\/2$/);
    // The old path is no longer served.
    expect((await ctx.request({ method: 'GET', url: path })).statusCode).toBe(404);

    const removed = await call(
      'DELETE',
      `/api/vendor/listings/${listing.id}/image`,
      vendor.headers,
    );
    expect(removed.json<{ data: Listing }>().data.image).toBeNull();
  });

  it('refuses what is not an image by its bytes, a damaged image, and an empty file', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const notImage = await upload(vendor.headers, listing.id, svg);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error).toMatchObject({
      code: 'IMAGE_REFUSED',
      message: expect.stringMatching(/not a PNG, JPEG or WebP/),
    });

    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const damaged = await upload(vendor.headers, listing.id, png.subarray(0, 60));
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json().error.message).toMatch(/cannot be read/);

    const empty = await upload(vendor.headers, listing.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect((await detail(vendor.headers, listing.id)).image).toBeNull();
  });

  it('refuses a file over 8 MB with 413 in the envelope', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    const large = await upload(vendor.headers, listing.id, Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('FILE_TOO_LARGE');
  });
});

describe('at the same moment', () => {
  it('lets one of two listings of one game server through', async () => {
    const first = await activeVendor(ctx, 'Racer One');
    const second = await activeVendor(ctx, 'Racer Two');
    const port = await gameServerPort();
    const answers = await Promise.all(
      [first, second].map((vendor) =>
        call('POST', '/api/vendor/listings', vendor.headers, form({ queryPort: port })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
  });

  it('never deletes a listing that a renter is taking: one of the two wins, whole', async () => {
    const vendor = await activeVendor(ctx);
    const listing = await create(vendor.headers);
    await statusJobRuns();
    const tenant = await renter(ctx, 10n * USDT);
    const [rent, remove] = await Promise.all([
      ctx.request({
        method: 'POST',
        url: '/api/rentals',
        headers: withKey(tenant.headers),
        payload: { serverId: listing.id, hours: 1 },
      }),
      call('DELETE', `/api/vendor/listings/${listing.id}`, vendor.headers),
    ]);
    if (rent.statusCode === 201) {
      expect(remove.statusCode).toBe(409);
      expect((await detail(vendor.headers, listing.id)).rented).toBe(true);
    } else {
      expect(remove.statusCode).toBe(204);
      expect(rent.statusCode).toBeGreaterThanOrEqual(400);
      expect(rent.statusCode).toBeLessThan(500);
    }
  });
});

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';
const ON_THE_INTERNET = 'A game server must be reachable on the public internet.';

/** Host names and their addresses as the test resolver answers them; other names do not resolve. */
const dnsAnswers = new Map<string, string[]>();
/** Names whose lookup never answers, as a DNS server that has gone quiet. */
const dnsSilent = new Set<string>();
const testResolver: Resolver = async (hostname) => {
  if (dnsSilent.has(hostname)) return new Promise<never>(() => undefined);
  const answers = dnsAnswers.get(hostname);
  if (!answers) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
  return answers.map((address): ResolvedAddress => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
};

/**
 * An app as `createTestApp` builds it, whose game server host names resolve through the test
 * resolver, and without the demo game servers: no host is exempt from the address check.
 */
async function appWithGameResolver(): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CATALOG_CACHE_TTL_MS: '0',
    DEMO_GAME_SERVERS: 'false',
  });
  const database = await createTestDatabase();
  const mailer = recordingMailer();
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    gameResolver: testResolver,
  });
  await app.ready();
  const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
    data: { csrfToken: string };
  }>().data.csrfToken;
  return {
    app,
    csrf,
    mailer,
    request: (options) =>
      app.inject({ ...options, headers: { 'x-csrf-token': csrf, ...options.headers } }),
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('the game server’s address (decision 040)', () => {
  let guarded: TestContext;

  beforeAll(async () => {
    guarded = await appWithGameResolver();
  });
  afterAll(() => guarded?.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => guarded.request({ method, url, headers, ...(payload ? { payload } : {}) });

  /** The sentence under `host` of a 400 answer. */
  function hostRefusal(response: Awaited<ReturnType<typeof send>>, label: string) {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
    const error = response.json<{
      error: { code: string; details: { fields: Array<{ field: string; message: string }> } };
    }>().error;
    expect(error.code, label).toBe('VALIDATION_ERROR');
    expect(
      error.details.fields.map((issue) => issue.field),
      label,
    ).toEqual(['host']);
    return error.details.fields[0]!.message;
  }

  it('refuses loopback, private, link-local and metadata addresses, by IP or by name, and a name that does not resolve', async () => {
    const vendor = await activeVendor(guarded);
    dnsAnswers.set('inside.example.com', ['10.0.0.5']);
    dnsAnswers.set('self.example.com', ['::1']);
    // Any one address inside is enough: a client may pick any of them.
    dnsAnswers.set('half.example.com', [PUBLIC_V4, '192.168.0.7']);
    const cases: Array<[string, string]> = [
      ['127.0.0.1', `127.0.0.1 is a loopback address (this machine itself). ${ON_THE_INTERNET}`],
      ['127.0.0.2', `127.0.0.2 is a loopback address (this machine itself). ${ON_THE_INTERNET}`],
      ['10.0.0.5', `10.0.0.5 is a private network address. ${ON_THE_INTERNET}`],
      ['192.168.1.20', `192.168.1.20 is a private network address. ${ON_THE_INTERNET}`],
      ['172.16.4.4', `172.16.4.4 is a private network address. ${ON_THE_INTERNET}`],
      [
        '169.254.169.254',
        `169.254.169.254 is the address of a cloud metadata service. ${ON_THE_INTERNET}`,
      ],
      [
        '169.254.10.1',
        `169.254.10.1 is a link-local address, where cloud metadata services answer. ${ON_THE_INTERNET}`,
      ],
      [
        'inside.example.com',
        `inside.example.com points to 10.0.0.5, a private network address. ${ON_THE_INTERNET}`,
      ],
      [
        'self.example.com',
        `self.example.com points to ::1, a loopback address (this machine itself). ${ON_THE_INTERNET}`,
      ],
      [
        'half.example.com',
        `half.example.com points to 192.168.0.7, a private network address. ${ON_THE_INTERNET}`,
      ],
      [
        'nowhere.example.com',
        'The name nowhere.example.com cannot be found. Check the game server’s address for typing mistakes.',
      ],
    ];
    for (const [host, message] of cases) {
      const response = await send('POST', '/api/vendor/listings', vendor.headers, form({ host }));
      expect(hostRefusal(response, host)).toBe(message);
    }
    // An IPv6 address is not a host a listing takes at all (IPv4 or a name); ::1 included.
    const v6 = await send('POST', '/api/vendor/listings', vendor.headers, form({ host: '::1' }));
    expect(hostRefusal(v6, '::1')).toMatch(/host name or IP address/);
    const list = await guarded.request({
      method: 'GET',
      url: '/api/vendor/listings',
      headers: vendor.headers,
    });
    expect(list.json<{ data: Listing[] }>().data).toEqual([]);
  });

  it('accepts a public address, and a name whose every address is public', async () => {
    const vendor = await activeVendor(guarded);
    dnsAnswers.set('play.example.com', [PUBLIC_V4, PUBLIC_V6]);
    for (const host of [PUBLIC_V4, 'play.example.com']) {
      const response = await send('POST', '/api/vendor/listings', vendor.headers, form({ host }));
      expect(response.statusCode, response.body).toBe(201);
      const listing = response.json<{ data: Listing & { host: string } }>().data;
      expect(listing).toMatchObject({ host, state: 'CHECKING' });
      await send('DELETE', `/api/vendor/listings/${listing.id}`, vendor.headers);
    }
  });

  it('checks the address again when an edit changes it, not when it stays', async () => {
    const vendor = await activeVendor(guarded);
    dnsAnswers.set('edit.example.com', [PUBLIC_V4]);
    dnsAnswers.set('moved-inside.example.com', ['10.1.2.3']);
    const created = await send(
      'POST',
      '/api/vendor/listings',
      vendor.headers,
      form({ host: 'edit.example.com' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ data: Listing }>().data;
    const url = `/api/vendor/listings/${id}`;

    const inside = await send(
      'PUT',
      url,
      vendor.headers,
      form({ host: 'moved-inside.example.com' }),
    );
    expect(hostRefusal(inside, 'moved inside')).toBe(
      `moved-inside.example.com points to 10.1.2.3, a private network address. ${ON_THE_INTERNET}`,
    );
    const metadata = await send('PUT', url, vendor.headers, form({ host: '169.254.169.254' }));
    expect(hostRefusal(metadata, 'metadata')).toMatch(/cloud metadata service/);

    // The same address, another price: no lookup needed, the status job checks it at each query.
    dnsAnswers.delete('edit.example.com');
    const repriced = await send(
      'PUT',
      url,
      vendor.headers,
      form({ host: 'edit.example.com', price: '0.3' }),
    );
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json<{ data: Listing & { host: string } }>().data).toMatchObject({
      host: 'edit.example.com',
      price: '0.300000',
    });
    // A new port on a host that no longer resolves is checked, and refused.
    const newPort = await send(
      'PUT',
      url,
      vendor.headers,
      form({ host: 'edit.example.com', queryPort: 27016 }),
    );
    expect(hostRefusal(newPort, 'new port')).toMatch(/edit\.example\.com cannot be found/);
    await send('DELETE', url, vendor.headers);
  });

  it('lets the demo game servers’ host through while they run, and only then', async () => {
    // The test app of this file runs with the demo's defaults: its listings are on 127.0.0.1.
    expect(gameAllowedHosts(ctx.config)).toEqual(['127.0.0.1']);
    const vendor = await activeVendor(ctx);
    expect(await create(vendor.headers, { host: '127.0.0.1' })).toMatchObject({
      state: 'CHECKING',
    });
    // Only the demo's host itself, not the rest of loopback.
    const other = await call(
      'POST',
      '/api/vendor/listings',
      vendor.headers,
      form({ host: '127.0.0.2', queryPort: 27020 }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details.fields).toEqual([
      { field: 'host', message: expect.stringMatching(/^127\.0\.0\.2 is a loopback address/) },
    ]);

    expect(gameAllowedHosts(guarded.config)).toEqual([]);
    expect(
      gameAllowedHosts(
        loadConfig({
          DATABASE_URL: 'postgres://crimson@db/crimson',
          JWT_SECRET: TEST_JWT_SECRET,
        }),
      ),
    ).toEqual([]);
    expect(
      gameAllowedHosts(
        loadConfig({ GAME_ALLOWED_HOSTS: ' Game.Partner.example, 10.0.0.9:27015 ,' }),
      ),
    ).toEqual(['game.partner.example', '10.0.0.9:27015']);
  });

  it('never queries a listing whose host now resolves inside: the check fails in plain words', async () => {
    const vendor = await activeVendor(guarded);
    const answering = await A2sResponder.start({ name: 'Inside', players: 2, maxPlayers: 10 });
    responders.push(answering);
    dnsAnswers.set('rebind.example.com', [PUBLIC_V4]);
    dnsAnswers.set('drifted.example.com', [PUBLIC_V4]);
    dnsAnswers.set('quiet.example.com', [PUBLIC_V4]);
    const listed = [];
    for (const host of ['rebind.example.com', 'drifted.example.com', 'quiet.example.com']) {
      const response = await send(
        'POST',
        '/api/vendor/listings',
        vendor.headers,
        form({ host, queryPort: answering.port }),
      );
      expect(response.statusCode, response.body).toBe(201);
      listed.push(response.json<{ data: Listing }>().data.id);
    }
    const [rebound, drifted, quiet] = listed as [string, string, string];
    // After the save, the vendor's DNS answers inside: this machine, where a game server listens
    // on that port, and a private network; or it stops answering at all.
    dnsAnswers.set('rebind.example.com', ['127.0.0.1']);
    dnsAnswers.set('drifted.example.com', ['10.0.0.5']);
    dnsSilent.add('quiet.example.com');
    // Only these are due: the other tests' listings (on public addresses) are not asked.
    await guarded.database.db
      .update(serverStatusChecks)
      .set({ nextCheckAt: sql`now() + interval '1 day'` })
      .where(notInArray(serverStatusChecks.listingId, listed));

    const settings = {
      intervalMs: 60_000,
      timeoutMs: 300,
      attempts: 1,
      missThreshold: 1,
      concurrency: 4,
    };
    const log = pino({ level: 'silent' });
    const checking = new GameStatusWorker(guarded.database.db, log, {
      ...settings,
      hostCheck: { allowedHosts: gameAllowedHosts(guarded.config), resolver: testResolver },
    });
    expect(await checking.checkDueServers()).toEqual({ answered: 0, missed: 3, skipped: 0 });
    expect(answering.answered).toBe(0);

    const read = async (id: string) =>
      (
        await guarded.request({
          method: 'GET',
          url: `/api/vendor/listings/${id}`,
          headers: vendor.headers,
        })
      ).json<{ data: Listing }>().data;
    expect(await read(rebound)).toMatchObject({
      state: 'CHECKING',
      lastError: `rebind.example.com points to 127.0.0.1, a loopback address (this machine itself). ${ON_THE_INTERNET}`,
    });
    expect(await read(drifted)).toMatchObject({
      state: 'CHECKING',
      lastError: `drifted.example.com points to 10.0.0.5, a private network address. ${ON_THE_INTERNET}`,
    });
    // A lookup is bounded by one attempt's time (300 ms twice and 500 ms).
    expect(await read(quiet)).toMatchObject({
      state: 'CHECKING',
      lastError: 'The name quiet.example.com did not resolve within 1.1 s.',
    });
    // As the check stores it: the status job's own record says the query was not sent.
    const [stored] = await guarded.database.db
      .select({ lastError: serverStatusChecks.lastError })
      .from(serverStatusChecks)
      .where(eq(serverStatusChecks.listingId, rebound));
    expect(stored?.lastError).toMatch(/^Not queried: rebind\.example\.com points to 127\.0\.0\.1/);

    // The control: with that name allowed, the job queries the address it resolved, and the game
    // server there answers. So it was the check that kept the packet from being sent.
    await guarded.database.db
      .update(serverStatusChecks)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(serverStatusChecks.listingId, rebound));
    const allowing = new GameStatusWorker(guarded.database.db, log, {
      ...settings,
      hostCheck: { allowedHosts: ['rebind.example.com'], resolver: testResolver },
    });
    expect(await allowing.checkDueServers()).toEqual({ answered: 1, missed: 0, skipped: 0 });
    expect(answering.answered).toBe(1);
    expect(await read(rebound)).toMatchObject({ state: 'LIVE', lastError: null });
  });
});
