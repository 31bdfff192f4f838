import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock';
import { fillFromSnapshot } from './data-folder-snapshot';
import { StatementNames, wrapConnectionQueries } from './prepared-statements';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: what a repository function receives. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as an uncompressed tarball, for `loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
}

export type DatabaseTarget =
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      /** Told of each connection PostgreSQL ended (default: ignored); the pool replaces it. */
      onConnectionError?: (error: Error) => void;
      /**
       * How many repeated statement texts are sent as named statements, parsed and planned once
       * per connection (decision 064); 0 sends every statement unnamed. Default 256.
       */
      namedStatements?: number;
    }
  | {
      driver: 'pglite';
      dataDir?: string;
      /** A data folder dumped with `dumpDataDir()` to start from instead of an empty cluster. */
      loadDataDir?: Blob;
      /**
       * A gzipped tarball of a migrated data folder (the build's, decision 065): a `dataDir` that
       * holds no database yet is filled from it before it opens, instead of creating a cluster.
       */
      snapshotFile?: string;
    };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // A connection PostgreSQL ends (pg_terminate_backend, a fail-over, a restart) makes its client
    // emit 'error'; unheard, that event ends the process. The pool listens only while a client is
    // idle, so every client gets its own listener for the time it is checked out, transactions
    // included. The query that was running fails on its own and the request answers 503; the
    // broken client is dropped from the pool when it is released.
    const onConnectionError = target.onConnectionError ?? (() => undefined);
    pool.on('error', onConnectionError);
    const names = new StatementNames(target.namedStatements ?? 256);
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
      wrapConnectionQueries(client, target.namedStatements === 0 ? null : names);
    });
    returnLostClients(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await db.execute(sql`select 1`);
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  let lock: DataFolderLock | null = null;
  if (target.dataDir) {
    mkdirSync(target.dataDir, { recursive: true });
    lock = lockDataFolder(target.dataDir);
  }
  try {
    if (target.dataDir && target.snapshotFile) {
      await fillFromSnapshot(target.dataDir, target.snapshotFile);
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    // pg_trgm backs the catalog's text search; PostgreSQL servers ship it as a contrib extension.
    // PostgreSQL's default shared_buffers (128 MB) lives in the embedded database's WebAssembly
    // memory, which never shrinks: an idle demo held 426 MB. 16 MB holds it at 314 MB with no
    // measurable cost to the API's queries (docs/benchmarks.md, start and memory).
    const client = new PGlite({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir,
      extensions: { pg_trgm },
      postgresqlconf: ['shared_buffers = 16MB'],
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      driver: 'pglite',
      dumpDataDir: () => client.dumpDataDir('none'),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A transaction checks a client out with `pool.connect()` and releases it in a `finally` that
 * starts only after `begin` succeeded: a connection lost during `begin` would keep its pool slot
 * for good, and after `max` such losses every request waits for a slot that never frees. So a
 * checked-out client whose connection is lost goes back to the pool at once, marked broken (the
 * pool then closes it and opens a new one), and the later release by its user does nothing.
 */
function returnLostClients(pool: pg.Pool) {
  const connect = pool.connect.bind(pool);
  const connectGuarded = async () => {
    const client = await connect();
    const release = client.release.bind(client);
    let released = false;
    const onLost = (error: Error) => client.release(error);
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onLost);
      release(error);
    };
    client.on('error', onLost);
    return client;
  };
  // The callback form is the pool's own `query`, which always releases with the error it got.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connectGuarded()) as typeof pool.connect;
}

/** Runs raw SQL and answers its rows, the same on PGlite and on node-postgres. */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
