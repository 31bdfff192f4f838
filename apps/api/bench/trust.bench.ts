// `npm run bench:trust`: what the buyer-protection paths of issue 17 cost as data grows. The
// rental_messages table grows to 10,000, 100,000 and 1,000,000 messages in total, 20 to a thread
// over rentals of 2,000 renters on the 500 listings of 50 vendors (written with generate_series,
// then analysed). Beside them one renter has 27 rentals on one vendor's listings: 24 recent ones
// whose threads of 40 messages each have messages neither side read yet, one thread of 1,000
// messages, one running rental they write in, and a 720-hour rental in dispute whose listing kept
// a year of status hours and thousands of run-state changes. At each size the API (in this
// process, through `app.inject`: the server's own time, no network) answers the renter's My
// Rentals, the vendor's rentals, the latest and an earlier page of the long thread, a message
// sent, and the dispute's measured evidence for the desk; the median and p95 of each are printed
// beside its goal, with the queries a read made. The contact detector is also timed alone, in µs
// a message. `--driver postgres` runs it on the PostgreSQL server at --server-url instead of the
// embedded database.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { TICKET_MESSAGE_MAX } from '@crimsonhost/shared/support';
import { queryRows } from '../src/db/client';
import { insertUser } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';
import { totpAt } from '../src/modules/auth/totp';
import { detectContacts } from '../src/modules/moderation/contact-detector';
import { openBenchApp } from './bench-app';

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    sizes: { type: 'string', default: '10000,100000,1000000' },
    requests: { type: 'string', default: '100' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
const WARM_UP = 10;
const PASSWORD = 'bench trust passphrase 2026';
const RENTERS = 2000;
const VENDORS = 50;
const LISTINGS = 500;
const PER_THREAD = 20;
const PAGE_RENTALS = 24;
const PAGE_THREAD = 40;
const LONG_THREAD = 1000;
const RENTAL_HOURS = 720;
const PAGE_SIZE = 20; // TABLE_PAGE_SIZES closest to 24
const GOALS = { list: 10, thread: 10, send: 20, evidence: 20, detectorMicros: 1000 };

/** Messages people write about a rented server: 200 to 400 characters, no contact details. */
const TEXTS = [
  'Hi! The server has been great so far, thanks. Could you raise the player slots from 16 to 20 for our weekend event? We will be about a dozen and a half people on Saturday evening and I would rather not have anyone stuck in the queue. If that changes the price, tell me first please.',
  'Quick question about the map rotation: after the restart this morning it went back to the default list and our custom maps are gone from the config. Is there a backup from yesterday you can restore, or should I upload them again myself through the panel? No rush, tonight is fine.',
  'Thanks for fixing the lag yesterday, it was much better during our match. Today around dinner time the tick rate dropped again for a while and two players timed out. Is something else running on the same machine at that hour? I can send the console log if it helps you find it.',
  'I would like to extend the rental for another week once this one ends. Before I do, can you confirm that the world save and the plugins stay as they are? Last time I rented elsewhere everything was wiped between periods and we lost a month of building. Thank you for the quick answers so far.',
  'The server did not start after I pressed restart in My Rentals, the panel shows it as stopped. I waited a quarter of an hour and tried again with the same result. Could you have a look when you get a moment? I have not written to support yet, I thought it would be faster to ask you directly.',
  'Everything works now, thank you! One small thing for later: the message of the day still says the old community name from before we rented it. If you can point me to the file where it is set, I will change it myself so you do not need to bother. Have a good evening and thanks again for the help.',
];
const textArray = `{${TEXTS.map((text) => `"${text}"`).join(',')}}`;

/** A version-4-shaped uuid made from a text: rows written in SQL that the bench finds again. */
const uuidOf = (text: SQL) =>
  sql`overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const { app, database } = await openBenchApp({
  name: 'trust',
  driver: args.driver,
  serverUrl: args['server-url'],
});

// Every query the API sends outside a transaction passes `query` of the driver's client (the
// PGlite instance, or the pg pool): counted, so a page shows it reads in a constant number.
const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
  .$client;
const query = client.query.bind(client);
let queries = 0;
client.query = (...a: unknown[]) => {
  queries += 1;
  return query(...a);
};

const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
  data: { csrfToken: string };
}>().data.csrfToken;
async function signIn(email: string, displayName: string, role: 'user' | 'vendor' | 'support') {
  const user = await insertUser(database.db, {
    email,
    displayName,
    role,
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-csrf-token': csrf },
    payload: { email, password: PASSWORD },
  });
  const token = login.json<{ data: { tokens: { access_token: string } } }>().data.tokens
    .access_token;
  if (role !== 'support') return { user, headers: { authorization: `Bearer ${token}` } };
  // The desk takes only a token of a staff sign-in: set up the second factor, confirm a code.
  const headers = { 'x-csrf-token': csrf, authorization: `Bearer ${token}` };
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/auth/staff/factor/enrol',
    headers,
    payload: {},
  });
  const { secret } = enrol.json<{ data: { secret: string } }>().data;
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/staff/factor/confirm',
    headers,
    payload: { client: 'SUPPORT', code: totpAt(secret, new Date()) },
  });
  const staffToken = confirm.json<{ data: { token: { access_token: string } } }>().data.token
    .access_token;
  return { user, headers: { authorization: `Bearer ${staffToken}` } };
}
const agent = await signIn('agent@crimsonhost.bench', 'Agent', 'support');
const vendor = await signIn('vendor@crimsonhost.bench', 'Bench Vendor', 'vendor');
const renter = await signIn('renter@crimsonhost.bench', 'Bench Renter', 'user');

// Everything is laid out from one moment, so rows written in different statements line up.
const anchor = new Date();
const at = sql`${anchor.toISOString()}::timestamptz`;
const theHour = sql`date_trunc('hour', ${at})`;
const vendorOf = (listing: SQL) =>
  sql`case when ${listing} % ${VENDORS} = 0 then ${vendor.user.id}::uuid
           else ${uuidOf(sql`'vendor-' || ${listing} % ${VENDORS}`)} end`;

// The other vendors, the renters, and the 500 listings (vendor 0 is the bench vendor: 10 of them).
await database.db.execute(sql`
  insert into users (id, email, display_name, role, email_verified_at)
  select ${uuidOf(sql`'vendor-' || n`)}, 'vendor-' || n || '@crimsonhost.bench', 'Vendor ' || n, 'vendor', ${at}
  from generate_series(1, ${VENDORS - 1}) as n`);
await database.db.execute(sql`
  insert into users (id, email, display_name, role, email_verified_at)
  select ${uuidOf(sql`'renter-' || n`)}, 'renter-' || n || '@crimsonhost.bench', 'Renter ' || n, 'user', ${at}
  from generate_series(0, ${RENTERS - 1}) as n`);
await database.db.execute(sql`
  insert into server_listings (id, vendor_id, game_id, region_code, name, description, price_micro,
                               status, availability, players_max, host, query_port)
  select ${uuidOf(sql`'listing-' || n`)}, ${vendorOf(sql`n`)}, 'csgo', 'fra', 'Bench server ' || n,
         'A rented game server of the trust benchmark.', 1000000, 'online', 'AVAILABLE', 16,
         '198.51.' || (100 + n / 250) || '.' || (1 + n % 250), 27015
  from generate_series(0, ${LISTINGS - 1}) as n`);
await database.db.execute(sql`
  insert into server_listings (id, vendor_id, game_id, region_code, name, description, price_micro,
                               status, availability, players_max, host, query_port)
  values (${uuidOf(sql`'listing-evidence'`)}, ${vendor.user.id}, 'csgo', 'fra', 'Disputed server',
          'The listing of the disputed rental.', 1000000, 'online', 'AVAILABLE', 16, '198.51.100.250', 27015)`);

/** A rental of the bench renter on a listing of the bench vendor. */
async function benchRental(
  listing: SQL,
  { startsAgo, hours, active }: { startsAgo: SQL; hours: number; active: boolean },
) {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`
    insert into rentals (renter_id, listing_id, vendor_id, status, hours, price_per_hour, paid,
                         commission_bp, starts_at, ends_at, ended_at, created_at)
    select ${renter.user.id}, ${listing}, ${vendor.user.id}, ${active ? 'ACTIVE' : 'EXPIRED'},
           ${hours}, 1000000, ${hours * 1_000_000}, 1000, s, s + ${hours} * interval '1 hour',
           case when ${!active} then s + ${hours} * interval '1 hour' end, s
      from (select ${at} - (${startsAgo}) as s) t
    returning id`,
  );
  return row!.id;
}

/**
 * A thread of `count` messages, renter and vendor in turn, each side having read it up to the
 * message at its position (1-based, counted in `seq` order).
 */
async function thread(rentalId: string, count: number, read: { renter: number; vendor: number }) {
  await database.db.execute(sql`
    insert into rental_messages (rental_id, side, author_id, author_name, body, created_at)
    select ${rentalId}, case when m % 2 = 1 then 'renter' else 'vendor' end,
           case when m % 2 = 1 then ${renter.user.id}::uuid else ${vendor.user.id}::uuid end,
           case when m % 2 = 1 then 'Bench Renter' else 'Bench Vendor' end,
           (${textArray}::text[])[1 + m % ${TEXTS.length}], r.starts_at + m * interval '1 minute'
      from rentals r cross join generate_series(1, ${count}) as m
     where r.id = ${rentalId}
     order by m`);
  await database.db.execute(sql`
    insert into rental_threads (rental_id, renter_read_seq, vendor_read_seq, last_message_at)
    select rental_id, coalesce(max(seq) filter (where n <= ${read.renter}), 0),
           coalesce(max(seq) filter (where n <= ${read.vendor}), 0), max(created_at)
      from (select rental_id, seq, created_at, row_number() over (order by seq) as n
              from rental_messages where rental_id = ${rentalId}) m
     group by rental_id`);
}

// The bench renter's rentals. The 24 newest (4 running) fill page 1 of My Rentals and of the
// vendor's rentals; in each thread the renter has 5 and the vendor 4 messages not read yet.
const listingOf = (n: number) => uuidOf(sql`'listing-' || ${(n % 10) * VENDORS}::int`);
for (let k = 1; k <= PAGE_RENTALS; k += 1) {
  // Started k minutes apart, the newest first; the running ones for 2 days, the others ended.
  const active = k <= 4;
  const id = await benchRental(listingOf(k), {
    startsAgo: sql`${k} * interval '1 minute' + interval '2 hours'`,
    hours: active ? 48 : 2,
    active,
  });
  await thread(id, PAGE_THREAD, { renter: 30, vendor: 32 });
}
const longRental = await benchRental(listingOf(7), {
  startsAgo: sql`interval '51 hours'`,
  hours: 48,
  active: false,
});
await thread(longRental, LONG_THREAD, { renter: LONG_THREAD / 2, vendor: LONG_THREAD });
const sendRental = await benchRental(listingOf(6), {
  startsAgo: sql`interval '2 days'`,
  hours: 960,
  active: true,
});
await thread(sendRental, PAGE_THREAD, { renter: PAGE_THREAD, vendor: PAGE_THREAD });
const [sendListing] = await queryRows<{ host: string; query_port: number }>(
  database.db,
  sql`select l.host, l.query_port from rentals r join server_listings l on l.id = r.listing_id where r.id = ${sendRental}`,
);
const allowed = [`${sendListing!.host}:${sendListing!.query_port}`, sendListing!.host];

// The dispute: a 720-hour rental that ended two days ago on a listing with a year of status hours
// (120 checks an hour, one hour in 97 unanswered), 1,000 restarts (stopping, stopped, starting,
// running: 4,000 run-state changes), 500 restart signals and 600 panel errors.
const evidenceListing = uuidOf(sql`'listing-evidence'`);
const disputedRental = await benchRental(evidenceListing, {
  startsAgo: sql`(${at} - ${theHour}) + ${RENTAL_HOURS + 48} * interval '1 hour'`,
  hours: RENTAL_HOURS,
  active: false,
});
await database.db.execute(sql`
  insert into server_status_hours (listing_id, hour, checks, answered, players_max, players_sum)
  select ${evidenceListing}, ${theHour} - h * interval '1 hour', 120,
         case when h % 97 = 0 then 0 else 120 end, case when h % 97 = 0 then 0 else 4 + h % 12 end,
         case when h % 97 = 0 then 0 else 120 * (2 + h % 8) end
  from generate_series(0, 8759) as h`);
await database.db.execute(sql`
  insert into panel_state_changes (listing_id, state, detail, changed_at)
  select ${evidenceListing}, (array['stopping','stopped','starting','running'])[1 + k % 4], null,
         ${theHour} - interval '8760 hours' + (k / 4) * interval '525 minutes' + (k % 4) * interval '2 minutes'
  from generate_series(0, 3999) as k`);
await database.db.execute(sql`
  insert into panel_power_actions (listing_id, rental_id, signal, outcome, message, sent_at)
  select ${evidenceListing}, null, 'restart', case when k % 25 = 0 then 'failed' else 'ok' end,
         case when k % 25 = 0 then 'The control panel did not answer within 8 seconds.' end,
         ${theHour} - interval '8760 hours' + (2 * k) * interval '525 minutes' - interval '1 minute'
  from generate_series(0, 499) as k`);
await database.db.execute(sql`
  insert into panel_events (listing_id, kind, message, created_at)
  select ${evidenceListing}, 'timeout', 'state: The control panel did not answer within 4 seconds.',
         ${theHour} - interval '8760 hours' + k * interval '876 minutes'
  from generate_series(0, 599) as k`);
const [ticket] = await queryRows<{ id: string }>(
  database.db,
  sql`
  insert into support_tickets (requester_id, subject, category, priority, status, rental_id)
  values (${renter.user.id}, 'Dispute: the server was down', 'RENTAL', 'HIGH', 'OPEN', ${disputedRental})
  returning id`,
);
const [dispute] = await queryRows<{ id: string }>(
  database.db,
  sql`
  insert into rental_disputes (rental_id, ticket_id, renter_id, vendor_id, reason, opened_at,
                               vendor_answer_due_at)
  values (${disputedRental}, ${ticket!.id}, ${renter.user.id}, ${vendor.user.id}, 'UNREACHABLE',
          ${at} - interval '1 day', ${at} + interval '2 days')
  returning id`,
);
for (const table of [
  'users',
  'server_listings',
  'rentals',
  'server_status_hours',
  'panel_state_changes',
  'panel_power_actions',
  'panel_events',
  'support_tickets',
  'rental_disputes',
]) {
  await database.db.execute(sql`analyze ${sql.identifier(table)}`);
}
const evidenceUrl = `/api/admin/disputes/${dispute!.id}/evidence`;

/** Messages in rental_messages; `background` of them on the other rentals. */
let background = 0;
const countMessages = async () =>
  (
    await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from rental_messages`)
  )[0]!.n;

/**
 * Adds background messages `from`..`to`: 20 to a thread on rental i = ceil(n / 20), which starts
 * a day and i minutes before the anchor (older than the bench renter's), on listing i % 500, rented
 * by renter i % 2000. Every thread is read by the renter and all but the last message by the vendor.
 */
async function grow(from: number, to: number) {
  if (to < from) return;
  const firstRental = Math.floor((from - 1) / PER_THREAD) + 1;
  const lastRental = Math.ceil(to / PER_THREAD);
  await database.db.execute(sql`
    insert into rentals (id, renter_id, listing_id, vendor_id, status, hours, price_per_hour, paid,
                         commission_bp, starts_at, ends_at, ended_at, created_at)
    select ${uuidOf(sql`'rental-' || i`)}, ${uuidOf(sql`'renter-' || i % ${RENTERS}`)},
           ${uuidOf(sql`'listing-' || i % ${LISTINGS}`)}, ${vendorOf(sql`(i % ${LISTINGS})`)},
           'EXPIRED', 24, 1000000, 24000000, 1000, s, s + interval '24 hours', s + interval '24 hours', s
      from generate_series(${firstRental}::int, ${lastRental}::int) as i
      cross join lateral (select ${at} - interval '1 day' - i * interval '1 minute' as s) t
    on conflict (id) do nothing`);
  const [{ seq: seqBefore }] = (await queryRows<{ seq: string }>(
    database.db,
    sql`select coalesce(max(seq), 0)::text as seq from rental_messages`,
  )) as [{ seq: string }];
  for (let start = from; start <= to; start += 100_000) {
    const end = Math.min(to, start + 99_999);
    await database.db.execute(sql`
      insert into rental_messages (rental_id, side, author_id, author_name, body, created_at)
      select ${uuidOf(sql`'rental-' || i`)}, case when m % 2 = 1 then 'renter' else 'vendor' end,
             case when m % 2 = 1 then ${uuidOf(sql`'renter-' || i % ${RENTERS}`)}
                  else ${vendorOf(sql`(i % ${LISTINGS})`)} end,
             case when m % 2 = 1 then 'Renter ' || i % ${RENTERS} else 'Vendor ' || i % ${VENDORS} end,
             (${textArray}::text[])[1 + n % ${TEXTS.length}],
             ${at} - interval '1 day' - i * interval '1 minute' + m * interval '7 minutes'
        from generate_series(${start}::int, ${end}::int) as n
        cross join lateral (select (n - 1) / ${PER_THREAD} + 1 as i, (n - 1) % ${PER_THREAD} + 1 as m) k
       order by n`);
    // The staff sign-in ends after 15 idle minutes: keep it in use while the table grows.
    await app.inject({ method: 'GET', url: evidenceUrl, headers: agent.headers });
  }
  await database.db.execute(sql`
    insert into rental_threads (rental_id, renter_read_seq, vendor_read_seq, last_message_at)
    select rental_id, max(seq), max(seq) - 1, max(created_at)
      from rental_messages where seq > ${seqBefore}::bigint
     group by rental_id
    on conflict (rental_id) do update
      set renter_read_seq = excluded.renter_read_seq, vendor_read_seq = excluded.vendor_read_seq,
          last_message_at = excluded.last_message_at`);
  await database.db.execute(sql`analyze rentals`);
  await database.db.execute(sql`analyze rental_messages`);
  await database.db.execute(sql`analyze rental_threads`);
}

interface Figure {
  median: number;
  p95: number;
  /** Queries sent outside a transaction by the last request. */
  queries: number;
}
type Request = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: object;
};

/** WARM_UP requests, then the median and p95 of REQUESTS more; `before` runs untimed before each. */
async function time(
  request: (n: number) => Request,
  { status = 200, before }: { status?: number; before?: () => Promise<unknown> } = {},
): Promise<Figure> {
  const times: number[] = [];
  let count = 0;
  for (let n = 0; n < REQUESTS + WARM_UP; n += 1) {
    await before?.();
    const options = request(n);
    queries = 0;
    const started = process.hrtime.bigint();
    const response = await app.inject(options);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    count = queries;
    if (response.statusCode !== status)
      throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
    if (n >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    queries: count,
  };
}

/** µs a call of `detectContacts` on each text (the mean of `reps` calls), sorted. */
function detectorMicros(texts: string[], reps: number): number[] {
  for (const text of texts) for (let r = 0; r < 5; r += 1) detectContacts(text, { allowed });
  const micros = texts.map((text) => {
    const started = process.hrtime.bigint();
    for (let r = 0; r < reps; r += 1) detectContacts(text, { allowed });
    return Number(process.hrtime.bigint() - started) / 1e3 / reps;
  });
  return micros.sort((a, b) => a - b);
}
const spread = (micros: number[]) =>
  `${micros[Math.floor(micros.length / 2)]!.toFixed(1)} / ${micros[Math.floor(micros.length * 0.95)]!.toFixed(1)} / ${micros.at(-1)!.toFixed(1)}`;

for (const text of TEXTS) {
  if (detectContacts(text, { allowed }).hold) throw new Error(`held: ${text}`);
}
const corpus = readFileSync(
  new URL('../src/modules/moderation/contact-corpus.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { text: string }).text);
let longest = '';
for (let n = 0; longest.length < TICKET_MESSAGE_MAX; n += 1) {
  longest += `${TEXTS[n % TEXTS.length]}\n\n`;
}
longest = longest.slice(0, TICKET_MESSAGE_MAX);
const sendTexts = detectorMicros(TEXTS, 200);
const corpusTexts = detectorMicros(corpus, 20);
const longestText = detectorMicros([longest], 20);

const engine = args.driver === 'postgres' ? 'PostgreSQL' : 'PGlite';
console.log(
  `Buyer protection on ${engine}, ${REQUESTS} requests each after ${WARM_UP} to warm up, ms of server time (median / p95); goals are on the median`,
);
const met = (value: number, goal: number) => (value <= goal ? 'met' : 'MISSED');
console.log(
  `contact detector alone, µs a message (median / p95 / max): ${TEXTS.length} send texts ${spread(sendTexts)}` +
    `  corpus of ${corpus.length} ${spread(corpusTexts)}  longest message allowed (${longest.length} chars) ${longestText[0]!.toFixed(1)}` +
    `  (goal ≤ ${GOALS.detectorMicros} µs: ${met(sendTexts[Math.floor(sendTexts.length / 2)]!, GOALS.detectorMicros)} on the send texts, ` +
    `${met(corpusTexts.at(-1)!, GOALS.detectorMicros)} for every corpus text)`,
);

const renterPage = `/api/rentals?pageSize=${PAGE_SIZE}`;
const vendorPage = `/api/vendor/rentals?pageSize=${PAGE_SIZE}`;
const threadUrl = `/api/rentals/${longRental}/messages`;
let evidenceShown = false;
for (const target of SIZES) {
  const have = await countMessages();
  const fixed = have - background;
  const add = Math.max(0, target - have);
  const startedGrowing = Date.now();
  await grow(background + 1, background + add);
  background += add;
  const grewSeconds = (Date.now() - startedGrowing) / 1000;
  const messages = await countMessages();
  const [counts] = await queryRows<{ rentals: number; threads: number; vendors: number }>(
    database.db,
    sql`select (select count(*)::int from rentals) as rentals,
               (select count(*)::int from rental_threads) as threads,
               (select count(*)::int from rentals where vendor_id = ${vendor.user.id}) as vendors`,
  );

  const latest = await app.inject({ method: 'GET', url: threadUrl, headers: renter.headers });
  const firstShown = latest.json<{ data: { messages: { id: string }[] } }>().data.messages[0]!.id;
  const figures: [string, Figure, number][] = [
    [
      `My Rentals (GET ${renterPage})`,
      await time(() => ({ method: 'GET', url: renterPage, headers: renter.headers })),
      GOALS.list,
    ],
    [
      `vendor's rentals (GET ${vendorPage})`,
      await time(() => ({ method: 'GET', url: vendorPage, headers: vendor.headers })),
      GOALS.list,
    ],
    [
      `thread of ${LONG_THREAD}, latest 50 (marks read)`,
      await time(() => ({ method: 'GET', url: threadUrl, headers: renter.headers })),
      GOALS.thread,
    ],
    [
      `thread of ${LONG_THREAD}, ?before= the page before`,
      await time(() => ({
        method: 'GET',
        url: `${threadUrl}?before=${firstShown}`,
        headers: renter.headers,
      })),
      GOALS.thread,
    ],
    [
      'send a message (POST, 200–400 chars)',
      await time(
        (n) => ({
          method: 'POST',
          url: `/api/rentals/${sendRental}/messages`,
          headers: { ...renter.headers, 'x-csrf-token': csrf },
          payload: { message: TEXTS[n % TEXTS.length]!, attachmentIds: [] },
        }),
        {
          status: 201,
          // 30 messages in 10 minutes is a person's limit: the bench writes faster, so its count
          // starts again before each message (untimed; the counter row is still updated).
          before: () =>
            database.db.execute(
              sql`update rate_limit_counters set hits = 0 where key = ${`rental-message:${renter.user.id}`}`,
            ),
        },
      ),
      GOALS.send,
    ],
    [
      `dispute evidence (${RENTAL_HOURS} h, staff)`,
      await time(() => ({ method: 'GET', url: evidenceUrl, headers: agent.headers })),
      GOALS.evidence,
    ],
  ];
  if (!evidenceShown) {
    const evidence = (
      await app.inject({ method: 'GET', url: evidenceUrl, headers: agent.headers })
    ).json<{
      data: {
        hours: unknown[];
        timeline: unknown[];
        powerActions: unknown[];
        panelErrors: unknown[];
      };
    }>().data;
    console.log(
      `the evidence answers ${evidence.hours.length} hours, ${evidence.timeline.length} run-state spans, ` +
        `${evidence.powerActions.length} power signals and ${evidence.panelErrors.length} panel errors`,
    );
    evidenceShown = true;
  }
  console.log(
    `\n${messages.toLocaleString('en')} messages (${fixed.toLocaleString('en')} on the bench renter's rentals) in ` +
      `${counts!.threads.toLocaleString('en')} threads, ${counts!.rentals.toLocaleString('en')} rentals, ` +
      `${counts!.vendors.toLocaleString('en')} of the bench vendor; grown in ${grewSeconds.toFixed(0)} s`,
  );
  for (const [name, figure, goal] of figures) {
    console.log(
      `  ${name.padEnd(56)} ${figure.median.toFixed(2).padStart(7)} / ${figure.p95.toFixed(2).padStart(7)}` +
        `   goal ≤ ${goal} ms ${met(figure.median, goal).padEnd(6)}` +
        (name.startsWith('send') ? '' : `   ${figure.queries} queries`),
    );
  }
}
await app.close();
await database.close();
