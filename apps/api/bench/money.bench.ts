// `npm run bench:money`: the money path on a local PostgreSQL (see docs/benchmarks.md).
//
// 1. Makes the database `crimsonhost_bench_money` afresh: one vendor with 2,000 listings priced by
//    the hour, online and available, and 200 renters with funded wallets, signed in through the API.
// 2. Rents every listing through POST /api/rentals with 20 renters at a time, each renter taking
//    several different servers, and prints rents per second and the latency percentiles.
// 3. Cancels all those rentals the same way: unused whole hours back to the wallet, the rest out of
//    escrow to the vendor less the commission.
// 4. Sends all 200 renters at once at one server: exactly one may get it.
// 5. Checks the ledger in SQL afterwards: balanced movements, no wallet below zero, escrow equal to
//    what the active rentals still hold, cached balances equal to their entries.
// Everything goes through real HTTP to the API in a child process, as `npm start` serves it. While
// rents and cancels run, it also samples what the API's database connections wait for.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { GAMES } from '@crimsonhost/shared/constants';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { freePort, postgresServer } from './bench-postgres';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { users, walletTransactions } from '../src/db/schema/index';
import { apiRoot } from '../src/lib/package-paths';
import { hashPassword } from '../src/modules/auth/password';
import { insertListings, type NewListing } from '../src/modules/catalog/catalog.repository';
import {
  CACHED_BALANCE_KINDS,
  chainClearing,
  postLedgerTransaction,
  userWallet,
} from '../src/modules/wallet/ledger.service';

const { values: args } = parseArgs({
  options: {
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    listings: { type: 'string', default: '2000' },
    renters: { type: 'string', default: '200' },
    workers: { type: 'string', default: '20' },
    hours: { type: 'string', default: '1' },
    /** The API's DATABASE_NAMED_STATEMENTS (decision 064); 0 sends every statement unnamed. */
    'named-statements': { type: 'string', default: '256' },
    /** A folder: the API writes a V8 CPU profile of the whole run there when it stops. */
    'cpu-prof': { type: 'string' },
  },
});
const serverUrl = args['server-url'];
const { databaseUrl, admin } = postgresServer(serverUrl);
const LISTINGS = Number(args.listings);
const RENTERS = Number(args.renters);
const WORKERS = Number(args.workers);
const HOURS = Number(args.hours);
for (const [name, value] of Object.entries({ LISTINGS, RENTERS, WORKERS, HOURS })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name.toLowerCase()}: ${value}`);
}
const DATABASE = 'crimsonhost_bench_money';
const PASSWORD = 'bench renter passphrase 2026';
/** Prices run from 0.10 to 2.00 USDT an hour in odd micro amounts, so commissions round. */
const MAX_PRICE = 2_000_000n;
const priceOf = (i: number) => 100_000n + BigInt((i * 7_919) % 1_900_001);
/** The API's database pool: openDatabase's default, as `npm start` runs it. */
const API_POOL = 10;
/** Sign-ins at a time: argon2 takes a core for tens of milliseconds per password. */
const LOGIN_CONCURRENCY = 4;
const REGIONS = ['fra', 'ams', 'sto', 'lon', 'nyc', 'dal', 'lax', 'sao', 'sgp', 'tyo', 'syd'];
/** Spreads listings over games and regions in no particular order, the same on every run. */
function spread(i: number, salt: number) {
  let h = Math.imul((i + 1) ^ salt, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString('en-US');
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The API as `npm start` serves it (bench/catalog-bench-server.ts), on a free port. */
async function startServer(url: string) {
  const port = await freePort();
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'bench/catalog-bench-server.ts'],
    {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        DATABASE_URL: url,
        JWT_SECRET: randomBytes(32).toString('hex'),
        GAME_STATUS_ENABLED: 'false',
        DEMO_DATA: 'false',
        DATABASE_NAMED_STATEMENTS: args['named-statements'],
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await once(child.stdout, 'data');
  return {
    port,
    pid: child.pid!,
    /** Stops the API and waits for it to exit (and write its profile under --cpu-prof). */
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

interface Answer {
  status: number;
  body: string;
  /** From sending the request to the last byte of the answer. */
  ms: number;
}

// Kept-alive connections, as a browser keeps them: the figures are the API's, not TCP set-ups.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
let apiPort = 0;
let apiPid = 0;

function call(
  method: 'GET' | 'POST',
  path: string,
  {
    headers = {},
    body,
    localAddress,
  }: {
    headers?: Record<string, string>;
    body?: unknown;
    /** Sign-ins come from their own loopback address: the login limit counts per address. */
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        host: '127.0.0.1',
        port: apiPort,
        method,
        path,
        agent: localAddress ? false : agent,
        localAddress,
        headers: payload
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }
          : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs `work` over `jobs` with `concurrency` workers, each taking the next job when it is free. */
async function inTurn<T>(jobs: T[], concurrency: number, work: (job: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) await work(jobs[next++]!);
    }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** CPU seconds a process has used so far, from /proc (Linux, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Measures what a phase waits for. Every 20 ms: which of the API's database connections wait for a
 * row lock, and on which table, so the figures can say what rents and cancels queue behind: the
 * ledger's shared accounts (escrow; for cancels also the vendor's payable and the platform's
 * revenue), the catalog's counters (catalog_counts, written by the trigger of every change of a
 * listing's availability) or the listing itself. Over the phase: the CPU of the API process.
 */
function phaseMeter(url: string) {
  const client = new pg.Client({ connectionString: url });
  const waits = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const started = { at: Date.now(), api: cpuSeconds(apiPid), bench: process.cpuUsage() };
  const done = (async () => {
    await client.connect();
    while (running) {
      // A listing update that already holds catalog_counts is in its trigger: the listing row
      // is taken, the wait is for a counter row.
      const rows = (
        await client.query<{ what: string | null; state: string; n: number }>(`
          select a.state,
                 case when a.wait_event_type is distinct from 'Lock' then null
                      when a.query like 'update "server_listings"%' then
                        case when exists (select 1 from pg_locks l
                                           where l.pid = a.pid and l.locktype = 'relation'
                                             and l.relation = 'catalog_counts'::regclass)
                             then 'catalog_counts' else 'server_listings' end
                      else coalesce(substring(a.query from '(?:update|into|from)\\s+"?(\\w+)'),
                                    left(a.query, 40)) end as what,
                 count(*)::int as n
            from pg_stat_activity a
           where a.datname = current_database() and a.pid <> pg_backend_pid()
             and a.backend_type = 'client backend'
           group by 1, 2`)
      ).rows;
      samples += 1;
      for (const row of rows) {
        if (row.state !== 'idle') busy += row.n;
        if (row.what) waits.set(row.what, (waits.get(row.what) ?? 0) + row.n);
      }
      await sleep(20);
    }
    await client.end();
  })();
  return async () => {
    running = false;
    const seconds = (Date.now() - started.at) / 1000;
    const api = (cpuSeconds(apiPid) - started.api) / seconds;
    const used = process.cpuUsage(started.bench);
    const bench = (used.user + used.system) / 1e6 / seconds;
    await done;
    // The API is one Node process: near 100% of a core, its event loop is what requests wait for.
    log(
      `  CPU: the API process ${(api * 100).toFixed(0)}% of one core, this bench ${(bench * 100).toFixed(0)}%` +
        ` (PostgreSQL and the machine's other work share the rest of the ${os.availableParallelism()} cores)`,
    );
    const waiting = [...waits.values()].reduce((a, b) => a + b, 0);
    const byTable = [...waits]
      .sort((a, b) => b[1] - a[1])
      .map(([what, n]) => `${what} ${(n / samples).toFixed(2)}`)
      .join(', ');
    log(
      `  API database connections in a transaction: ${(busy / samples).toFixed(2)} on average` +
        ` (of ${API_POOL}; ${count(samples)} samples, every 20 ms)`,
    );
    log(
      `  of those, waiting for a lock: ${(waiting / samples).toFixed(2)}` +
        (byTable ? ` (on ${byTable})` : ''),
    );
  };
}

function latencyLine(name: string, answers: Answer[], seconds: number) {
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  log(
    `  ${name.padEnd(8)} ${(answers.length / seconds).toFixed(0).padStart(6)} /s` +
      `   p50 ${ms(percentile(sorted, 50)).padStart(9)}   p95 ${ms(percentile(sorted, 95)).padStart(9)}` +
      `   p99 ${ms(percentile(sorted, 99)).padStart(9)}   max ${ms(sorted.at(-1)!).padStart(9)}` +
      `   (${count(answers.length)} in ${seconds.toFixed(1)} s)`,
  );
}

const codesOf = (answers: Answer[]) => {
  const codes = new Map<string, number>();
  for (const answer of answers) {
    let code = String(answer.status);
    if (answer.status >= 400) {
      const parsed = JSON.parse(answer.body) as { error?: { code?: string } };
      code += ` ${parsed.error?.code ?? ''}`.trimEnd();
    }
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return [...codes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${n} x ${code}`)
    .join(', ');
};

interface Renter {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/**
 * The catalog and the renters, written straight to the database: listings come from the vendors'
 * side and money from chain deposits, neither of which is measured here.
 */
async function setUp(db: Database) {
  const [vendor] = await db
    .insert(users)
    .values({
      email: 'vendor.bench@crimsonhost.invalid',
      displayName: 'Bench Vendor',
      role: 'vendor',
    })
    .returning({ id: users.id });
  const listings: NewListing[] = Array.from({ length: LISTINGS }, (_, i) => ({
    vendorId: vendor!.id,
    gameId: GAMES[spread(i, 0x5bd1e995) % GAMES.length]!,
    regionCode: REGIONS[spread(i, 0x27d4eb2f) % REGIONS.length]!,
    name: `Bench Server #${String(i + 1).padStart(6, '0')}`,
    description: 'A server listed by the money benchmark.',
    cpu: '4 vCores',
    ram: '8 GB',
    storage: '80 GB NVMe',
    priceMicro: priceOf(i),
    priceUnit: 'hour',
    // The status job is off, so the listing is put online here, as the job would after an answer.
    status: 'online',
    availability: 'AVAILABLE',
    playersMax: 16,
    performanceScore: 50,
    host: '192.0.2.10',
    queryPort: 27015,
  }));
  for (let i = 0; i < listings.length; i += 500) {
    await insertListings(db, listings.slice(i, i + 500));
  }
  // One hash for every renter: the passwords are the same and argon2 would only cost set-up time.
  const passwordHash = await hashPassword(PASSWORD);
  const renters = await db
    .insert(users)
    .values(
      Array.from({ length: RENTERS }, (_, i) => ({
        email: `renter${i + 1}.bench@crimsonhost.invalid`,
        displayName: `Bench Renter ${i + 1}`,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  // Enough for every rental a renter makes here and its try at the contended server.
  const funds = BigInt(Math.ceil(LISTINGS / RENTERS) + 1) * MAX_PRICE * BigInt(HOURS);
  for (const renter of renters) {
    // As a confirmed deposit credits a wallet: chain clearing → wallet, and the user's record of it.
    await db.transaction(async (tx) => {
      const reference = `bench-deposit:${renter.id}`;
      await postLedgerTransaction(tx, {
        kind: 'DEPOSIT_CREDIT',
        reference,
        postings: [
          { account: chainClearing('ERC20'), amount: -funds },
          { account: userWallet(renter.id), amount: funds },
        ],
      });
      await tx.insert(walletTransactions).values({
        userId: renter.id,
        type: 'DEPOSIT',
        status: 'CONFIRMED',
        amount: funds,
        currency: 'USDT',
        description: 'Deposit via Ethereum (ERC20)',
        reference,
      });
    });
  }
  await db.execute(sql`vacuum analyze`);
  const ids = await queryRows<{ id: string }>(
    db,
    sql`select id from server_listings order by name`,
  );
  const pairs = new Set(listings.map((l) => `${l.gameId}/${l.regionCode}`)).size;
  return { listingIds: ids.map((r) => r.id), renters, funds, pairs };
}

async function signIn(accounts: { id: string; email: string }[], csrf: string) {
  const renters: Renter[] = [];
  const started = Date.now();
  await inTurn(
    accounts.map((account, i) => ({ account, i })),
    LOGIN_CONCURRENCY,
    async ({ account, i }) => {
      const answer = await call('POST', '/api/auth/login', {
        headers: { 'x-csrf-token': csrf },
        body: { email: account.email, password: PASSWORD },
        localAddress: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
      });
      if (answer.status !== 200) throw new Error(`sign-in ${answer.status}: ${answer.body}`);
      const token = (JSON.parse(answer.body) as { data: { tokens: { access_token: string } } }).data
        .tokens.access_token;
      renters[i] = {
        ...account,
        headers: { authorization: `Bearer ${token}`, 'x-csrf-token': csrf },
      };
    },
  );
  return { renters, seconds: (Date.now() - started) / 1000 };
}

const withKey = (headers: Record<string, string>) => ({
  ...headers,
  'idempotency-key': randomUUID(),
});

async function rentAll(listingIds: string[], renters: Renter[]) {
  log();
  log(
    `Rents: ${count(listingIds.length)} listings, ${HOURS} hour${HOURS === 1 ? '' : 's'} each, ` +
      `${WORKERS} at a time, each renter renting ${Math.ceil(listingIds.length / renters.length)} different servers`,
  );
  const jobs = listingIds.map((serverId, i) => ({
    serverId,
    renter: renters[i % renters.length]!,
  }));
  const answers: Answer[] = [];
  const rentals: { id: string; renter: Renter }[] = [];
  const sampled = phaseMeter(databaseUrl(DATABASE));
  const started = Date.now();
  await inTurn(jobs, WORKERS, async ({ serverId, renter }) => {
    const answer = await call('POST', '/api/rentals', {
      headers: withKey(renter.headers),
      body: { serverId, hours: HOURS },
    });
    answers.push(answer);
    if (answer.status === 201)
      rentals.push({ id: (JSON.parse(answer.body) as { data: { id: string } }).data.id, renter });
  });
  const seconds = (Date.now() - started) / 1000;
  latencyLine('rents', answers, seconds);
  const refused = answers.filter((a) => a.status !== 201);
  log(`  non-201 answers: ${refused.length}${refused.length ? ` (${codesOf(refused)})` : ''}`);
  await sampled();
  if (refused.length) throw new Error(`${refused.length} rents were not answered 201`);
  return rentals;
}

async function cancelAll(rentals: { id: string; renter: Renter }[]) {
  log();
  log(`Cancels: the ${count(rentals.length)} rentals, ${WORKERS} at a time`);
  const answers: Answer[] = [];
  let refunded = 0n;
  let refunds = 0;
  const sampled = phaseMeter(databaseUrl(DATABASE));
  const started = Date.now();
  await inTurn(rentals, WORKERS, async ({ id, renter }) => {
    const answer = await call('POST', `/api/rentals/${id}/cancel`, {
      headers: withKey(renter.headers),
    });
    answers.push(answer);
    if (answer.status === 200) {
      const micro = parseUsdt(
        (JSON.parse(answer.body) as { data: { refunded: string } }).data.refunded,
      );
      refunded += micro;
      if (micro > 0n) refunds += 1;
    }
  });
  const seconds = (Date.now() - started) / 1000;
  latencyLine('cancels', answers, seconds);
  const refused = answers.filter((a) => a.status !== 200);
  log(`  non-200 answers: ${refused.length}${refused.length ? ` (${codesOf(refused)})` : ''}`);
  log(
    `  refunds: ${count(refunds)} rentals got unused hours back, ${toUsdtString(refunded)} USDT in all` +
      (HOURS === 1
        ? ' (a 1-hour rental cancelled in its first hour has no unused whole hour)'
        : ''),
  );
  await sampled();
  if (refused.length) throw new Error(`${refused.length} cancels were not answered 200`);
}

async function contend(serverId: string, renters: Renter[]) {
  log();
  log(`Contended: ${renters.length} renters at once on one available listing`);
  // Open one connection per renter first, so the race is between requests, not TCP hand-shakes.
  await Promise.all(renters.map(() => call('GET', '/api/auth/csrf')));
  const started = process.hrtime.bigint();
  const answers = await Promise.all(
    renters.map((renter) =>
      call('POST', '/api/rentals', {
        headers: withKey(renter.headers),
        body: { serverId, hours: HOURS },
      }),
    ),
  );
  const total = Number(process.hrtime.bigint() - started) / 1e6;
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  const winner = answers.find((a) => a.status === 201);
  log(
    `  every answer in ${ms(total)} (first after ${ms(sorted[0]!)}, median ${ms(percentile(sorted, 50))}` +
      `${winner ? `, the winner's after ${ms(winner.ms)}` : ''})`,
  );
  log(`  answers: ${codesOf(answers)}`);
  const won = answers.filter((a) => a.status === 201).length;
  const lost = answers.filter(
    (a) =>
      a.status === 409 &&
      (JSON.parse(a.body) as { error: { code: string } }).error.code === 'SERVER_NOT_AVAILABLE',
  ).length;
  if (won !== 1 || lost !== renters.length - 1) {
    throw new Error(`expected 1 x 201 and ${renters.length - 1} x 409 SERVER_NOT_AVAILABLE`);
  }
}

/** The ledger's invariants (docs/decisions/009), read from the database after the run. */
async function checkLedger(db: Database) {
  log();
  log('Ledger checks after the run:');
  const [row] = await queryRows<{
    transactions: number;
    unbalanced: number;
    wallets: number;
    negative: number;
    lowest: string;
    escrow: string;
    held: string;
    active: number;
    accounts: number;
    drifted: number;
    ended: number;
    unsettled: number;
  }>(
    db,
    sql`select
      (select count(*)::int from ledger_transactions) as transactions,
      (select count(*)::int from (select ledger_transaction_id from ledger_entries
                                   group by 1 having sum(amount) <> 0 or count(*) < 2) u) as unbalanced,
      (select count(*)::int from ledger_accounts where kind in ('USER_WALLET', 'USER_CREDIT')) as wallets,
      (select count(*)::int from ledger_accounts
        where kind in ('USER_WALLET', 'USER_CREDIT') and balance < 0) as negative,
      (select min(balance)::text from ledger_accounts where kind = 'USER_WALLET') as lowest,
      (select coalesce(sum(e.amount), 0)::text from ledger_entries e
         join ledger_accounts a on a.id = e.account_id where a.kind = 'ESCROW') as escrow,
      (select coalesce(sum(paid - refunded - released - commission), 0)::text
         from rentals where status = 'ACTIVE') as held,
      (select count(*)::int from rentals where status = 'ACTIVE') as active,
      (select count(*)::int from ledger_accounts) as accounts,
      (select count(*)::int from ledger_accounts a
         left join (select account_id, sum(amount) as total from ledger_entries group by 1) e
           on e.account_id = a.id
        where a.balance <> case when a.kind in (${sql.join(
          [...CACHED_BALANCE_KINDS].map((kind) => sql`${kind}`),
          sql`, `,
        )}) then coalesce(e.total, 0) else 0 end) as drifted,
      (select count(*)::int from rentals where status <> 'ACTIVE') as ended,
      (select count(*)::int from rentals
        where status <> 'ACTIVE' and paid <> refunded + released + commission) as unsettled`,
  );
  const r = row!;
  const checks: [string, string, boolean][] = [
    [
      'ledger transactions that do not sum to zero',
      `${r.unbalanced} of ${count(r.transactions)}`,
      r.unbalanced === 0,
    ],
    [
      'user wallets below zero',
      `${r.negative} of ${count(r.wallets)} (lowest ${toUsdtString(BigInt(r.lowest))} USDT)`,
      r.negative === 0,
    ],
    [
      `escrow balance = held by ACTIVE rentals (${r.active})`,
      `${toUsdtString(BigInt(r.escrow))} = ${toUsdtString(BigInt(r.held))} USDT`,
      r.escrow === r.held,
    ],
    [
      'cached balances that differ from their entries',
      `${r.drifted} of ${count(r.accounts)} accounts`,
      r.drifted === 0,
    ],
    [
      'ended rentals not fully refunded or released',
      `${r.unsettled} of ${count(r.ended)}`,
      r.unsettled === 0,
    ],
  ];
  for (const [name, value, ok] of checks) {
    log(`  ${name.padEnd(48)} ${value.padEnd(36)} ${ok ? 'ok' : 'FAILED'}`);
  }
  if (checks.some(([, , ok]) => !ok)) throw new Error('the ledger checks failed');
}

const pgVersion = await admin(
  async (c) =>
    (await c.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
);
log(
  `Machine: nproc ${os.availableParallelism()}, ${os.cpus()[0]?.model ?? 'cpu'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, PostgreSQL ${pgVersion}`,
);
log(`Load average at start: ${loadAverage()} (1, 5, 15 min)`);

await admin((c) => c.query(`drop database if exists "${DATABASE}" with (force)`));
await admin((c) => c.query(`create database "${DATABASE}"`));
const handle = await openDatabase({ driver: 'postgres', url: databaseUrl(DATABASE) });
try {
  await runMigrations(handle);
  const setUpStarted = Date.now();
  const { listingIds, renters: accounts, funds, pairs } = await setUp(handle.db);
  log(
    `Set-up: ${DATABASE}, ${count(listingIds.length)} listings priced by the hour over ${pairs} game/region pairs, ` +
      `${count(accounts.length)} renters with ${toUsdtString(funds)} USDT each ` +
      `(${((Date.now() - setUpStarted) / 1000).toFixed(1)} s)`,
  );
  const server = await startServer(databaseUrl(DATABASE));
  apiPort = server.port;
  apiPid = server.pid;
  try {
    const csrf = (
      JSON.parse((await call('GET', '/api/auth/csrf')).body) as { data: { csrfToken: string } }
    ).data.csrfToken;
    const { renters, seconds } = await signIn(accounts, csrf);
    log(
      `  ${count(renters.length)} renters signed in through POST /api/auth/login, ` +
        `${LOGIN_CONCURRENCY} at a time, in ${seconds.toFixed(1)} s`,
    );
    const rentals = await rentAll(listingIds, renters);
    await cancelAll(rentals);
    await contend(listingIds[0]!, renters);
  } finally {
    agent.destroy();
    await server.stop();
  }
  await checkLedger(handle.db);
} finally {
  await handle.close();
}
log();
log(`Load average at end: ${loadAverage()} (1, 5, 15 min)`);
