import {
  VENDOR_CLEARING_DAYS,
  type MoneyState,
  type VendorBalances,
  type VendorEarnings,
  type VendorMovement,
} from '@crimsonhost/shared/vendors';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/jobs';
import { hasOpenDispute } from '../disputes/disputes.repository';
import * as rentalsRepo from '../rentals/rentals.repository';
import { postLedgerTransaction, vendorAvailable, vendorPending } from '../wallet/ledger.service';

const DAY_MS = 86_400_000;

/** The ledger kind of a payout seen paid on chain (issue 16 point 8): what "paid out" sums. */
export const PAYOUT_SENT_KIND = 'VENDOR_PAYOUT_SENT';

/**
 * A vendor's money in each state, from the ledger alone (decision 037): escrow for its running
 * rentals, pending inside the dispute window, available, payout pending, and what payouts sent.
 */
export async function vendorBalances(db: Executor, vendorId: string): Promise<VendorBalances> {
  // One read of the vendor's few accounts: escrow sums its entries (its row keeps 0), the others
  // cache their balance on the row; paid out sums the payout entries of payout pending.
  const rows = await queryRows<{ kind: string; balance: string; sent: string | null }>(
    db,
    sql`select a.kind,
               (case when a.kind = 'ESCROW'
                     then (select coalesce(sum(e.amount), 0) from ledger_entries e
                            where e.account_id = a.id)
                     else a.balance end)::text as balance,
               (case when a.kind = 'VENDOR_PAYOUT_PENDING'
                     then (select coalesce(-sum(e.amount), 0) from ledger_entries e
                             join ledger_transactions t on t.id = e.ledger_transaction_id
                            where e.account_id = a.id and t.kind = ${PAYOUT_SENT_KIND}) end)::text
                 as sent
          from ledger_accounts a
         where a.owner_id = ${vendorId} and a.currency = 'USDT'
           and a.kind in ('ESCROW', 'VENDOR_PENDING', 'VENDOR_AVAILABLE', 'VENDOR_PAYOUT_PENDING')`,
  );
  const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.balance ?? '0');
  const sent = rows.find((row) => row.kind === 'VENDOR_PAYOUT_PENDING')?.sent ?? '0';
  return {
    escrow: toUsdtString(of('ESCROW')),
    pending: toUsdtString(of('VENDOR_PENDING')),
    available: toUsdtString(of('VENDOR_AVAILABLE')),
    payoutPending: toUsdtString(of('VENDOR_PAYOUT_PENDING')),
    paidOut: toUsdtString(BigInt(sent)),
  };
}

/** When a rental that ended at `endedAt` clears: the end of the buyer protection dispute window. */
export function clearsAt(endedAt: Date): Date {
  return new Date(endedAt.getTime() + VENDOR_CLEARING_DAYS * DAY_MS);
}

/**
 * Makes ended rentals' vendor shares available once their dispute window closed: one database
 * transaction per rental, its row locked (SKIP LOCKED, so two instances share the work), the
 * movement named `rental:<id>:clear` so it happens once, and `cleared_at` set with it.
 */
export async function clearDueEarnings(db: Database, now = new Date(), limit = 200) {
  const before = new Date(now.getTime() - VENDOR_CLEARING_DAYS * DAY_MS);
  let cleared = 0;
  for (const id of await rentalsRepo.rentalIdsToClear(db, before, limit)) {
    const done = await db.transaction(async (tx) => {
      const rental = await rentalsRepo.lockRental(tx, id, { skipLocked: true });
      if (!rental || rental.status === 'ACTIVE' || rental.clearedAt || !rental.endedAt)
        return false;
      if (rental.endedAt > before) return false;
      // Opened after the list was read: the money waits for the decision.
      if (await hasOpenDispute(tx, rental.id)) return false;
      if (rental.released > 0n) {
        await postLedgerTransaction(tx, {
          kind: 'VENDOR_CLEARED',
          reference: `rental:${rental.id}:clear`,
          postings: [
            { account: vendorPending(rental.vendorId), amount: -rental.released },
            { account: vendorAvailable(rental.vendorId), amount: rental.released },
          ],
        });
      }
      await rentalsRepo.updateRental(tx, rental.id, { clearedAt: now });
      return true;
    });
    if (done) cleared += 1;
  }
  return cleared;
}

/** The clearing job: every minute, one instance at a time through its lease. */
export function vendorClearingJob(
  db: Database,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): JobDefinition {
  return {
    name: 'vendor-clearing',
    intervalMs: 60_000,
    leaseMs: 120_000,
    run: async () => {
      const cleared = await clearDueEarnings(db, clock.now());
      if (cleared > 0) log.info({ cleared }, 'vendor earnings became available');
    },
  };
}

const STATE_OF_KIND: Record<string, MoneyState> = {
  ESCROW: 'ESCROW',
  VENDOR_PENDING: 'PENDING',
  VENDOR_AVAILABLE: 'AVAILABLE',
  VENDOR_PAYOUT_PENDING: 'PAYOUT_PENDING',
};
const KIND_OF_STATE = Object.fromEntries(
  Object.entries(STATE_OF_KIND).map(([kind, state]) => [state, kind]),
) as Record<MoneyState, string>;

/** What a movement did, in words, by its ledger kind and the state it touched. */
function describeMovement(kind: string, state: MoneyState, amount: bigint): string {
  switch (kind) {
    case 'RENTAL_PAYMENT':
      return 'A renter paid for a rental';
    case 'REFUND':
      return 'Unused hours refunded to the renter';
    case 'RENTAL_RELEASE':
      return state === 'ESCROW'
        ? 'The rental ended: released from escrow'
        : 'The rental ended: your share, less the commission';
    case 'VENDOR_CLEARED':
      return state === 'PENDING'
        ? 'The dispute window closed'
        : 'Available after the dispute window';
    case 'ESCROW_TO_VENDOR':
      return 'Escrow moved to your own account';
    case PAYOUT_SENT_KIND:
      return 'Payout sent';
    default:
      return amount < 0n ? 'Money out' : 'Money in';
  }
}

/**
 * `GET /api/vendor/earnings`: the balances by state and the pending shares with the day each
 * becomes available (the end of its dispute window).
 */
export async function vendorEarnings(
  db: Executor,
  vendorId: string,
  commissionBp: number,
): Promise<VendorEarnings> {
  const balances = await vendorBalances(db, vendorId);
  const pending = await queryRows<{
    id: string;
    name: string;
    ended_at: Date | string;
    released: string;
    commission: string;
  }>(
    db,
    sql`select r.id, l.name, r.ended_at, r.released::text as released, r.commission::text as commission
          from rentals r join server_listings l on l.id = r.listing_id
         where r.vendor_id = ${vendorId} and r.status <> 'ACTIVE' and r.cleared_at is null
           and r.released > 0
         order by r.ended_at, r.id
         limit 200`,
  );
  return {
    balances,
    pending: pending.map((row) => {
      const endedAt = new Date(row.ended_at);
      return {
        rentalId: row.id,
        serverName: row.name,
        endedAt: endedAt.toISOString(),
        clearsAt: clearsAt(endedAt).toISOString(),
        amount: toUsdtString(BigInt(row.released)),
        commission: toUsdtString(BigInt(row.commission)),
      };
    }),
    commissionBp,
  };
}

/**
 * `GET /api/vendor/earnings/movements`: the entries on the vendor's accounts, newest first, each
 * with the rental it names and, for a rental's share, the commission kept at its end.
 */
export async function vendorMovements(
  db: Executor,
  vendorId: string,
  query: { state?: MoneyState; page: number; pageSize: number },
) {
  const kinds = query.state ? [KIND_OF_STATE[query.state]] : Object.keys(STATE_OF_KIND);
  const accounts = sql`(select id from ledger_accounts
     where owner_id = ${vendorId} and currency = 'USDT'
       and kind in (${sql.join(
         kinds.map((kind) => sql`${kind}`),
         sql`, `,
       )}))`;
  const rows = await queryRows<{
    id: string;
    created_at: Date | string;
    account_kind: string;
    kind: string;
    amount: string;
    commission: string | null;
    rental_id: string | null;
    server_name: string | null;
  }>(
    db,
    sql`select e.id::text as id, e.created_at, a.kind as account_kind, t.kind, e.amount::text as amount,
               case when a.kind = 'VENDOR_PENDING' and t.kind = 'RENTAL_RELEASE' then
                 (select coalesce(sum(c.amount), 0)::text from ledger_entries c
                    join ledger_accounts ca on ca.id = c.account_id
                   where c.ledger_transaction_id = t.id and ca.kind = 'PLATFORM_REVENUE')
               end as commission,
               r.id as rental_id, l.name as server_name
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.ledger_transaction_id
          left join rentals r
            on t.reference like 'rental:%' and r.id::text = split_part(t.reference, ':', 2)
          left join server_listings l on l.id = r.listing_id
         where e.account_id in ${accounts}
         order by e.created_at desc, e.id desc
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [counted] = await queryRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from ledger_entries e where e.account_id in ${accounts}`,
  );
  return {
    data: rows.map((row): VendorMovement => {
      const state = STATE_OF_KIND[row.account_kind]!;
      const amount = BigInt(row.amount);
      return {
        id: row.id,
        at: new Date(row.created_at).toISOString(),
        state,
        kind: row.kind,
        description: describeMovement(row.kind, state, amount),
        amount: toUsdtString(amount),
        commission: row.commission === null ? null : toUsdtString(BigInt(row.commission)),
        rental:
          row.rental_id && row.server_name
            ? { id: row.rental_id, serverName: row.server_name }
            : null,
      };
    }),
    meta: { page: query.page, pageSize: query.pageSize, total: Number(counted?.total ?? 0) },
  };
}
