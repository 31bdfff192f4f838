import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle, type Schema } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { migrationsDir } from '../src/lib/package-paths';
import { readHealth } from '../src/modules/health/health.service';
import { addressCollisions } from '../src/modules/wallet/wallet.repository';
import { serverUrl, withAdminClient } from './database';
import { createUser } from './factories';

const LEVEL = '0006_email_verification';
const folders: string[] = [];
let handle: DatabaseHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The committed migrations up to and including `tag`, in a folder of their own. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'crimsonhost-migrations-'));
  folders.push(folder);
  cpSync(migrationsDir, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ driver: 'pglite' });
  const name = `crimsonhost_migrate_spaces_${process.pid}`;
  await withAdminClient(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  dropDatabase = () =>
    withAdminClient(url, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    ).then(() => undefined);
  return openDatabase({ driver: 'postgres', url: serverUrl(url, name) });
}

async function migrateTo(database: DatabaseHandle, folder: string) {
  if (database.driver === 'pglite')
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: folder,
    });
  else
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, {
      migrationsFolder: folder,
    });
}

/** A deposit row as the previous level wrote it. */
async function seedDeposit(
  database: DatabaseHandle,
  deposit: { userId: string; network: string; address: string; index: number; at: string },
) {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into wallet_transactions (user_id, type, status, amount, currency, description,
        network, address, created_at)
      values (${deposit.userId}, 'DEPOSIT', 'PENDING', 25000000, 'USDT', 'Deposit',
        ${deposit.network}, ${deposit.address}, ${deposit.at}::timestamptz)
      returning id`,
  );
  await database.db.execute(
    sql`insert into deposits (transaction_id, user_id, network, address, derivation_index,
        requested_amount, expires_at, watch_until, created_at)
      values (${row!.id}, ${deposit.userId}, ${deposit.network}, ${deposit.address}, ${deposit.index},
        25000000, now(), now(), ${deposit.at}::timestamptz)`,
  );
  return row!.id;
}

describe('migration 0007: one index space for ERC20 and BEP20', () => {
  it('reports addresses already handed to two users, moves no money, and counts on past them', async () => {
    handle = await emptyDatabase();
    await migrateTo(handle, migrationsUpTo(LEVEL));

    // What the per-network counters did: index 0 and 1 on ERC20 and on BEP20 give the same two
    // addresses to different users.
    const alice = await createUser(handle.db);
    const bob = await createUser(handle.db);
    const a = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const b = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
    const aliceErc = await seedDeposit(handle, {
      userId: alice.id,
      network: 'ERC20',
      address: a,
      index: 0,
      at: '2025-01-01T10:00:00Z',
    });
    const bobBep = await seedDeposit(handle, {
      userId: bob.id,
      network: 'BEP20',
      address: a,
      index: 0,
      at: '2025-01-01T11:00:00Z',
    });
    const bobErc = await seedDeposit(handle, {
      userId: bob.id,
      network: 'ERC20',
      address: b,
      index: 1,
      at: '2025-01-01T12:00:00Z',
    });
    const aliceBep = await seedDeposit(handle, {
      userId: alice.id,
      network: 'BEP20',
      address: b,
      index: 1,
      at: '2025-01-01T13:00:00Z',
    });
    await handle.db.execute(
      sql`update deposit_address_counters set next_index = 2 where network in ('ERC20', 'BEP20')`,
    );
    await handle.db.execute(
      sql`update deposit_address_counters set next_index = 7 where network = 'TRC20'`,
    );
    const balancesBefore = await queryRows(
      handle.db,
      sql`select id, balance from ledger_accounts order by id`,
    );

    await runMigrations(handle);

    // The later holder of each address is reported; the first keeps it.
    const reported = await addressCollisions(handle.db);
    expect(reported.map((row) => row.transactionId).sort()).toEqual([bobBep, aliceBep].sort());
    expect(reported.find((row) => row.transactionId === bobBep)).toMatchObject({
      network: 'BEP20',
      address: a,
      userId: bob.id,
      firstTransactionId: aliceErc,
      firstUserId: alice.id,
    });
    const flags = await queryRows<{ transaction_id: string; address_collision: boolean }>(
      handle.db,
      sql`select transaction_id, address_collision from deposits`,
    );
    expect(Object.fromEntries(flags.map((f) => [f.transaction_id, f.address_collision]))).toEqual({
      [aliceErc]: false,
      [bobBep]: true,
      [bobErc]: false,
      [aliceBep]: true,
    });
    const health = await readHealth(handle, 'test');
    expect(health.deposits?.addressCollisions).toBe(2);

    // The shared counter goes on past every index either network used; TRON keeps its own.
    const counters = await queryRows<{ space: string; next_index: number }>(
      handle.db,
      sql`select space, next_index from deposit_address_counters order by space`,
    );
    expect(counters).toEqual([
      { space: 'EVM', next_index: 2 },
      { space: 'TRON', next_index: 7 },
    ]);
    // No money moved.
    expect(
      await queryRows(handle.db, sql`select id, balance from ledger_accounts order by id`),
    ).toEqual(balancesBefore);
    // And the address cannot be handed out a third time.
    await expect(
      seedDeposit(handle, {
        userId: bob.id,
        network: 'BEP20',
        address: b.toLowerCase(),
        index: 5,
        at: '2025-01-02T00:00:00Z',
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
