// `npm run seed:bulk -- --count 100000 [--database-url postgres://…]`: fills a database with
// made-up listings for benchmarks. Without --database-url it uses the configured database
// (DATABASE_URL, or PGlite in DATA_DIR).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, pgliteDataDir } from '../../config';
import { openDatabase } from '../client';
import { runMigrations } from '../migrate';
import { seedBulkListings } from './bulk-seed';
import { describeError } from '../../lib/describe-error';

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string' }, 'database-url': { type: 'string' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error('--count must be a whole number of listings, such as --count 100000');
  }
  const url = values['database-url'];
  const database = url
    ? await openDatabase({ driver: 'postgres', url })
    : await (async () => {
        const config = loadConfig();
        return config.DATABASE_URL
          ? openDatabase({ driver: 'postgres', url: config.DATABASE_URL })
          : openDatabase({ driver: 'pglite', dataDir: pgliteDataDir(config) });
      })();
  try {
    await runMigrations(database);
    const started = Date.now();
    const added = await seedBulkListings(database.db, count, (done, total) =>
      process.stdout.write(
        `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}\n`,
      ),
    );
    process.stdout.write(
      `Added ${added.toLocaleString('en-US')} listings in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `the catalog holds at least ${count.toLocaleString('en-US')}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Bulk seed failed: ${describeError(error)}`}\n`,
  );
  process.exit(1);
});
