// `npm run bench:deposits`: what the staff area's Deposits section and the watcher's wrong-network
// lookup cost as deposits pile up (issue 15 point 5, decision 036). The deposits table grows to
// each size (a third ERC20, a third BEP20, a third TRC20, of 2,000 users; four in five paid by one
// transfer, some short, over, late or expired, one in a hundred paid on the wrong network). At
// each size the queries exactly as the API runs them (`listDeposits`: the page and its count on a
// pool; `findDeposit` with its transfers; `depositsByAddressElsewhere` for a batch of 500 block
// addresses) are timed from Node, 3 warm-up calls then the median and p95 of --requests.
// `--driver postgres` runs it on the PostgreSQL server at --server-url instead of the embedded one.
import { parseArgs } from 'node:util';
import { ADMIN_DEPOSIT_VIEWS } from '@crimsonhost/shared/admin-deposits';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import * as repo from '../src/modules/admin/deposits.repository';
import { depositsByAddressElsewhere } from '../src/modules/wallet/wallet.repository';
import { openBenchApp } from './bench-app';

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string', default: 'pglite' },
    'server-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    sizes: { type: 'string', default: '10000,100000' },
    requests: { type: 'string', default: '30' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const REQUESTS = Number(args.requests);
const USERS = 2000;

const { app, database } = await openBenchApp({
  name: 'deposits',
  driver: args.driver,
  serverUrl: args['server-url'],
});
const db = database.db;

await db.execute(sql`
  insert into users (email, display_name, role, email_verified_at)
  select 'renter-' || n || '@crimsonhost.bench', 'Renter ' || n, 'user', now()
  from generate_series(1, ${USERS}::int) as n`);

/** Adds deposits numbered from..to, each with its wallet transaction and (mostly) a transfer. */
async function addDeposits(from: number, to: number) {
  await db.execute(sql`
    with u as (select id, row_number() over (order by email) - 1 as k from users),
    numbered as (
      select n, u.id as user_id, (array['ERC20','BEP20','TRC20'])[n % 3 + 1] as network,
             now() - make_interval(mins => n) as created_at
      from generate_series(${from}::int, ${to}::int) as n join u on u.k = n % ${USERS}::int
    ), tx as (
      insert into wallet_transactions (user_id, type, status, amount, currency, description,
                                       network, address, required_confirmations, created_at)
      select user_id, 'DEPOSIT', case when n % 5 = 0 then 'FAILED' else 'CONFIRMED' end,
             25000000, 'USDT', 'Deposit', network,
             case when network = 'TRC20' then 'T' || md5(n::text)
                  else '0x' || substr(md5(n::text) || md5((n + 1)::text), 1, 40) end,
             12, created_at
      from numbered
      returning id, user_id, network, address, created_at
    )
    insert into deposits (transaction_id, user_id, network, address, derivation_index,
                          requested_amount, status, expires_at, watch_until, created_at)
    select id, user_id, network, address,
           row_number() over (partition by network order by id) + ${from * 3}::int,
           25000000,
           case when right(address, 1) in ('0', '1', '2') then 'EXPIRED' else 'CONFIRMED' end,
           created_at + interval '30 minutes', created_at + interval '7 days', created_at
    from tx`);
  await db.execute(sql`
    insert into chain_transfers (network, tx_hash, log_index, block_number, from_address,
                                 to_address, raw_amount, amount, deposit_id, status,
                                 confirmations, late, wrong_network)
    select case when d.network = 'ERC20' and right(d.address, 2) = 'ff' then 'BEP20' else d.network end,
           md5(d.transaction_id::text) || md5(d.address), 0, 1000, '0xpayer', d.address,
           amount, amount, d.transaction_id,
           case when right(d.address, 2) = 'ff' then 'HELD' else 'CREDITED' end,
           20, right(d.address, 1) = '9', d.network = 'ERC20' and right(d.address, 2) = 'ff'
    from deposits d,
         lateral (select case right(d.address, 1) when '3' then 20000000 when '4' then 30000000
                              else 25000000 end as amount) a
    where d.status = 'CONFIRMED'
      and not exists (select 1 from chain_transfers c where c.deposit_id = d.transaction_id)`);
  await db.execute(sql`analyze`);
}

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i += 1) await run();
  const took: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await run();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!;
  return `${at(0.5).toFixed(1).padStart(8)} ms ${at(0.95).toFixed(1).padStart(8)} ms`;
}

let have = 0;
console.log(`driver ${args.driver}, ${REQUESTS} timed calls each (median, p95)`);
for (const size of SIZES) {
  await addDeposits(have + 1, size);
  have = size;
  const [{ transfers } = { transfers: '0' }] = await queryRows<{ transfers: string }>(
    db,
    sql`select count(*)::text as transfers from chain_transfers`,
  );
  console.log(
    `\n${size.toLocaleString('en-US')} deposits, ${Number(transfers).toLocaleString('en-US')} transfers`,
  );
  for (const view of ADMIN_DEPOSIT_VIEWS) {
    const page = { view, page: 1, pageSize: 20 };
    console.log(`  list ${view.padEnd(22)} ${await time(() => repo.listDeposits(db, page))}`);
  }
  const [sample] = await queryRows<{ id: string; address: string }>(
    db,
    sql`select transaction_id as id, address from deposits where network = 'ERC20' limit 1`,
  );
  console.log(
    `  list search by address    ${await time(() => repo.listDeposits(db, { view: 'all', q: sample!.address.toUpperCase().replace('0X', '0x'), page: 1, pageSize: 20 }))}`,
  );
  console.log(
    `  list search by e-mail     ${await time(() => repo.listDeposits(db, { view: 'all', q: 'renter-77@', page: 1, pageSize: 20 }))}`,
  );
  console.log(
    `  a deposit with transfers  ${await time(async () => {
      await repo.findDeposit(db, sample!.id);
      await repo.transfersOf(db, sample!.id);
    })}`,
  );
  const addresses = await queryRows<{ address: string }>(
    db,
    sql`select address from deposits where network = 'ERC20' order by random() limit 250`,
  );
  // A block's batch: 250 of ours among 250 strangers' addresses.
  const batch = [
    ...addresses.map((a) => a.address),
    ...Array.from({ length: 250 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`),
  ];
  console.log(
    `  wrong-network lookup, 500 ${await time(() => depositsByAddressElsewhere(db, 'BEP20', batch))}`,
  );
}
await app.close();
await database.close();
