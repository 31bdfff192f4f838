// `npm run bench:support`: what the support centre's busiest answers cost as tickets pile up. The
// ticket table grows to 1,000, 10,000 and 100,000 tickets of 2,000 customers (four in five ended,
// the rest open with their SLA clocks, one in twenty overdue), each with two messages, beside a
// FAQ of 300 articles. At each size the API (in this process, through `app.inject`: the server's
// own time, no network) answers the desk's queue (soonest due first, and overdue only), one
// customer's My Tickets, a ticket in the desk with its customer summary, a FAQ search and the
// suggestions for a ticket being written; the median and p95 of each are printed. `--driver
// postgres` runs it on the PostgreSQL server at --server-url instead of the embedded database.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { insertUser } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';
import { totpAt } from '../src/modules/auth/totp';
import { openBenchApp } from './bench-app';

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    sizes: { type: 'string', default: '1000,10000,100000' },
    requests: { type: 'string', default: '100' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
const CUSTOMERS = 2000;
const PASSWORD = 'bench support passphrase 2026';

const { app, database } = await openBenchApp({
  name: 'support',
  driver: args.driver,
  serverUrl: args['server-url'],
});

const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
  data: { csrfToken: string };
}>().data.csrfToken;
async function signIn(email: string, role: 'user' | 'support') {
  const user = await insertUser(database.db, {
    email,
    displayName: email.split('@')[0]!,
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
  if (role === 'user') return { user, headers: { authorization: `Bearer ${token}` } };
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
const agent = await signIn('agent@crimsonhost.bench', 'support');
const customer = await signIn('customer@crimsonhost.bench', 'user');

await database.db.execute(sql`
  insert into users (email, display_name, role, email_verified_at)
  select 'customer-' || n || '@crimsonhost.bench', 'Customer ' || n, 'user', now()
  from generate_series(1, ${CUSTOMERS - 1}) as n`);

// The FAQ: 300 articles in 6 categories, with words a renter searches for.
const WORDS = [
  'deposit',
  'confirmations',
  'network',
  'fee',
  'TRC20',
  'ERC20',
  'BEP20',
  'address',
  'expired',
  'refund',
  'rental',
  'extend',
  'cancel',
  'server',
  'restart',
  'connect',
  'port',
  'password',
  'recovery',
  'Discord',
  'wallet',
  'balance',
  'escrow',
  'vendor',
  'dispute',
  'ticket',
  'minecraft',
  'rust',
  'valheim',
  'lag',
  'mods',
  'backup',
  'region',
  'latency',
  'payment',
  'late',
  'short',
];
await database.db.execute(sql`
  insert into faq_categories (slug, name, position)
  select 'category-' || n, 'Category ' || n, n from generate_series(1, 6) as n`);
await database.db.execute(sql`
  insert into faq_articles (category_id, slug, title, body, published, position)
  select c.id, 'article-' || n,
         'How ' || w.words[1 + n % 37] || ' and ' || w.words[1 + (n * 7) % 37] || ' work',
         repeat('Your ' || w.words[1 + (n * 3) % 37] || ' needs ' || w.words[1 + (n * 5) % 37] ||
                ' before the ' || w.words[1 + (n * 11) % 37] || ' is shown. ', 12),
         true, n
  from generate_series(1, 300) as n
  cross join (select ${`{${WORDS.join(',')}}`}::text[] as words) w
  join faq_categories c on c.slug = 'category-' || (1 + n % 6)`);

/** Adds tickets `from`..`to`, spread over the customers, each with a reply from each side. */
async function grow(from: number, to: number) {
  for (let start = from; start <= to; start += 50_000) {
    const end = Math.min(to, start + 49_999);
    await database.db.execute(sql`
      insert into support_tickets (requester_id, subject, category, priority, status, assignee_id,
                                   sla_kind, sla_due_at, last_activity_at, created_at)
      select u.id, 'Ticket ' || n || ' about my ' || (array['deposit','server','rental','account'])[1 + n % 4],
             (array['TECHNICAL','BILLING','ACCOUNT','RENTAL','GENERAL'])[1 + n % 5],
             (array['LOW','NORMAL','HIGH','URGENT'])[1 + n % 4],
             case when n % 5 = 0 then (array['OPEN','IN_PROGRESS','WAITING_SUPPORT','WAITING_CUSTOMER'])[1 + n % 4]
                  when n % 2 = 0 then 'RESOLVED' else 'CLOSED' end,
             case when n % 3 = 0 then ${agent.user.id}::uuid end,
             case when n % 5 = 0 and n % 4 <> 3 then 'first' end,
             case when n % 5 = 0 and n % 4 <> 3 then now() + ((n % 20 - 1) * interval '1 hour') end,
             now() - n * interval '1 minute', now() - n * interval '1 minute'
      from generate_series(${start}::int, ${end}::int) as n
      join lateral (select id from users where email = case when n % 50 = 0 then 'customer@crimsonhost.bench'
                    else 'customer-' || (1 + n % ${CUSTOMERS - 1}) || '@crimsonhost.bench' end) u on true`);
  }
  await database.db.execute(sql`
    insert into support_messages (ticket_id, kind, author_role, author_name, body, created_at)
    select t.id, 'reply', side.role, side.name, 'Message of the ' || side.role || ' on ticket ' || t.number, t.created_at
    from support_tickets t
    cross join (values ('customer', 'Customer'), ('support', 'Agent')) as side(role, name)
    where t.number between ${from} and ${to}`);
  await database.db.execute(sql`analyze support_tickets`);
  await database.db.execute(sql`analyze support_messages`);
}

async function time(url: string, headers: Record<string, string> = agent.headers) {
  const times: number[] = [];
  for (let n = 0; n < REQUESTS + 10; n += 1) {
    const started = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url, headers });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (n >= 10) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  return `${median.toFixed(2)} / ${p95.toFixed(2)}`;
}

console.log(
  `Support centre on ${args.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${REQUESTS} requests each, ms of server time (median / p95)`,
);
let size = 0;
for (const target of SIZES) {
  await grow(size + 1, target);
  size = target;
  const [{ id: someTicket }] = (await queryRows<{ id: string }>(
    database.db,
    sql`select id from support_tickets where requester_id = ${customer.user.id} limit 1`,
  )) as [{ id: string }];
  const suggestion = encodeURIComponent(
    'My deposit on TRC20 has not arrived after 40 minutes and the address expired. Is the payment lost?',
  );
  const figures = {
    queue: await time('/api/admin/support/tickets'),
    overdue: await time('/api/admin/support/tickets?overdue=true'),
    myTickets: await time('/api/support/tickets', customer.headers),
    deskTicket: await time(`/api/admin/support/tickets/${someTicket}`),
    faqSearch: await time('/api/support/faq?q=deposit%20confirmations', customer.headers),
    suggestions: await time(`/api/support/faq/suggestions?q=${suggestion}`, customer.headers),
  };
  console.log(
    `${String(size).padStart(7)} tickets  ` +
      Object.entries(figures)
        .map(([name, figure]) => `${name} ${figure}`)
        .join('  '),
  );
}
await app.close();
await database.close();
