import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail } from '../modules/auth/auth.repository';
import type { DisputesService } from '../modules/disputes/disputes.service';
import { seedDemoDisputeEvidence } from './demo-dispute-evidence';

const DEMO_VENDOR = 'vendor.nordic@crimsonhost.demo';

/**
 * One open dispute in the demo (issue 17), through the same service a renter uses: a demo renter
 * disputes the most recent rental of the demo vendor that ended inside the policy's window, so
 * the support desk (a HIGH ticket with its Dispute card) and the demo vendor's Overview show one,
 * with the evidence the platform measured over the rental (`demo-dispute-evidence.ts`). Seeded
 * once: never when any dispute exists.
 */
export async function seedDemoDispute(
  db: Database,
  disputes: DisputesService,
  log: FastifyBaseLogger,
): Promise<void> {
  const vendor = await findUserByEmail(db, DEMO_VENDOR);
  if (!vendor) return;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rental_disputes`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const [rental] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select r.id, u.email from rentals r join users u on u.id = r.renter_id
         where r.vendor_id = ${vendor.id} and r.status <> 'ACTIVE' and r.cleared_at is null
           and r.ended_at > now() - interval '6 days'
         order by r.ended_at desc limit 1`,
  );
  const renter = rental && (await findUserByEmail(db, rental.email));
  if (!rental || !renter) {
    log.warn('the demo vendor has no recently ended rental to dispute');
    return;
  }
  await seedDemoDisputeEvidence(db, rental.id);
  await disputes.open(renter, rental.id, {
    reason: 'UNREACHABLE',
    description:
      'The server went down twice: in the second hour nobody could connect although the panel showed it running (a restart did not help), and in the third it stopped on its own for most of the hour.',
    attachmentIds: [],
  });
}
