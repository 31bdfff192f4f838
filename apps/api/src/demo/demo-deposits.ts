import { randomUUID } from 'node:crypto';
import type { Network } from '@crimsonhost/shared/constants';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail } from '../modules/auth/auth.repository';
import { expireUnpaidDeposits } from '../modules/wallet/wallet.repository';
import type { WalletService } from '../modules/wallet/wallet.service';
import type { DemoPayer } from './offline-demo';

const DEMO_RENTER = 'renter@crimsonhost.demo';
const USDT = 1_000_000n;

/**
 * The demo renter's deposit history, paid for real on the demo chains so that the staff area's
 * Deposits section and the books check have something true to show (issue 15 point 5): one open,
 * one paid short, one paid over, one paid late, and one that expired unpaid and then received a
 * payment on the wrong network, which the watcher holds for an admin to credit by hand. Seeded
 * once, when the demo renter has no deposit yet; the watchers credit them within seconds.
 */
export async function seedDemoDeposits(
  db: Database,
  wallet: WalletService,
  pay: DemoPayer,
  log: FastifyBaseLogger,
): Promise<void> {
  const renter = await findUserByEmail(db, DEMO_RENTER);
  if (!renter) return;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from deposits where user_id = ${renter.id}`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const networks = (await wallet.depositConfig()).networks.map((n) => n.id);
  const tron: Network = networks.includes('TRC20') ? 'TRC20' : 'ERC20';

  const open = (network: Network, amount: bigint) =>
    db.transaction((tx) =>
      wallet.createDeposit(
        tx,
        renter.id,
        { network, amount: String(amount / USDT) },
        `demo-seed:${randomUUID()}`,
      ),
    );
  /** As if it were opened `minutes` ago: its 30 minutes are over and it has expired. */
  const age = async (id: string, minutes: number) => {
    await db.execute(sql`update deposits
        set created_at = now() - make_interval(mins => ${minutes}),
            expires_at = now() - make_interval(mins => ${minutes - 30})
        where transaction_id = ${id}`);
    await db.execute(sql`update wallet_transactions
        set created_at = now() - make_interval(mins => ${minutes}) where id = ${id}`);
    await expireUnpaidDeposits(db);
  };

  const short = await open(tron, 50n * USDT);
  await pay(tron, short.address, 45n * USDT);
  const over = await open('BEP20', 20n * USDT);
  await pay('BEP20', over.address, 25n * USDT);
  const late = await open('ERC20', 15n * USDT);
  await age(late.transactionId, 95);
  await pay('ERC20', late.address, 15n * USDT);
  const expired = await open('ERC20', 30n * USDT);
  await age(expired.transactionId, 240);
  // Sent on BNB Smart Chain to the address of an ERC20 deposit: the same key holds it there.
  await pay('BEP20', expired.address, 30n * USDT);
  await open('ERC20', 25n * USDT);
  log.info(
    { renter: DEMO_RENTER },
    "seeded the demo renter's deposits: short, over, late, one paid on the wrong network, one open",
  );
}
