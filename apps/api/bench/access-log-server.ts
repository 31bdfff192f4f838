// The API on an embedded database with the demo catalog, logging as `npm start` does (one access
// line per request, as JSON on the stream `npm start` writes it with, to /dev/null so the terminal is
// not what is measured) or not at all.
// Started by access-log.bench.ts: `tsx bench/access-log-server.ts info|off PORT`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed/demo-seed';
import { outboxMailer } from '../src/lib/mailer';
import { jsonDestination } from '../src/lib/readable-log';

const [variant, port] = process.argv.slice(2);
const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-access-log-bench-'));
// A socket may carry any number of requests: autocannon keeps its connections open, and the
// production limit would answer its 1001st request on each with a 503 instead of the catalog.
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: port!,
  HTTP_MAX_REQUESTS_PER_SOCKET: '1000000',
});
const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
await runMigrations(database);
const silent = pino({ level: 'silent' });
await seedDemoData(database.db, silent);
const logger = variant === 'info' ? pino({ level: 'info' }, jsonDestination('/dev/null')) : false;
const app = await buildApp({
  config,
  database,
  jwtSecret: 'access-log-bench-secret-that-is-long-enough-0123456789',
  mailer: outboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM),
  logger,
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('listening\n');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
