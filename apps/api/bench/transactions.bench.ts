// `npm run bench:transactions`: what a wallet's transaction list costs as its history grows
// (issue 13, point 3). One user's wallet grows to 0, 5,000, 50,000 and 500,000 transactions; at
// each size the API (in this process, through `app.inject`, so the figure is the server's own time
// with no network) answers the wallet page's requests and the benchmark prints the median and p95:
// page 1, page 1 filtered by type, a page deep in the history by its number (offset) and the same
// page by the cursor of the page before it (keyset). `--driver postgres` runs it on the PostgreSQL
// server at --server-url instead of the embedded database.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { insertUser } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';
import { openBenchApp } from './bench-app';

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    sizes: { type: 'string', default: '0,5000,50000,500000' },
    requests: { type: 'string', default: '200' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
const GOAL_MS = 3;
const PASSWORD = 'bench wallet passphrase 2026';

const { app, database } = await openBenchApp({
  name: 'transactions',
  driver: args.driver,
  serverUrl: args['server-url'],
});

const user = await insertUser(database.db, {
  email: 'wallet.history@crimsonhost.bench',
  displayName: 'Wallet History',
  passwordHash: await hashPassword(PASSWORD),
  emailVerifiedAt: new Date(),
});
const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
  data: { csrfToken: string };
}>().data.csrfToken;
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { 'x-csrf-token': csrf },
  payload: { email: user.email, password: PASSWORD },
});
const headers = {
  authorization: `Bearer ${login.json<{ data: { tokens: { access_token: string } } }>().data.tokens.access_token}`,
};

/**
 * Adds `count` confirmed rental payments and refunds to the wallet, one a minute going back from
 * the oldest already there, with every tenth sharing its minute with the one before (ties).
 */
async function grow(count: number, existing: number) {
  for (let done = 0; done < count; done += 50_000) {
    const batch = Math.min(50_000, count - done);
    await database.db.execute(sql`
      insert into wallet_transactions (user_id, type, status, amount, currency, description, created_at)
      select ${user.id}::uuid, case when n % 7 = 0 then 'REFUND' else 'RENTAL_PAYMENT' end, 'CONFIRMED',
             case when n % 7 = 0 then 1500000 else -1500000 end, 'USDT', 'Rental of Bench server',
             timestamptz '2026-11-01T00:00:00Z' - ((n - n % 10 / 9) * interval '1 minute')
      from generate_series(${existing + done + 1}::int, ${existing + done + batch}::int) as n`);
  }
  await database.db.execute(sql`analyze wallet_transactions`);
}

interface Page {
  data: { id: string }[];
  meta: { total: number; nextCursor?: string | null };
}

async function time(url: string): Promise<{ median: number; p95: number; page: Page }> {
  const times: number[] = [];
  let page: Page | undefined;
  for (let n = 0; n < REQUESTS + 20; n += 1) {
    const started = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url, headers });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    page = response.json<Page>();
    if (n >= 20) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    page: page!,
  };
}

const base = '/api/wallet/transactions?pageSize=20';
const DEEP_PAGE = 100;
console.log(
  `GET ${base} on ${args.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${REQUESTS} requests each, ms of server time (median / p95)`,
);
let size = 0;
for (const target of SIZES) {
  await grow(target - size, size);
  size = target;
  const first = await time(`${base}&page=1`);
  const filtered = await time(`${base}&page=1&type=REFUND`);
  const deep = await time(`${base}&page=${DEEP_PAGE}`);
  // The cursor the page before the deep one hands out, as the wallet page follows it.
  const before = await app.inject({ method: 'GET', url: `${base}&page=${DEEP_PAGE - 1}`, headers });
  const cursor = before.json<Page>().meta.nextCursor;
  const keyset = cursor
    ? await time(`${base}&page=${DEEP_PAGE}&after=${encodeURIComponent(cursor)}`)
    : undefined;
  const show = (figure: { median: number; p95: number }) =>
    `${figure.median.toFixed(2)} / ${figure.p95.toFixed(2)}`;
  console.log(
    `${String(size).padStart(7)} rows  page 1 ${show(first)} (goal ${GOAL_MS} ms, total ${first.page.meta.total})` +
      `  type=REFUND ${show(filtered)}  page ${DEEP_PAGE} by number ${show(deep)}` +
      (keyset ? `  by cursor ${show(keyset)}` : ''),
  );
}
await app.close();
await database.close();
