import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import type { QueryProtocol } from './game-query.client';

export interface ClaimedCheck {
  listingId: string;
  status: string;
  host: string;
  queryPort: number;
  protocol: QueryProtocol;
}

const seconds = (ms: number) => ms / 1000;

/**
 * Counts the check just recorded (the listing ids `from` returns) into its listing's day, for the
 * uptime the vendor's Overview shows; a data-modifying CTE of the statement that records it, so a
 * check is counted exactly when its result is written.
 */
const countIntoDay = (from: SQL, answered: boolean) => sql`
      insert into server_status_days as d (listing_id, day, checks, answered)
      select listing_id, (now() at time zone 'UTC')::date, 1, ${answered ? 1 : 0}::int from ${from}
      on conflict (listing_id, day)
      do update set checks = d.checks + 1, answered = d.answered + excluded.answered`;

/**
 * Counts the same check into its listing's hour (UTC), with the players it reported: the measured
 * evidence of a rental dispute (issue 17 point 4). Another CTE of the recording statement, on the
 * same `now()` as the day, so an hour and its day always agree. A miss adds no players.
 */
const countIntoHour = (from: SQL, players: number | null) => sql`
      insert into server_status_hours as h
             (listing_id, hour, checks, answered, players_max, players_sum)
      select listing_id, date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC', 1,
             ${players === null ? 0 : 1}::int, ${players ?? 0}::int, ${players ?? 0}::int
        from ${from}
      on conflict (listing_id, hour)
      do update set checks = h.checks + 1,
                    answered = h.answered + excluded.answered,
                    players_max = greatest(h.players_max, excluded.players_max),
                    players_sum = h.players_sum + excluded.players_sum`;

/**
 * Claims up to `limit` due status checks for `holder` until the lease ends. `skip locked` lets
 * instances that claim at the same moment pass each other's rows instead of waiting or taking
 * them twice; the lease keeps a claimed row away from everyone else until its result is written
 * (or the lease runs out because the claimer died).
 */
export async function claimDueChecks(
  db: Executor,
  holder: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedCheck[]> {
  const rows = await queryRows<{
    listing_id: string;
    status: string;
    host: string;
    query_port: number;
    query_protocol: QueryProtocol;
  }>(
    db,
    sql`
    with due as (
      select c.listing_id
        from server_status_checks c
        join server_listings l on l.id = c.listing_id
       where c.next_check_at <= now()
         and (c.lease_until is null or c.lease_until < now())
         -- A deleted listing keeps its check row (its history stays), but is never asked again.
         and l.deleted_at is null
       order by c.next_check_at
       limit ${limit}
         for update of c skip locked
    ), claimed as (
      update server_status_checks c
         set lease_holder = ${holder},
             lease_until = now() + make_interval(secs => ${seconds(leaseMs)})
        from due
       where c.listing_id = due.listing_id
      returning c.listing_id
    )
    select claimed.listing_id, l.status, l.host, l.query_port, g.query_protocol
      from claimed
      join server_listings l on l.id = claimed.listing_id
      join games g on g.id = l.game_id`,
  );
  return rows.map((row) => ({
    listingId: row.listing_id,
    status: row.status,
    host: row.host,
    queryPort: row.query_port,
    protocol: row.query_protocol,
  }));
}

/**
 * The game server answered: it is online with these players. The listing is written only when
 * something it shows changed, and never while it is in maintenance; nothing is written unless
 * `holder` still holds the check. A listing waiting for its first answer (checked_at null, a new
 * or moved listing, decision 038) is marked checked, which puts it in the catalog.
 */
export async function recordAnswer(
  db: Executor,
  listingId: string,
  holder: string,
  players: { current: number; max: number },
  intervalMs: number,
) {
  await db.execute(sql`
    with released as (
      update server_status_checks
         set misses = 0,
             last_error = null,
             last_checked_at = now(),
             last_answer_at = now(),
             next_check_at = now() + make_interval(secs => ${seconds(intervalMs)}),
             lease_holder = null,
             lease_until = null
       where listing_id = ${listingId} and lease_holder = ${holder}
      returning listing_id
    ), counted as (
      ${countIntoDay(sql`released`, true)}
    ), counted_hour as (
      ${countIntoHour(sql`released`, players.current)}
    )
    update server_listings l
       set status = case when l.status = 'maintenance' then l.status else 'online' end,
           players_current = case when l.status = 'maintenance' then l.players_current
                                  else ${players.current}::int end,
           players_max = case when l.status = 'maintenance' then l.players_max
                              else ${players.max}::int end,
           checked_at = coalesce(l.checked_at, now())
      from released
     where l.id = released.listing_id
       and (l.checked_at is null
            or (l.status <> 'maintenance'
                and (l.status, l.players_current, l.players_max)
                    is distinct from ('online', ${players.current}::int, ${players.max}::int)))`);
}

/**
 * The game server did not answer. After `missThreshold` misses in a row an online server is
 * shown offline with no players.
 */
export async function recordMiss(
  db: Executor,
  listingId: string,
  holder: string,
  error: string,
  missThreshold: number,
  intervalMs: number,
) {
  await db.execute(sql`
    with missed as (
      update server_status_checks
         set misses = misses + 1,
             last_error = ${error.slice(0, 500)},
             last_checked_at = now(),
             next_check_at = now() + make_interval(secs => ${seconds(intervalMs)}),
             lease_holder = null,
             lease_until = null
       where listing_id = ${listingId} and lease_holder = ${holder}
      returning listing_id, misses
    ), counted as (
      ${countIntoDay(sql`missed`, false)}
    ), counted_hour as (
      ${countIntoHour(sql`missed`, null)}
    )
    update server_listings l
       set status = 'offline', players_current = 0
      from missed
     where l.id = missed.listing_id
       and missed.misses >= ${missThreshold}
       and l.status = 'online'`);
}

/** Gives a claimed check back without a result, due again after `delayMs`. */
export async function releaseCheck(
  db: Executor,
  listingId: string,
  holder: string,
  delayMs: number,
) {
  await db.execute(sql`
    update server_status_checks
       set lease_holder = null,
           lease_until = null,
           next_check_at = now() + make_interval(secs => ${seconds(delayMs)})
     where listing_id = ${listingId} and lease_holder = ${holder}`);
}
