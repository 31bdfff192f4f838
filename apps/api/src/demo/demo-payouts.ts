import { MIN_PAYOUT_MICRO } from '@crimsonhost/shared/vendor-payouts';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail } from '../modules/auth/auth.repository';
import type { AuditActor } from '../modules/audit/audit.service';
import { vendorBalances } from '../modules/vendors/vendor-money';
import type { VendorPayoutsService } from '../modules/vendors/vendor-payouts.service';
import { payoutAddressesOf } from '../modules/vendors/vendors.repository';
import type { DemoPayer } from './offline-demo';

const DEMO_VENDOR = 'vendor.nordic@crimsonhost.demo';
const USDT = 1_000_000n;
/** The demo seeds in the treasury's place: the audit log shows no person for it. */
const DEMO_TREASURY: AuditActor = { user: null, clientKind: null, ip: null };

/**
 * The demo vendor's payouts (issue 16 point 9), through the same service staff and vendors use:
 * one asked for three days ago and paid for real on the demo chain (the payout job sees it
 * confirmed within seconds and marks it PAID), and one asked for yesterday that waits in the staff
 * area's Payouts queue, for an admin to send with `npm run demo:pay` and enter its hash. Seeded
 * once, when the demo vendor has no payout yet and its cleared rentals left money available.
 */
export async function seedDemoPayouts(
  db: Database,
  payouts: VendorPayoutsService,
  pay: DemoPayer,
  log: FastifyBaseLogger,
): Promise<void> {
  const vendor = await findUserByEmail(db, DEMO_VENDOR);
  if (!vendor) return;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from vendor_payouts where vendor_id = ${vendor.id}`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const address = (await payoutAddressesOf(db, vendor.id)).find((row) => row.network === 'ERC20');
  const available = parseUsdt((await vendorBalances(db, vendor.id)).available);
  if (!address || available < 3n * MIN_PAYOUT_MICRO) {
    log.warn('the demo vendor has too little available money for demo payouts');
    return;
  }
  // A round part of what is available, leaving some for the one still to send and for the vendor.
  const first = (available / 2n / USDT) * USDT;
  const paid = await payouts.requestFor(DEMO_TREASURY, vendor.id, {
    network: 'ERC20',
    amount: toUsdtString(first),
  });
  await db.execute(
    sql`update vendor_payouts set requested_at = now() - interval '3 days' where id = ${paid.id}`,
  );
  const hash = await pay('ERC20', address.address, first);
  await payouts.recordTransaction(DEMO_TREASURY, paid.id, hash);
  // One open payout at a time: the second waits until the payout job saw the first confirmed.
  for (let waited = 0; waited < 120; waited += 1) {
    if ((await payouts.detail(paid.id)).status === 'PAID') break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const waiting = await payouts.requestFor(DEMO_TREASURY, vendor.id, {
    network: 'ERC20',
    amount: '10',
  });
  // Asked for yesterday: once staff send it, the vendor may ask for the next one at once.
  await db.execute(
    sql`update vendor_payouts set requested_at = now() - interval '26 hours' where id = ${waiting.id}`,
  );
  log.info(
    { paid: toUsdtString(first), hash },
    'demo payouts seeded: one paid on the demo chain, one waiting in the staff area',
  );
}
