import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A vendor: the account behind listings (issue 16, decision 037). The row is made by the first
 * application (PENDING); an admin's approval makes it ACTIVE and gives the account the vendor
 * role. Each status change writes a vendor_status_changes row with its reason.
 */
export const vendors = pgTable(
  'vendors',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** PENDING | ACTIVE | SUSPENDED | CLOSED */
    status: text('status').notNull().default('PENDING'),
    statusReason: text('status_reason'),
    displayName: text('display_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    games: text('games').array().notNull(),
    regions: text('regions').array().notNull(),
    termsVersion: text('terms_version').notNull(),
    termsAcceptedAt: timestamptz('terms_accepted_at').notNull(),
    /** Payouts wait until then after a payout address changed (issue 16 point 8). */
    payoutsLockedUntil: timestamptz('payouts_locked_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('vendors_status_check', sql`${t.status} in ('PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED')`),
    index('vendors_status_idx').on(t.status, t.createdAt.desc(), t.userId),
  ],
);

/** An application to become a vendor, as the applicant sent it, and the admin's decision. */
export const vendorApplications = pgTable(
  'vendor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** PENDING | APPROVED | REJECTED */
    status: text('status').notNull().default('PENDING'),
    displayName: text('display_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    games: text('games').array().notNull(),
    regions: text('regions').array().notNull(),
    /** { TRC20?: address, ERC20?: address, BEP20?: address } */
    payoutAddresses: jsonb('payout_addresses').$type<Record<string, string>>().notNull(),
    termsVersion: text('terms_version').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decisionReason: text('decision_reason'),
  },
  (t) => [
    check(
      'vendor_applications_status_check',
      sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`,
    ),
    // One application waits at a time per applicant; two submits at once cannot both land.
    uniqueIndex('vendor_applications_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    index('vendor_applications_user_idx').on(t.userId, t.createdAt.desc()),
    index('vendor_applications_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Every status a vendor has had, with its reason and who set it (null: the applicant). */
export const vendorStatusChanges = pgTable(
  'vendor_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.userId),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('vendor_status_changes_vendor_idx').on(t.vendorId, t.createdAt.desc())],
);

/** Where a vendor is paid, one address per network. */
export const vendorPayoutAddresses = pgTable(
  'vendor_payout_addresses',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.userId),
    network: text('network').notNull(),
    address: text('address').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.network] }),
    check(
      'vendor_payout_addresses_network_check',
      sql`${t.network} in ('TRC20', 'ERC20', 'BEP20')`,
    ),
  ],
);
