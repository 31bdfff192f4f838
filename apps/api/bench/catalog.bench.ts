// `npm run bench:catalog`: the catalog benchmark on a local PostgreSQL (see docs/benchmarks.md).
//
// 1. Loads GET /api/servers with typical filter and sort mixes through autocannon, on a database
//    of 100,000 listings, beside GET /api/bench/static (a fixed in-memory JSON of the same size
//    from the same server process), and prints requests per second, p50/p99 and the ratio.
// 2. Loads the in-memory catalog (decision 062) and times one list answer per mix in process.
// 3. Times the list call (page query and total, as the API runs them) at 10k, 100k and 1M
//    listings, each in its own database filled by generate_series (the bulk seed).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { serverListQuerySchema } from '@crimsonhost/shared/catalog';
import { freePort, postgresServer } from './bench-postgres';
import { openDatabase, queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedBulkListings } from '../src/db/seed/bulk-seed';
import { apiRoot } from '../src/lib/package-paths';
import { CatalogReadModel } from '../src/modules/catalog/catalog-read-model';
import { listServers } from '../src/modules/catalog/catalog.service';

const { values: args } = parseArgs({
  options: {
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    'skip-http': { type: 'boolean', default: false },
    'skip-scaling': { type: 'boolean', default: false },
    'skip-model': { type: 'boolean', default: false },
    /** The HTTP part on the embedded database with the demo catalog instead of PostgreSQL. */
    embedded: { type: 'boolean', default: false },
    /** `off`: uncached lists from SQL, as before the in-memory catalog (decision 062). */
    'read-model': { type: 'string', default: 'on' },
  },
});
const serverUrl = args['server-url'];
const { databaseUrl, admin } = postgresServer(serverUrl);
const connections = Number(args.connections);
const duration = Number(args.duration);
const HTTP_LISTINGS = 100_000;

/** Typical visits: the landing page, a game, a game in a region under a price, search, deep page. */
const MIXES = [
  'sort=popularity',
  'game=csgo&sort=price_asc',
  'game=rust&region=fra&sort=price_asc',
  'region=nyc&status=online&sort=performance',
  'availability=AVAILABLE&sort=availability',
  'game=csgo&region=fra&maxPrice=0.30&sort=price_asc',
  'status=online&sort=price_desc&page=3',
  'q=survival&sort=popularity',
];

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A migrated database holding exactly `size` bulk listings (made or topped up as needed). */
async function benchDatabase(name: string, size: number): Promise<string> {
  const exists = await admin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount,
  );
  if (!exists) await admin((c) => c.query(`create database "${name}"`));
  let handle = await openDatabase({ driver: 'postgres', url: databaseUrl(name) });
  await runMigrations(handle);
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from server_listings`,
  );
  if (row!.n > size) {
    await handle.close();
    await admin((c) => c.query(`drop database "${name}" with (force)`));
    await admin((c) => c.query(`create database "${name}"`));
    handle = await openDatabase({ driver: 'postgres', url: databaseUrl(name) });
    await runMigrations(handle);
  }
  if (row!.n !== size) {
    const started = Date.now();
    log(`  filling ${name} to ${size.toLocaleString('en-US')} listings...`);
    await seedBulkListings(handle.db, size);
    await handle.db.execute(sql`vacuum analyze server_listings`);
    log(`  filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await handle.close();
  return databaseUrl(name);
}

/** The embedded database's folder, shared by the cached and the uncached server in turn. */
const embeddedDir = args.embedded
  ? mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-catalog-bench-'))
  : undefined;

async function startServer(url: string | undefined, cacheTtlMs: number) {
  const port = await freePort();
  const database = url ? { DATABASE_URL: url } : { DATA_DIR: embeddedDir };
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/catalog-bench-server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      ...database,
      JWT_SECRET: randomBytes(32).toString('hex'),
      GAME_STATUS_ENABLED: 'false',
      DEMO_DATA: 'false',
      CATALOG_CACHE_TTL_MS: String(cacheTtlMs),
      CATALOG_READ_MODEL: String(args['read-model'] !== 'off'),
      // autocannon keeps each connection open and does not heed the `Connection: close` that ends
      // a socket at the production limit, so it would count the 503s that follow it.
      HTTP_MAX_REQUESTS_PER_SOCKET: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The embedded database's start may print before the server does: wait for its line.
  let output = '';
  let listening: RegExpExecArray | null = null;
  while (!listening) {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    output += chunk.toString();
    listening = /listening (\d+)/.exec(output);
  }
  const bytes = Number(listening[1]);
  return {
    port,
    bytes,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** What a browser sends: every answer over 1 KB comes back compressed. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(
  port: number,
  paths: string[],
  seconds = duration,
  headers: Record<string, string> = {},
) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
    warmup: { connections, duration: 3 },
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
    );
  }
  return result;
}

const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  log(
    `  ${name.padEnd(52)} ${r.requests.average.toFixed(0).padStart(7)} req/s` +
      `   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms`,
  );

async function httpBenchmark() {
  log(
    args.embedded
      ? `HTTP: the embedded database with the demo catalog, ${connections} connections, ${duration} s runs after 3 s warm-up`
      : `HTTP: ${HTTP_LISTINGS.toLocaleString('en-US')} listings, ${connections} connections, ${duration} s runs after 3 s warm-up`,
  );
  log(
    args['read-model'] === 'off'
      ? '  uncached lists: two SQL queries each (--read-model off)'
      : '  uncached lists: the in-memory catalog (decision 062; --read-model off for SQL)',
  );
  const url = args.embedded ? undefined : await benchDatabase('crimsonhost_bench', HTTP_LISTINGS);
  const paths = MIXES.map((mix) => `/api/servers?${mix}`);

  const cached = await startServer(url, 2000);
  let fixed: Awaited<ReturnType<typeof load>>;
  let catalog: Awaited<ReturnType<typeof load>>;
  let catalogBrowser: Awaited<ReturnType<typeof load>>;
  let detailCached: Awaited<ReturnType<typeof load>>;
  let detailBrowser: Awaited<ReturnType<typeof load>>;
  let detailPaths: string[];
  try {
    log(`  fixed JSON: ${cached.bytes} bytes (the answer to /api/servers?pageSize=20)`);
    fixed = await load(cached.port, ['/api/bench/static']);
    catalog = await load(cached.port, paths);
    catalogBrowser = await load(cached.port, paths, duration, BROWSER);
    const first = await fetch(`http://127.0.0.1:${cached.port}/api/servers?pageSize=20`);
    detailPaths = ((await first.json()) as { data: { id: string }[] }).data.map(
      (server) => `/api/servers/${server.id}`,
    );
    detailCached = await load(cached.port, detailPaths);
    detailBrowser = await load(cached.port, detailPaths, duration, BROWSER);
  } finally {
    await cached.stop();
  }
  const uncached = await startServer(url, 0);
  try {
    const direct = await load(uncached.port, paths);
    log();
    row('fixed in-memory JSON (framework ceiling)', fixed);
    row(`GET /api/servers, ${MIXES.length} mixes in turn (2 s answer cache)`, catalog);
    row(`  the same as a browser asks (brotli)`, catalogBrowser);
    row(`GET /api/servers, ${MIXES.length} mixes in turn (cache off)`, direct);
    log(
      `  ratio catalog / ceiling: ${(catalog.requests.average / fixed.requests.average).toFixed(2)} with the cache, ${(direct.requests.average / fixed.requests.average).toFixed(2)} without (goal 0.25)`,
    );
    const detailDirect = await load(uncached.port, detailPaths);
    row(`GET /api/servers/:id, ${detailPaths.length} servers in turn (cache)`, detailCached);
    row(`  the same as a browser asks (brotli)`, detailBrowser);
    row(`GET /api/servers/:id, ${detailPaths.length} servers in turn (cache off)`, detailDirect);
    log(
      `  ratio detail / ceiling: ${(detailCached.requests.average / fixed.requests.average).toFixed(2)} with the cache (goal 0.5), ${(detailDirect.requests.average / fixed.requests.average).toFixed(2)} without`,
    );
    log();
    log(
      '  each mix alone, cache off (5 s), ratio to the ceiling (goal 0.25, search 0.15; p99 50 ms):',
    );
    for (const mix of MIXES) {
      const result = await load(uncached.port, [`/api/servers?${mix}`], 5);
      row(mix, result);
      log(`${''.padEnd(56)}ratio ${(result.requests.average / fixed.requests.average).toFixed(2)}`);
    }
  } finally {
    await uncached.stop();
  }
}

async function timeListCall(url: string) {
  const handle = await openDatabase({ driver: 'postgres', url });
  try {
    const medians: number[] = [];
    for (const mix of MIXES) {
      const query = serverListQuerySchema.parse(Object.fromEntries(new URLSearchParams(mix)));
      const times: number[] = [];
      for (let i = 0; i < 35; i += 1) {
        const started = process.hrtime.bigint();
        await listServers(handle.db, query);
        if (i >= 5) times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      times.sort((a, b) => a - b);
      medians.push(times[Math.floor(times.length / 2)]!);
    }
    return medians;
  } finally {
    await handle.close();
  }
}

async function scalingBenchmark() {
  const sizes = args.sizes.split(',').map(Number);
  log();
  log('List call time (page + total, median of 30 after 5 warm-up calls) by catalog size:');
  const columns: number[][] = [];
  for (const size of sizes) {
    const name = size === HTTP_LISTINGS ? 'crimsonhost_bench' : `crimsonhost_bench_${size}`;
    columns.push(await timeListCall(await benchDatabase(name, size)));
  }
  const header = sizes.map((s) => s.toLocaleString('en-US').padStart(12)).join('');
  log(`  ${'mix'.padEnd(50)}${header}`);
  MIXES.forEach((mix, i) => {
    log(`  ${mix.padEnd(50)}${columns.map((c) => ms(c[i]!).padStart(12)).join('')}`);
  });
  const totals = columns.map((c) => c.reduce((a, b) => a + b, 0));
  log(`  ${'all mixes together'.padEnd(50)}${totals.map((t) => ms(t).padStart(12)).join('')}`);
  if (sizes.length > 1) {
    const ratio = totals.at(-1)! / totals[0]!;
    log(
      `  ${sizes.at(-1)!.toLocaleString('en-US')} vs ${sizes[0]!.toLocaleString('en-US')}: ${ratio.toFixed(2)}x`,
    );
  }
}

log(
  `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
);
log(`PostgreSQL: ${serverUrl} (${path.basename(apiRoot)} bench)`);
/**
 * The in-memory catalog on its own (decision 062): its first load of the 100,000 listings, the
 * heap it keeps after a full collection, and the CPU time of one list answer per mix.
 */
async function modelBenchmark() {
  log();
  log('In-memory catalog (decision 062), 100,000 listings, in this process:');
  const url = await benchDatabase('crimsonhost_bench', HTTP_LISTINGS);
  const handle = await openDatabase({ driver: 'postgres', url });
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  try {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const model = new CatalogReadModel(handle.db, { freshnessMs: 3_600_000 });
    const started = performance.now();
    await model.load();
    const loadMs = performance.now() - started;
    const state = model.state();
    if (state.source !== 'memory') throw new Error(`load failed: ${state.lastFailure?.message}`);
    gc();
    const heldMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    log(`  first load ${loadMs.toFixed(0)} ms; heap kept ${heldMb.toFixed(0)} MB`);
    for (const mix of MIXES) {
      const query = serverListQuerySchema.parse(Object.fromEntries(new URLSearchParams(mix)));
      const first = performance.now();
      await model.list(query); // a search's first answer also finds its matches
      const firstMs = performance.now() - first;
      const rounds = 2000;
      const start = performance.now();
      for (let i = 0; i < rounds; i++) await model.list(query);
      const us = ((performance.now() - start) / rounds) * 1000;
      log(
        `  ${mix.padEnd(50)}${us.toFixed(1).padStart(7)} µs a list   first ${firstMs.toFixed(1)} ms`,
      );
    }
  } finally {
    await handle.close();
  }
}

if (!args['skip-http']) await httpBenchmark();
if (!args['skip-model'] && !args.embedded) await modelBenchmark();
if (!args['skip-scaling']) await scalingBenchmark();
