// The API as `npm start` runs it, plus GET /api/bench/static: a fixed JSON answer of the same
// size as a catalog page, sent from memory, to measure the framework's ceiling in the same
// process, on PostgreSQL (DATABASE_URL) or on the embedded database with the demo catalog.
// Started by catalog.bench.ts with the environment it needs, and by money.bench.ts,
// which only drives the API's own routes (the fixed answer is unused there).
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { pino } from 'pino';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/demo-seed';
import { outboxMailer } from '../src/lib/mailer';

const config = loadConfig();
if (!config.JWT_SECRET) throw new Error('JWT_SECRET');
// Without DATABASE_URL: the embedded database in DATA_DIR with the demo catalog, as a newcomer's
// `npm start` has it.
let database: DatabaseHandle;
if (config.DATABASE_URL) {
  database = await openDatabase({
    driver: 'postgres',
    url: config.DATABASE_URL,
    namedStatements: config.DATABASE_NAMED_STATEMENTS,
  });
} else {
  database = await openDatabase({ driver: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') });
  await runMigrations(database);
  await seedDemoData(database.db, pino({ level: 'silent' }));
}
const app = await buildApp({
  config,
  database,
  jwtSecret: config.JWT_SECRET,
  mailer: outboxMailer(path.join(tmpdir(), 'crimsonhost-bench-outbox'), config.MAIL_FROM),
  logger: false,
});
let fixed = '';
app.get('/api/bench/static', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(fixed),
);
await app.ready();
fixed = (await app.inject({ method: 'GET', url: '/api/servers?pageSize=20' })).body;
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.stdout.write(`listening ${Buffer.byteLength(fixed)}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
