import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_VENDORS } from '../../modules/catalog/catalog-demo-listings';
import { seedDemoAccounts } from '../../modules/auth/auth.seed';
import { seedCatalog, seedDemoStatusHistory } from '../../modules/catalog/catalog.seed';
import { linkDemoPanels } from '../../modules/panels/panels.seed';
import { seedDemoRentals } from '../../modules/rentals/rentals.seed';
import { seedDemoTickets, seedFaq } from '../../modules/support/support.seed';
import { seedDemoVendors } from '../../modules/vendors/vendors.seed';
import type { Database } from '../client';
import { users } from '../schema/index';

/**
 * The demo vendors, made when missing. They have no password yet: they own listings and cannot
 * sign in until the accounts seed gives them one. Their addresses count as verified (they get no
 * mail), which is also what makes the unique address index see a second seed as a conflict.
 */
async function ensureDemoVendors(db: Database): Promise<string[]> {
  await db
    .insert(users)
    .values(
      DEMO_VENDORS.map((vendor) => ({
        email: vendor.email,
        displayName: vendor.displayName,
        role: 'vendor',
        passwordHash: null,
        emailVerifiedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  const emails = DEMO_VENDORS.map((vendor) => vendor.email.toLowerCase());
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
  return emails.map((email) => {
    const id = byEmail.get(email);
    if (!id) throw new Error(`demo vendor ${email} is missing`);
    return id;
  });
}

/**
 * Seeds the demo storefront on first start: the demo vendors and their catalog; with `panel`, links
 * the demo listings to the local demo panel (on every start).
 */
export async function seedDemoData(
  db: Database,
  log: FastifyBaseLogger,
  {
    gamePortBase = 39100,
    panel,
  }: { gamePortBase?: number; panel?: { url: string; secretKey: Uint8Array } } = {},
): Promise<void> {
  const vendorIds = await ensureDemoVendors(db);
  const listings = await seedCatalog(db, vendorIds, { portBase: gamePortBase });
  if (listings > 0) log.info({ listings }, 'seeded the demo catalog');
  if (panel) {
    const linked = await linkDemoPanels(db, {
      vendorIds,
      panelUrl: panel.url,
      secretKey: panel.secretKey,
      gamePortBase,
    });
    log.info({ linked, panel: panel.url }, 'demo listings linked to the demo panel');
  }
  const vendorRows = await seedDemoVendors(db, vendorIds);
  if (vendorRows > 0) log.info({ vendorRows }, 'seeded the demo vendors and an application');
  // The first vendor (the demo's vendor account) gets a rental history for its Overview and
  // Rentals pages; every demo listing gets its status checks' history for the uptime.
  const rentals = await seedDemoRentals(db, vendorIds[0]!);
  if (rentals > 0) log.info({ rentals }, "seeded the demo vendor's rentals");
  const statusDays = await seedDemoStatusHistory(db, vendorIds);
  if (statusDays > 0) log.info({ statusDays }, "seeded the demo listings' status history");
  const accounts = await seedDemoAccounts(db);
  const articles = await seedFaq(db);
  if (articles > 0) log.info({ articles }, 'seeded the FAQ and canned replies');
  const tickets = await seedDemoTickets(db);
  if (tickets > 0) log.info({ tickets }, "seeded the demo renter's support tickets");
  if (accounts.length > 0) {
    // Shown once, as plain lines a person can read: the passwords are stored only as hashes.
    process.stdout.write(
      [
        '',
        'Demo accounts (shown once; write them down):',
        ...accounts.map(
          (a) => `  ${a.role.padEnd(7)}  ${a.email.padEnd(32)}  password: ${a.password}`,
        ),
        '',
        'The staff area (/admin) asks admin and support for two-step verification: sign in as one,',
        'open /admin, scan the QR code with any authenticator app (or type the secret shown under',
        'it), enter the 6-digit code the app shows and keep the ten backup codes. Each new sign-in',
        'to /admin asks for a fresh code; after 15 minutes without activity it asks again.',
        '',
      ].join('\n') + '\n',
    );
  }
}
