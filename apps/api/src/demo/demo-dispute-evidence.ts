import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The status job's demo pace: a check every 30 s. */
const CHECKS_PER_HOUR = 120;

/**
 * What the platform would have measured over the demo's disputed rental (issue 17 point 4), so
 * that the desk's Evidence card shows figures on a fresh demo: the server running when the rental
 * began; in its second clock hour running on the panel but answering no status check (the renter
 * restarted it, to no avail); in its third stopped on the panel for forty minutes, with a panel
 * read that timed out; its last, partial hour without a single check. Laid out from the rental's
 * own start, so every demo reads the same: two hours down, and one without measurement when the
 * rental began past the hour's turn. Written once: nothing when the listing already has status
 * hours from the rental's first hour on.
 */
export async function seedDemoDisputeEvidence(db: Database, rentalId: string): Promise<void> {
  const [rental] = await queryRows<{ listing_id: string; starts_at: Date | string }>(
    db,
    sql`select listing_id, starts_at from rentals where id = ${rentalId}`,
  );
  if (!rental) return;
  const listingId = rental.listing_id;
  const from = new Date(rental.starts_at).getTime();
  const hour0 = Math.floor(from / HOUR_MS) * HOUR_MS;
  const at = (hours: number, minutes = 0) =>
    new Date(hour0 + hours * HOUR_MS + minutes * MINUTE_MS).toISOString();
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from server_status_hours
         where listing_id = ${listingId} and hour >= ${at(0)}::timestamptz`,
  );
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into panel_state_changes (listing_id, state, detail, changed_at) values
        (${listingId}, 'running', null, ${new Date(from - 5 * MINUTE_MS).toISOString()}),
        (${listingId}, 'stopped', null, ${at(2, 10)}),
        (${listingId}, 'running', null, ${at(2, 50)})`);
    await tx.execute(sql`
      insert into server_status_hours
             (listing_id, hour, checks, answered, players_max, players_sum)
      values (${listingId}, ${at(0)}, ${CHECKS_PER_HOUR}, ${CHECKS_PER_HOUR}, 14, 1320),
             (${listingId}, ${at(1)}, ${CHECKS_PER_HOUR}, 0, 0, 0),
             (${listingId}, ${at(2)}, ${CHECKS_PER_HOUR}, 76, 6, 228)
      on conflict do nothing`);
    await tx.execute(sql`
      insert into panel_power_actions (listing_id, rental_id, signal, outcome, message, sent_at)
      values (${listingId}, ${rentalId}, 'restart', 'ok', null, ${at(1, 35)})`);
    await tx.execute(sql`
      insert into panel_events (listing_id, kind, message, created_at)
      values (${listingId}, 'timeout', 'state: The control panel did not answer within 4 seconds.',
              ${at(2, 12)})`);
  });
}
