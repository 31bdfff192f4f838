import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';

/**
 * The Overview's reads (issue 15 point 2): one aggregate query per figure family, each summed in
 * the database and grouped by UTC day. `from` is the start of the first UTC day of the window.
 */

const utcDay = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/**
 * Sign-ups per day: reads `users` by `created_at`. There is no index on it, so this scans the
 * accounts table; it is far smaller than the money tables (one row per person).
 */
export async function signUpsByDay(db: Executor, from: Date) {
  return queryRows<{ day: string; sign_ups: number }>(
    db,
    sql`select ${utcDay('created_at')} as day, count(*)::int as sign_ups
          from users
         where created_at >= ${from.toISOString()}::timestamptz
         group by 1`,
  );
}

/**
 * The money figures per day, from the platform's ledger accounts (USDT) and the vendors' escrow
 * accounts: a few rows of `ledger_accounts` (one escrow per vendor), then each one's entries of the window along `ledger_entries_account_idx`
 * (account_id, created_at), so the query reads only the window's entries of those accounts.
 *  - deposits credited: the chain clearing accounts' debits, one per credited chain payment;
 *  - rental revenue: escrow's credits (rental payments and extensions) less its REFUND debits
 *    (escrow's debits, and the credits of a vendor's escrow, look up their ledger transaction's
 *    kind by primary key: migration 0023 moved running rentals' escrow to their vendor's);
 *  - commission: everything posted to platform revenue (rental commission and deposit fees).
 */
export async function moneyByDay(db: Executor, from: Date) {
  // `offset 0` keeps the lateral read per account (an index range scan each) rather than letting
  // the planner turn it into one scan of every entry of the window; the refund test looks up
  // the ledger transaction (by primary key) of escrow's debits only.
  return queryRows<{
    day: string;
    deposits: number;
    deposited: string;
    rental_revenue: string;
    commission: string;
  }>(
    db,
    sql`select ${utcDay('e.created_at')} as day,
               count(*) filter (where a.kind = 'CHAIN_CLEARING' and e.amount < 0)::int as deposits,
               coalesce(sum(-e.amount) filter (where a.kind = 'CHAIN_CLEARING' and e.amount < 0), 0)::text
                 as deposited,
               (coalesce(sum(e.amount) filter (
                   where a.kind = 'ESCROW' and e.amount > 0
                     -- Escrow moved to its vendor's own account (migration 0023) was paid before.
                     and (a.owner_id is null
                          or (select t.kind from ledger_transactions t
                               where t.id = e.ledger_transaction_id) <> 'ESCROW_TO_VENDOR')), 0)
                 + coalesce(sum(e.amount) filter (
                     where a.kind = 'ESCROW' and e.amount < 0
                       and (select t.kind from ledger_transactions t
                             where t.id = e.ledger_transaction_id) = 'REFUND'), 0))::text
                 as rental_revenue,
               coalesce(sum(e.amount) filter (where a.kind = 'PLATFORM_REVENUE'), 0)::text as commission
          from ledger_accounts a
         cross join lateral (
           select entry.created_at, entry.amount, entry.ledger_transaction_id
             from ledger_entries entry
            where entry.account_id = a.id
              and entry.created_at >= ${from.toISOString()}::timestamptz
           offset 0
         ) e
         where a.currency = 'USDT'
           -- Escrow is one account per vendor (decision 037); the others are the platform's.
           and (a.owner_id is null or a.kind = 'ESCROW')
           and a.kind in ('CHAIN_CLEARING', 'ESCROW', 'PLATFORM_REVENUE')
         group by 1`,
  );
}

/** Confirmations per network: the few rows of `deposit_networks`. */
export async function confirmationsByNetwork(db: Executor) {
  const rows = await queryRows<{ network: string; confirmations: number }>(
    db,
    sql`select network, confirmations from deposit_networks`,
  );
  return new Map(rows.map((row) => [row.network, row.confirmations]));
}

/**
 * The mail outbox's backlog: reads the PENDING and FAILED rows along `mail_outbox_due_idx`
 * (status, next_attempt_at), never the sent mail that makes up most of the table.
 */
export async function mailBacklog(db: Executor, now: Date, failedSince: Date) {
  const [row] = await queryRows<{
    queued: number;
    failing: number;
    failed: number;
    oldest: Date | string | null;
  }>(
    db,
    sql`select count(*) filter (where status = 'PENDING')::int as queued,
               count(*) filter (where status = 'PENDING' and attempts > 0)::int as failing,
               count(*) filter (where status = 'FAILED'
                                  and created_at >= ${failedSince.toISOString()}::timestamptz)::int
                 as failed,
               min(created_at) filter (where status = 'PENDING') as oldest
          from mail_outbox
         where status in ('PENDING', 'FAILED')`,
  );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    queued: row?.queued ?? 0,
    failing: row?.failing ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedSeconds:
      oldest === null ? null : Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)),
  };
}
