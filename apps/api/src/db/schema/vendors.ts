import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
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

/**
 * A vendor's payout (issue 16 point 8, decision 041). Requesting one moves the amount from
 * available to payout pending in the ledger at once; an admin sends the USDT from the platform's
 * treasury and enters the transaction's hash; the payout is PAID only once the chain shows that
 * transaction moving exactly this amount of the network's USDT to this address, with the
 * network's confirmations. REQUESTED and SUBMITTED are open: one at a time per vendor.
 */
export const vendorPayouts = pgTable(
  'vendor_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.userId),
    network: text('network').notNull(),
    /** The vendor's payout address for that network when they asked: where the money goes. */
    address: text('address').notNull(),
    /** Micro-USDT. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** REQUESTED | SUBMITTED | PAID | REJECTED | CANCELLED */
    status: text('status').notNull().default('REQUESTED'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    /** Why it was rejected or cancelled, or why a hash stopped matching. */
    reason: text('reason'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    submittedAt: timestamptz('submitted_at'),
    submittedBy: uuid('submitted_by').references(() => users.id),
    paidAt: timestamptz('paid_at'),
    closedAt: timestamptz('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'vendor_payouts_status_check',
      sql`${t.status} in ('REQUESTED', 'SUBMITTED', 'PAID', 'REJECTED', 'CANCELLED')`,
    ),
    check('vendor_payouts_network_check', sql`${t.network} in ('TRC20', 'ERC20', 'BEP20')`),
    check('vendor_payouts_amount_check', sql`${t.amount} > 0`),
    check(
      'vendor_payouts_hash_check',
      sql`${t.status} not in ('SUBMITTED', 'PAID') or ${t.txHash} is not null`,
    ),
    // One open payout per vendor: two requests at once cannot both land.
    uniqueIndex('vendor_payouts_one_open_key')
      .on(t.vendorId)
      .where(sql`${t.status} in ('REQUESTED', 'SUBMITTED')`),
    // A chain transaction pays one payout.
    uniqueIndex('vendor_payouts_tx_key')
      .on(t.network, t.txHash)
      .where(sql`${t.txHash} is not null`),
    index('vendor_payouts_vendor_idx').on(t.vendorId, t.requestedAt.desc(), t.id),
    index('vendor_payouts_status_idx').on(t.status, t.requestedAt, t.id),
  ],
);
