import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { readHealth } from '../src/modules/health/health.service';
import { addressCollisions } from '../src/modules/wallet/wallet.repository';
import { createLegacyUser } from './factories';
import { MigrationLevels } from './migration-levels';

const LEVEL = '0006_email_verification';
let levels: MigrationLevels;

afterAll(() => levels?.cleanUp());

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
    levels = new MigrationLevels('spaces');
    const handle = await levels.emptyDatabase();
    await levels.migrateTo(handle, LEVEL);

    // What the per-network counters did: index 0 and 1 on ERC20 and on BEP20 give the same two
    // addresses to different users.
    const alice = await createLegacyUser(handle.db);
    const bob = await createLegacyUser(handle.db);
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
