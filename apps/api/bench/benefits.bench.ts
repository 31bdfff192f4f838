// `npm run bench:benefits`: what a renter's benefits tier costs as their history grows (issue 18,
// decision 049). One renter's timeline grows to 0, 5,000, 50,000 and 500,000 rental payments and
// refunds, one every minute going back from now (so about a quarter of the largest falls in the
// 90-day window). At each size it prints the median and p95 of the server's own time (in this
// process, through `app.inject`) for GET /api/benefits/me (the /benefits page and the dashboard's
// line), and of the qualifying spend read every rental payment makes inside its transaction
// (`afterPayment`). `--driver postgres` runs it on the PostgreSQL server at --server-url.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { insertUser } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';
import { qualifyingSpend } from '../src/modules/benefits/benefits.repository';
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
const PASSWORD = 'bench benefits passphrase 2026';

const { app, database } = await openBenchApp({
  name: 'benefits',
  driver: args.driver,
  serverUrl: args['server-url'],
});

const user = await insertUser(database.db, {
  email: 'tier.history@crimsonhost.bench',
  displayName: 'Tier History',
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
const now = new Date();

/** Adds `count` rental payments (every seventh a refund), one a minute back from the oldest. */
async function grow(count: number, existing: number) {
  for (let done = 0; done < count; done += 50_000) {
    const batch = Math.min(50_000, count - done);
    await database.db.execute(sql`
      insert into wallet_transactions (user_id, type, status, amount, currency, description, reference, created_at)
      select ${user.id}::uuid, case when n % 7 = 0 then 'REFUND' else 'RENTAL_PAYMENT' end, 'CONFIRMED',
             1500000, 'USDT', 'Rental of 1 hour', 'rental:' || gen_random_uuid() || ':payment:1',
             ${now.toISOString()}::timestamptz - (n * interval '1 minute')
      from generate_series(${existing + done + 1}::int, ${existing + done + batch}::int) as n`);
  }
  await database.db.execute(sql`analyze wallet_transactions`);
}

async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let n = 0; n < REQUESTS + 20; n += 1) {
    const started = process.hrtime.bigint();
    await run();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (n >= 20) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  return `${median.toFixed(2)} / ${p95.toFixed(2)}`;
}

const me = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/benefits/me', headers });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<{ data: { spend: string } }>().data;
};

console.log(
  `Benefits on ${args.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${REQUESTS} requests each, ms of server time (median / p95)`,
);
let size = 0;
for (const target of SIZES) {
  await grow(target - size, size);
  size = target;
  const page = await time(me);
  const spend = await time(() =>
    database.db.transaction((tx) => qualifyingSpend(tx, user.id, new Date())),
  );
  console.log(
    `${String(size).padStart(7)} rows  GET /api/benefits/me ${page}  spend read of a payment ${spend}  (spend ${(await me()).spend} USDT)`,
  );
}
await app.close();
await database.close();
