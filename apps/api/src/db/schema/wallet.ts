import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const money = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Ledger accounts. A user has a USDT wallet and a PLATFORM credit account; a vendor has escrow
 * (renters' payments for its running rentals), pending (ended rentals inside the dispute window),
 * available and payout-pending accounts (decision 037); the platform has revenue and one chain
 * clearing account per network, which goes negative by what the chains paid in and comes back up
 * by what payouts sent. `balance` caches the sum of the account's entries for the kinds in
 * CACHED_BALANCE_KINDS, updated in the same statement that writes each entry; those may never go
 * below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * USER_WALLET | USER_CREDIT | ESCROW | VENDOR_PENDING | VENDOR_AVAILABLE |
     * VENDOR_PAYOUT_PENDING | PLATFORM_REVENUE | CHAIN_CLEARING
     */
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').references(() => users.id),
    network: text('network'),
    currency: text('currency').notNull(),
    balance: money('balance')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_identity_key')
      .on(t.kind, t.ownerId, t.network, t.currency)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_cached_not_negative',
      sql`${t.kind} not in ('USER_WALLET', 'USER_CREDIT', 'VENDOR_PENDING', 'VENDOR_AVAILABLE', 'VENDOR_PAYOUT_PENDING') or ${t.balance} >= 0`,
    ),
  ],
);

/** One movement of money: its entries sum to zero. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** What moved the money, e.g. DEPOSIT_CREDIT, RENTAL_PAYMENT. */
  kind: text('kind').notNull(),
  /** Unique business key (e.g. 'deposit:<network>:<tx>:<log>'): the same movement cannot happen twice. */
  reference: text('reference').notNull().unique(),
  createdAt: createdAt(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed micro-units: positive adds to the account, negative takes from it. */
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // An account's entries newest first (the staff area's ledger explorer, decision 034); the
    // platform accounts' balances (decision 009) are summed along it too.
    index('ledger_entries_account_idx').on(
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('ledger_entries_tx_idx').on(t.ledgerTransactionId),
    check('ledger_entries_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** The user-visible transaction of the wallet's timeline and status view. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** DEPOSIT | RENTAL_PAYMENT | REFUND | COMPENSATION */
    type: text('type').notNull(),
    /** PENDING | CONFIRMED | FAILED */
    status: text('status').notNull(),
    amount: money('amount').notNull(),
    /** USDT | PLATFORM */
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    fee: money('fee')
      .notNull()
      .default(sql`0`),
    network: text('network'),
    /** crypto | paypal for a DEPOSIT (the spec's payment method); null for other types. */
    paymentMethod: text('payment_method'),
    address: text('address'),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    errorMessage: text('error_message'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('wallet_transactions_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('wallet_transactions_reference_key').on(t.reference),
  ],
);

/** Deposit settings: one row. */
export const depositSettings = pgTable('deposit_settings', {
  id: integer('id').primaryKey().default(1),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount'),
  defaultNetwork: text('default_network').notNull(),
  /** Raised by each save in the staff area's Settings, with its network rows (issue 15 point 6). */
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

export const depositNetworks = pgTable('deposit_networks', {
  network: text('network').primaryKey(),
  displayName: text('display_name').notNull(),
  /** Percent of the paid amount kept as fee, e.g. '1.00'. */
  feePercent: numeric('fee_percent', { precision: 5, scale: 2 }).notNull(),
  processingTime: text('processing_time').notNull(),
  confirmations: integer('confirmations').notNull(),
  color: text('color').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Shown beside the name when the network is the offline demo chain. */
  demo: boolean('demo').notNull().default(false),
});

/**
 * Next unused derivation index per index space: each deposit takes one and no index is reused.
 * Networks that derive from the same account key share a space (ERC20 and BEP20: `EVM`; TRC20:
 * `TRON`), so one index, and so one address, is never handed out twice (decision 014).
 */
export const depositAddressCounters = pgTable('deposit_address_counters', {
  space: text('space').primaryKey(),
  nextIndex: integer('next_index').notNull().default(0),
});

/**
 * How a deposit address is compared across networks: EVM addresses without their checksum case,
 * base58 (TRON) as it is.
 */
export const depositAddressKey = (address: AnyPgColumn | SQL) =>
  sql`(case when ${address} like '0x%' then lower(${address}) else ${address} end)`;

export const deposits = pgTable(
  'deposits',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => walletTransactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    requestedAmount: money('requested_amount').notNull(),
    /** WAITING | CONFIRMING | CONFIRMED | EXPIRED | FAILED */
    status: text('status').notNull().default('WAITING'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Transfers to the address are still credited until then (late payments). */
    watchUntil: timestamp('watch_until', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key'),
    /**
     * When its owner cancelled it while it waited: the address was closed then (status EXPIRED,
     * `expires_at` moved to that moment) and a payment that still arrives is credited as late.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Set by migration 0007 on a deposit that was handed an address an earlier deposit already
     * had on another network (before ERC20 and BEP20 shared one index space). Such rows stay out of
     * the unique address index, are counted in the health details and named in the log at start;
     * their money is left where it is for the operator to settle.
     */
    addressCollision: boolean('address_collision').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deposits_network_address_key').on(t.network, t.address),
    uniqueIndex('deposits_address_key')
      .on(depositAddressKey(t.address))
      .where(sql`not ${t.addressCollision}`),
    uniqueIndex('deposits_network_index_key').on(t.network, t.derivationIndex),
    index('deposits_watch_idx').on(t.network, t.watchUntil),
  ],
);

/**
 * Token transfers to deposit addresses, as the chain reported them. Stored once per
 * (network, tx hash, log index); credited at most once.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The token's raw amount (6 or 18 decimals), exact. */
    rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
    /** Whole micro-USDT of the raw amount; what is credited. */
    amount: money('amount').notNull(),
    /** What was below one micro-USDT, in raw units: recorded, not credited. */
    dust: numeric('dust', { precision: 78, scale: 0 }).notNull().default('0'),
    depositId: uuid('deposit_id')
      .notNull()
      .references(() => deposits.transactionId),
    /** SEEN | CONFIRMING | CREDITED | HELD | DROPPED | FAILED | DUST */
    status: text('status').notNull().default('SEEN'),
    confirmations: integer('confirmations').notNull().default(0),
    /** Paid after the deposit expired. */
    late: boolean('late').notNull().default(false),
    /**
     * Paid on another network than its deposit's: the deposit's EVM address, reached on the other
     * EVM chain. Never credited by the watcher; once confirmed it is HELD for an admin to credit
     * by hand (decision 036).
     */
    wrongNetwork: boolean('wrong_network').notNull().default(false),
    missingSince: timestamp('missing_since', { withTimezone: true }),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('chain_transfers_identity_key').on(t.network, t.txHash, t.logIndex),
    index('chain_transfers_open_idx').on(t.network, t.status),
    index('chain_transfers_deposit_idx').on(t.depositId),
  ],
);

/** Stored answers of money-moving calls, replayed for a repeated Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
