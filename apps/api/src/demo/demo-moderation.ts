import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail } from '../modules/auth/auth.repository';
import { MessageHeldError } from '../modules/moderation/contact-guard';
import type { ModerationService } from '../modules/moderation/moderation.service';
import type { SupportService } from '../modules/support/support.service';

const DEMO_VENDOR = 'vendor.nordic@crimsonhost.demo';

/**
 * The demo's moderation queue (issue 17 point 10), filled through the paths people use: the
 * renter of the demo dispute tries to share a chat handle in its ticket (the contact detector
 * holds it and raises a flag), and the demo vendor reports the renter of another of its rentals.
 * Seeded once: never when any flag exists.
 */
export async function seedDemoFlags(
  db: Database,
  services: { support: SupportService; moderation: ModerationService },
  log: FastifyBaseLogger,
): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from moderation_flags`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const vendor = await findUserByEmail(db, DEMO_VENDOR);
  const [disputed] = await queryRows<{ ticket_id: string; email: string }>(
    db,
    sql`select d.ticket_id, u.email from rental_disputes d join users u on u.id = d.renter_id
         where d.status = 'OPEN' order by d.opened_at limit 1`,
  );
  const renter = disputed && (await findUserByEmail(db, disputed.email));
  if (renter) {
    try {
      await services.support.reply(
        renter,
        disputed.ticket_id,
        'Faster if you add me on telegram: @mira_plays, I am online all evening.',
      );
      log.warn('the demo renter’s contact details went through the detector');
    } catch (error) {
      if (!(error instanceof MessageHeldError)) throw error;
    }
  }
  if (!vendor) return;
  const [other] = await queryRows<{ id: string }>(
    db,
    sql`select r.id from rentals r where r.vendor_id = ${vendor.id}
         order by r.created_at desc limit 1`,
  );
  if (other) {
    await services.moderation.reportRenter(vendor.id, other.id, {
      reason: 'privacy_breach',
      message:
        'The renter posted the full name and home town of one of our admins in the server chat and asked players to look them up.',
    });
  }
}
