// `npm run bench:login-timing`: how long a failed sign-in takes for an e-mail with an account and
// for one without (decision 016). Both should fall in the same class: one argon2 verification.
// Runs the API in this process on an in-memory PGlite, through app.inject; each attempt uses its
// own e-mail and address, so no failure limit is reached. Prints the median and 90th percentile.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { insertUser } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '60' } } });
const rounds = Number(args.rounds);

const database = await openDatabase({ driver: 'pglite' });
await runMigrations(database);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database,
  jwtSecret: randomUUID().repeat(2),
  mailer: { destination: 'none', send: async () => undefined },
});
await app.ready();
const csrf = (await app.inject({ url: '/api/auth/csrf' })).json<{ data: { csrfToken: string } }>()
  .data.csrfToken;

const passwordHash = await hashPassword('the owner knows this one');
const known: string[] = [];
for (let i = 0; i < rounds; i += 1) {
  const email = `known-${i}@example.com`;
  await insertUser(database.db, { email, displayName: `Known ${i}`, passwordHash });
  known.push(email);
}

async function attempt(email: string, n: number): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-csrf-token': csrf },
    remoteAddress: `10.9.${Math.floor(n / 250)}.${n % 250}`,
    payload: { email, password: 'a wrong guess here' },
  });
  if (response.statusCode !== 401) throw new Error(`expected 401, got ${response.statusCode}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

// Interleaved, after a warm-up of each kind, so both see the same machine load.
await attempt('warm-up-known@example.com', 0);
await attempt(known[0]!, 1);
const times = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < rounds; i += 1) {
  times.known.push(await attempt(known[i]!, 2 * i + 2));
  times.unknown.push(await attempt(`unknown-${i}@example.com`, 2 * i + 3));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
for (const [kind, values] of Object.entries(times)) {
  console.log(
    `${kind.padEnd(8)} n=${values.length} median ${percentile(values, 0.5).toFixed(1)} ms, p90 ${percentile(values, 0.9).toFixed(1)} ms`,
  );
}
await app.close();
await database.close();
