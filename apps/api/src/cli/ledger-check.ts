// `npm run ledger:check`: checks the books of the configured database (DATABASE_URL, or the
// embedded database's data folder) and prints what it proved; exits 1 on any violation, 2 when it
// could not check. It only reads. With the embedded database, stop the app first: one process at
// a time may open its data folder.
import { ConfigError, loadConfig, pgliteDataDir } from '../config';
import { openDatabase } from '../db/client';
import { describeError } from '../lib/describe-error';
import { runLedgerCheck } from '../modules/ledger-admin/ledger-check-report';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ driver: 'pglite', dataDir: pgliteDataDir(config) });
  try {
    return await runLedgerCheck(database.db, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `Could not check the books: ${describeError(error)}`}\n`,
    );
    process.exitCode = 2;
  },
);
