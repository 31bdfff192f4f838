// `npm run bench:test-database`: what each API test file pays for its PGlite database (see
// docs/benchmarks.md, "Test suite"). Opens ROUNDS databases each way and prints the mean:
// an empty cluster migrated from scratch (what every file did before), and a cluster loaded from
// the dump of one migrated data folder (what global setup now hands every file).
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

const ROUNDS = 5;

async function mean(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) await run();
  return (performance.now() - started) / ROUNDS;
}

const migrated = await openDatabase({ driver: 'pglite' });
await runMigrations(migrated);
const snapshot = await migrated.dumpDataDir!();
await migrated.close();

const migrateMs = await mean(async () => {
  const handle = await openDatabase({ driver: 'pglite' });
  await runMigrations(handle);
  await handle.close();
});
const loadMs = await mean(async () => {
  const handle = await openDatabase({ driver: 'pglite', loadDataDir: snapshot });
  await handle.close();
});
console.log(
  `PGlite test database, mean of ${ROUNDS}: migrate from scratch ${migrateMs.toFixed(0)} ms, ` +
    `load the migrated snapshot (${(snapshot.size / 1e6).toFixed(1)} MB) ${loadMs.toFixed(0)} ms`,
);
