import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { serverListings } from './catalog';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * A rental of one listing by one renter. While ACTIVE its payments sit in escrow; when it ends
 * (EXPIRED or CANCELLED) the unused whole hours of a cancellation go back to the renter and the
 * rest is released to the vendor less the commission.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id),
    /** ACTIVE | EXPIRED | CANCELLED */
    status: text('status').notNull().default('ACTIVE'),
    hours: integer('hours').notNull(),
    pricePerHour: money('price_per_hour').notNull(),
    /**
     * Everything paid into escrow for this rental (first payment and extensions): the renter's
     * payments and the tier discounts the platform paid beside them (`paidDiscount`).
     */
    paid: money('paid').notNull(),
    /**
     * The part of `paid` the platform paid from its revenue as the renter's tier discount (decision
     * 049). A refund gives its share back to the platform, never to the renter.
     */
    paidDiscount: money('paid_discount')
      .notNull()
      .default(sql`0`),
    /**
     * The part of `paid` the renter paid with platform credit (decision 044): the platform paid it
     * into escrow in USDT. A refund returns it as credit, never as USDT.
     */
    paidCredit: money('paid_credit')
      .notNull()
      .default(sql`0`),
    refunded: money('refunded')
      .notNull()
      .default(sql`0`),
    /** The part of `refunded` that went back as platform credit. */
    refundedCredit: money('refunded_credit')
      .notNull()
      .default(sql`0`),
    /** The part of `refunded` that went back to the platform: the discount's share. */
    refundedDiscount: money('refunded_discount')
      .notNull()
      .default(sql`0`),
    released: money('released')
      .notNull()
      .default(sql`0`),
    commission: money('commission')
      .notNull()
      .default(sql`0`),
    /** Commission in basis points at the time of renting (1000 = 10%). */
    commissionBp: integer('commission_bp').notNull(),
    startsAt: timestamptz('starts_at').notNull().defaultNow(),
    endsAt: timestamptz('ends_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /**
     * When the vendor's share moved from pending to available: VENDOR_CLEARING_DAYS after the end,
     * once the dispute window of the buyer protection policy closed (decision 037).
     */
    clearedAt: timestamptz('cleared_at'),
    /** Set when the rental ends; cleared once the panel confirmed the stop. */
    powerOffPending: boolean('power_off_pending').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('rentals_renter_idx').on(
      t.renterId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('rentals_active_end_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'ACTIVE'`),
    // The clearing job's queue: ended rentals whose vendor share is still pending.
    index('rentals_uncleared_idx')
      .on(t.endedAt)
      .where(sql`${t.status} <> 'ACTIVE' and ${t.clearedAt} is null`),
    index('rentals_vendor_idx').on(t.vendorId, t.createdAt.desc().nullsFirst()),
    index('rentals_power_off_idx')
      .on(t.id)
      .where(sql`${t.powerOffPending}`),
    check('rentals_status_check', sql`${t.status} in ('ACTIVE', 'EXPIRED', 'CANCELLED')`),
    check('rentals_hours_check', sql`${t.hours} between 1 and 8760`),
    check(
      'rentals_escrow_check',
      sql`${t.paid} >= ${t.refunded} + ${t.released} + ${t.commission}`,
    ),
    check(
      'rentals_credit_check',
      sql`${t.paidCredit} between 0 and ${t.paid} and ${t.refundedCredit} between 0 and least(${t.paidCredit}, ${t.refunded})`,
    ),
    check(
      'rentals_discount_check',
      sql`${t.paidDiscount} between 0 and ${t.paid} - ${t.paidCredit} and ${t.refundedDiscount} between 0 and least(${t.paidDiscount}, ${t.refunded} - ${t.refundedCredit})`,
    ),
  ],
);

/** A listing's Pterodactyl panel: the server identifier and the vendor's client API key, encrypted. */
export const listingPanels = pgTable('listing_panels', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => serverListings.id, { onDelete: 'cascade' }),
  panelUrl: text('panel_url').notNull(),
  serverIdentifier: text('server_identifier').notNull(),
  /** AES-256-GCM: iv.tag.ciphertext, base64url. */
  apiKeyEncrypted: text('api_key_encrypted').notNull(),
  /** The demo's local panel rather than a vendor's real one. */
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** The key's last 4 characters, the only part of it ever shown again (migration 0027). */
  keyHint: text('key_hint'),
  /** When the current URL, server and key were saved. */
  linkedAt: timestamptz('linked_at').notNull().defaultNow(),
  /** The vendor's last "Test connection": when, its outcome and the sentence it answered. */
  testedAt: timestamptz('tested_at'),
  testOutcome: text('test_outcome'),
  testMessage: text('test_message'),
});

/** The last run state read from the panel, shared by every instance and shown with its age. */
export const panelStates = pgTable('panel_states', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => serverListings.id, { onDelete: 'cascade' }),
  /** starting | running | stopping | stopped | error */
  state: text('state').notNull(),
  detail: text('detail'),
  checkedAt: timestamptz('checked_at').notNull().defaultNow(),
});

/** Panel failures, kept for the vendor to see. */
export const panelEvents = pgTable(
  'panel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('panel_events_listing_idx').on(t.listingId, t.createdAt.desc())],
);

/**
 * A listing's run state each time the one read from its panel differs from the last one kept:
 * the run-state history a dispute's evidence reads (issue 17 point 4). Appended only on a change,
 * at the time the storefront first saw it (the panel is read when someone looks at the rental),
 * never on every read. Append-only.
 */
export const panelStateChanges = pgTable(
  'panel_state_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    /** starting | running | stopping | stopped | error */
    state: text('state').notNull(),
    detail: text('detail'),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (t) => [
    index('panel_state_changes_listing_idx').on(t.listingId, t.changedAt),
    check(
      'panel_state_changes_state_check',
      sql`${t.state} in ('starting', 'running', 'stopping', 'stopped', 'error')`,
    ),
  ],
);

/**
 * Every power signal sent to a listing's panel (a renter's start, stop or restart, and the stop
 * at a rental's end) and how it went: a dispute's evidence tells a server the renter stopped from
 * one that went down. Failures are also in panel_events for the vendor. Append-only.
 */
export const panelPowerActions = pgTable(
  'panel_power_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    /** The rental it was sent for, when the caller said. */
    rentalId: uuid('rental_id').references(() => rentals.id),
    /** start | stop | restart */
    signal: text('signal').notNull(),
    /** ok: the panel took it; failed: it did not (message says why). */
    outcome: text('outcome').notNull(),
    message: text('message'),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [
    index('panel_power_actions_listing_idx').on(t.listingId, t.sentAt),
    check('panel_power_actions_signal_check', sql`${t.signal} in ('start', 'stop', 'restart')`),
    check('panel_power_actions_outcome_check', sql`${t.outcome} in ('ok', 'failed')`),
  ],
);
