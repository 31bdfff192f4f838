import { MAX_RENTAL_HOURS } from '@crimsonhost/shared/rentals';
import { DISPUTE_WINDOW_DAYS } from '@crimsonhost/shared/disputes';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/jobs';

const DAY_MS = 86_400_000;

/**
 * How long the measured history behind a dispute's evidence is kept (decision 046): the longest
 * rental (MAX_RENTAL_HOURS) and the dispute window after it are 37 days; 90 leave support weeks to
 * decide. A listing with an open dispute keeps all of its history until the dispute is decided.
 */
export const EVIDENCE_KEEP_DAYS = 90;
if (EVIDENCE_KEEP_DAYS * 24 < MAX_RENTAL_HOURS + DISPUTE_WINDOW_DAYS * 24) {
  throw new Error('EVIDENCE_KEEP_DAYS must cover the longest rental and its dispute window');
}

/** Rows one statement deletes: a run never holds a long transaction over a large table. */
const BATCH = 5_000;

const noOpenDispute = (listing: SQL) => sql`not exists (
  select 1 from rental_disputes d join rentals r on r.id = d.rental_id
   where d.status = 'OPEN' and r.listing_id = ${listing})`;

/**
 * Deletes `table`'s rows older than `cutoff` by `timeColumn` (with `extra` as a further
 * condition on alias `t`), never a listing's with an open dispute, in batches of BATCH.
 */
async function pruneTable(
  db: Database,
  {
    table,
    key,
    timeColumn,
    cutoff,
    extra = sql`true`,
  }: {
    table: string;
    /** The column the batch is chosen by (`ctid` for a table without an id). */
    key: string;
    timeColumn: string;
    cutoff: string;
    extra?: SQL;
  },
) {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
          delete from ${sql.raw(table)} where ${sql.raw(key)} in (
            select t.${sql.raw(key)} from ${sql.raw(table)} t
             where t.${sql.raw(timeColumn)} < ${cutoff}::timestamptz
               and ${noOpenDispute(sql`t.listing_id`)} and ${extra}
             limit ${BATCH})
          returning 1)
        select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Drops the history older than EVIDENCE_KEEP_DAYS: status hours, power signals, panel events, and
 * run-state changes except each listing's latest one before the cutoff (the state a later window
 * starts in). Safe to run on several instances at once: each statement deletes what it finds.
 */
export async function pruneEvidence(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - EVIDENCE_KEEP_DAYS * DAY_MS).toISOString();
  return {
    statusHours: await pruneTable(db, {
      table: 'server_status_hours',
      key: 'ctid',
      timeColumn: 'hour',
      cutoff,
    }),
    powerActions: await pruneTable(db, {
      table: 'panel_power_actions',
      key: 'id',
      timeColumn: 'sent_at',
      cutoff,
    }),
    panelEvents: await pruneTable(db, {
      table: 'panel_events',
      key: 'id',
      timeColumn: 'created_at',
      cutoff,
    }),
    stateChanges: await pruneTable(db, {
      table: 'panel_state_changes',
      key: 'id',
      timeColumn: 'changed_at',
      cutoff,
      extra: sql`exists (select 1 from panel_state_changes later
                          where later.listing_id = t.listing_id
                            and later.changed_at < ${cutoff}::timestamptz
                            and (later.changed_at, later.id) > (t.changed_at, t.id))`,
    }),
  };
}

/** Prunes the evidence history every 6 hours, on one instance at a time. */
export function evidenceRetentionJob(
  db: Database,
  log: FastifyBaseLogger,
  clock: Clock,
): JobDefinition {
  return {
    name: 'evidence-retention',
    intervalMs: 6 * 3_600_000,
    leaseMs: 30 * 60_000,
    run: async () => {
      const pruned = await pruneEvidence(db, clock.now());
      if (Object.values(pruned).some((n) => n > 0)) {
        log.info(pruned, 'old dispute evidence history pruned');
      }
    },
  };
}
