import { sql } from 'drizzle-orm';
import type { TestContext } from '../app';
import { signedIn } from '../support/support-fixture';

/** A signed-in vendor whose vendor row is ACTIVE, as an approved application leaves it. */
export async function activeVendor(ctx: TestContext, displayName = 'Listing Vendor') {
  const vendor = await signedIn(ctx, 'vendor', displayName);
  await ctx.database.db.execute(
    sql`insert into vendors (user_id, status, display_name, contact_email,
      games, regions, terms_version, terms_accepted_at)
      values (${vendor.user.id}, 'ACTIVE', ${displayName}, ${vendor.user.email},
        '{minecraft,csgo}', '{fra}', 'test', now())`,
  );
  return vendor;
}

/** Sets a vendor's status directly, as the admin's decision would. */
export async function setVendorStatus(ctx: TestContext, userId: string, status: string) {
  await ctx.database.db.execute(
    sql`update vendors set status = ${status} where user_id = ${userId}`,
  );
}
