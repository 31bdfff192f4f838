// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { ConfigError, loadConfig, pgliteDataDir } from '../config';
import { openDatabase } from './client';
import { migrationLevel, runMigrations } from './migrate';
import { describeError } from '../lib/describe-error';

async function main() {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: pgliteDataDir(config) });
  try {
    await runMigrations(database);
    const level = await migrationLevel(database);
    process.stdout.write(
      `Database at migration ${level.latest ?? 'none'} (${level.applied}/${level.expected}).\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Migration failed: ${describeError(error)}`}\n`,
  );
  process.exit(1);
});
