import { createHash } from 'node:crypto';
import { VENDOR_TERMS_VERSION } from '@crimsonhost/shared/vendors';
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { queryRows, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { vendorApplications, vendors, vendorStatusChanges } from '../../db/schema/vendors';
import { hexToTron } from '../chains/addresses';
import * as repo from './vendors.repository';

/** Stable demo payout addresses of a vendor: a Tron and an EVM address made from its e-mail. */
export function demoPayoutAddresses(email: string): Record<'TRC20' | 'ERC20' | 'BEP20', string> {
  const bytes = createHash('sha256').update(`crimsonhost demo payout ${email}`).digest('hex');
  const evm = getAddress(`0x${bytes.slice(0, 40)}`);
  return { TRC20: hexToTron(`41${bytes.slice(24, 64)}`), ERC20: evm, BEP20: evm };
}

/** Someone who applied to sell and waits for an admin, so the Vendors section has a queue. */
export const DEMO_APPLICANT = {
  email: 'applicant.pixelforge@crimsonhost.demo',
  displayName: 'Pixel Forge Servers',
};

/**
 * The demo vendors' vendor rows (ACTIVE, with payout addresses and the games and regions of their
 * listings) and one application waiting for a decision. Made when missing; answers how many rows
 * it wrote.
 */
export async function seedDemoVendors(db: Database, vendorIds: string[]): Promise<number> {
  let written = 0;
  for (const vendorId of vendorIds) {
    if (await repo.findVendor(db, vendorId)) continue;
    const [account] = await queryRows<{
      email: string;
      display_name: string;
      games: string[] | null;
      regions: string[] | null;
    }>(
      db,
      sql`select u.email, u.display_name,
                 (select array_agg(distinct l.game_id order by l.game_id) from server_listings l where l.vendor_id = u.id) as games,
                 (select array_agg(distinct l.region_code order by l.region_code) from server_listings l where l.vendor_id = u.id) as regions
            from users u where u.id = ${vendorId}`,
    );
    if (!account) continue;
    await db.transaction(async (tx) => {
      const at = new Date(Date.now() - 90 * 86_400_000);
      await tx
        .insert(vendors)
        .values({
          userId: vendorId,
          status: 'ACTIVE',
          displayName: account.display_name,
          contactEmail: account.email,
          games: account.games ?? [],
          regions: account.regions ?? [],
          termsVersion: VENDOR_TERMS_VERSION,
          termsAcceptedAt: at,
          createdAt: at,
        })
        .onConflictDoNothing();
      await tx.insert(vendorStatusChanges).values({
        vendorId,
        fromStatus: null,
        toStatus: 'ACTIVE',
        reason: 'A demo vendor',
        createdAt: at,
      });
      await repo.savePayoutAddresses(tx, vendorId, demoPayoutAddresses(account.email));
    });
    written += 1;
  }

  const [applicant] = await db
    .insert(users)
    .values({
      email: DEMO_APPLICANT.email,
      displayName: DEMO_APPLICANT.displayName,
      role: 'user',
      passwordHash: null,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (applicant) {
    const at = new Date(Date.now() - 26 * 3_600_000);
    const application = {
      displayName: DEMO_APPLICANT.displayName,
      contactEmail: 'hello@pixelforge.example',
      games: ['minecraft', 'valheim'],
      regions: ['fra', 'ams'],
      termsVersion: VENDOR_TERMS_VERSION,
    };
    await db.transaction(async (tx) => {
      await tx.insert(vendors).values({
        userId: applicant.id,
        ...application,
        termsAcceptedAt: at,
        createdAt: at,
      });
      await tx.insert(vendorApplications).values({
        userId: applicant.id,
        ...application,
        payoutAddresses: { TRC20: demoPayoutAddresses(DEMO_APPLICANT.email).TRC20 },
        createdAt: at,
      });
      await tx.insert(vendorStatusChanges).values({
        vendorId: applicant.id,
        fromStatus: null,
        toStatus: 'PENDING',
        reason: 'Applied to become a vendor',
        createdAt: at,
      });
    });
    written += 1;
  }
  return written;
}
