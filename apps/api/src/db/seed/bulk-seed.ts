import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client';

export const BULK_VENDOR_EMAIL = 'vendor.bulk@crimsonhost.invalid';
const CHUNK = 100_000;

const WORDS = [
  'Survival',
  'Competitive',
  'Modded',
  'Vanilla',
  'PvE',
  'PvP',
  'Hardcore',
  'Creative',
  'Casual',
  'Cluster',
  'Retake',
  'Surf',
  'Arena',
  'Weekly Wipe',
  'Roleplay',
];

/**
 * Fills the catalog with made-up listings for benchmarks, in chunks of 100,000 rows written by
 * generate_series on the database itself, until it holds at least `count`. Values are spread by
 * hashing the row number, so every run makes the same catalog. Hosts are in 192.0.2.0/24
 * (TEST-NET-1, never routed): run the server with GAME_STATUS_ENABLED=false on such a database.
 * Answers how many listings it added.
 */
export async function seedBulkListings(
  db: Database,
  count: number,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<number> {
  await db.execute(sql`
    insert into users (email, display_name, role)
    values (${BULK_VENDOR_EMAIL}, 'Bulk Benchmark Vendor', 'vendor')
    on conflict do nothing`);
  const [vendor] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where lower(email) = ${BULK_VENDOR_EMAIL}`,
  );
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from server_listings`,
  );
  const start = existing!.n;
  const words = `{${WORDS.map((w) => `"${w}"`).join(',')}}`;
  for (let from = start + 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.execute(sql`
      with numbered as (
        select g,
               hashint4(g) & 2147483647 as h1,
               hashint4(g + 1000000007) & 2147483647 as h2,
               hashint4(g + 2000000011) & 2147483647 as h3,
               hashint4(-g) & 2147483647 as h4
          from generate_series(${from}::int, ${to}::int) as g
      ), regions_numbered as (
        select array_agg(code order by code) as codes from regions
      ), spread as (
        select n.*,
               (array['minecraft', 'csgo', 'rust', 'valheim', 'ark'])[1 + g % 5] as game,
               r.codes[1 + h1 % array_length(r.codes, 1)] as region,
               (${words}::text[])[1 + h2 % ${WORDS.length}] as word,
               (array[10, 12, 16, 20, 24, 32, 50, 70, 100, 200])[1 + h3 % 10] as slots
          from numbered n cross join regions_numbered r
      )
      insert into server_listings (
        vendor_id, game_id, region_code, name, description, cpu, ram, storage,
        price_micro, price_unit, status, availability, players_current, players_max,
        performance_score, popularity, host, query_port)
      select ${vendor!.id}, game, region,
             initcap(game) || ' ' || word || ' #' || g,
             slots || ' slots of ' || lower(word) || ' play, listed by the bulk seed (row ' || g || ').',
             (2 + h4 % 7) || ' vCores',
             (4 + (h1 / 7) % 29) || ' GB',
             (40 + (h2 / 7) % 461) || ' GB NVMe',
             10000 * (2 + (h3 / 11) % 60),
             'hour',
             case when h4 % 100 < 80 then 'online' when h4 % 100 < 95 then 'offline' else 'maintenance' end,
             case when (h1 / 13) % 100 < 75 then 'AVAILABLE' when (h1 / 13) % 100 < 95 then 'RENTED' else 'MAINTENANCE' end,
             (h2 / 13) % (slots + 1),
             slots,
             40 + (h3 / 13) % 61,
             (h4 / 17) % 500,
             '192.0.2.' || (1 + g % 254),
             27015 + g % 1000
        from spread`);
    onProgress(to - start, count - start);
  }
  await db.execute(sql`analyze server_listings`);
  await db.execute(sql`analyze catalog_counts`);
  return Math.max(0, count - start);
}
