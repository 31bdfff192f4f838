/**
 * What one TRC20 watcher read costs in bytes: the answers the local TRON node gives, in
 * TronGrid's shapes, for a mainnet-like block (about 100 USDT transfers among a few hundred TRX
 * transfers), for the head header and, for comparison, for one full page of v1 events.
 * Run: npm run bench:tron
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { hexToTron } from '../src/modules/chains/addresses';
import { startLocalTron } from '@crimsonhost/devnet/local-tron';

const tron = await startLocalTron();
const payments = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    to: hexToTron(randomBytes(20).toString('hex')),
    value: BigInt(1 + i) * 1_000_000n,
  }));

async function size(path: string, body: unknown) {
  const response = await fetch(`${tron.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes: bytes.length, gzip: gzipSync(bytes).length };
}

const rows: Array<[string, { bytes: number; gzip: number }]> = [];
const busy = tron.payMany(payments(100), { plainTransactions: 300 }).blockNumber;
rows.push([
  'gettransactioninfobyblocknum, 100 USDT + 300 TRX transfers',
  await size('/wallet/gettransactioninfobyblocknum', { num: busy }),
]);
const usdtOnly = tron.payMany(payments(100)).blockNumber;
rows.push([
  'gettransactioninfobyblocknum, 100 USDT transfers only',
  await size('/wallet/gettransactioninfobyblocknum', { num: usdtOnly }),
]);
const big = tron.payMany(payments(250), { plainTransactions: 300 }).blockNumber;
rows.push([
  'gettransactioninfobyblocknum, 250 USDT + 300 TRX transfers',
  await size('/wallet/gettransactioninfobyblocknum', { num: big }),
]);
rows.push([
  'getblock {detail:false} (the head header)',
  await size('/wallet/getblock', { detail: false }),
]);
rows.push([
  'getnowblock (the head with its 400 transactions)',
  await (async () => {
    tron.payMany(payments(100), { plainTransactions: 300 });
    return size('/wallet/getnowblock', {});
  })(),
]);
const page = await fetch(
  `${tron.url}/v1/contracts/${tron.usdt}/events?event_name=Transfer&limit=200&order_by=block_timestamp,asc&min_block_timestamp=0`,
);
const pageBytes = Buffer.from(await page.arrayBuffer());
rows.push([
  'v1 events, one page of 200 Transfer events',
  { bytes: pageBytes.length, gzip: gzipSync(pageBytes).length },
]);
await tron.close();

for (const [label, { bytes, gzip }] of rows) {
  console.log(
    `${label.padEnd(62)} ${String(bytes).padStart(8)} bytes  ${String(gzip).padStart(7)} gzip`,
  );
}
