import { z } from 'zod';
import { historyPageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { amountSchema } from './wallet-balances';

/**
 * The staff area's Money section (issue 15 point 4), admin only: the ledger explorer and "Check
 * the books" (decisions 009 and 034). Amounts are decimal strings of micro-USDT, as everywhere.
 */

/** The kinds of ledger account the product posts to; a kind the API does not know still lists. */
export const LEDGER_ACCOUNT_KINDS = [
  'USER_WALLET',
  'USER_CREDIT',
  'ESCROW',
  'VENDOR_PENDING',
  'VENDOR_AVAILABLE',
  'VENDOR_PAYOUT_PENDING',
  'PLATFORM_REVENUE',
  'CHAIN_CLEARING',
  'PAYPAL_CLEARING',
  'USER_DEBT',
  'USER_DISPUTE_HOLD',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** A user's own accounts: their balance is cached on their row and may never go below zero. */
export const USER_ACCOUNT_KINDS: readonly string[] = ['USER_WALLET', 'USER_CREDIT'];

/**
 * Accounts whose balance is cached on their row and may never go below zero: a user's, and a
 * vendor's pending, available and payout-pending money (decision 037).
 */
export const CACHED_ACCOUNT_KINDS: readonly string[] = [
  ...USER_ACCOUNT_KINDS,
  'VENDOR_PENDING',
  'VENDOR_AVAILABLE',
  'VENDOR_PAYOUT_PENDING',
];

export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccountKind, string> = {
  USER_WALLET: 'User wallet',
  USER_CREDIT: 'Platform credit',
  ESCROW: 'Escrow',
  VENDOR_PENDING: 'Vendor pending',
  VENDOR_AVAILABLE: 'Vendor available',
  VENDOR_PAYOUT_PENDING: 'Vendor payout pending',
  PLATFORM_REVENUE: 'Platform revenue',
  CHAIN_CLEARING: 'Chain clearing',
  PAYPAL_CLEARING: 'PayPal clearing',
  USER_DEBT: 'User debt',
  USER_DISPUTE_HOLD: 'Held in a PayPal dispute',
};

/** Whose account it is: the user of a wallet or platform credit, the vendor of escrow or vendor money. */
export const ledgerOwnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type LedgerOwner = z.infer<typeof ledgerOwnerSchema>;

/** Which account: its kind, currency, network (chain clearing) and owner, without figures. */
export const ledgerAccountRefSchema = z.object({
  id: z.uuid(),
  /** One of LEDGER_ACCOUNT_KINDS, or a kind added later. */
  kind: z.string(),
  /** USDT, or PLATFORM for platform credit. */
  currency: z.string(),
  network: z.string().nullable(),
  owner: ledgerOwnerSchema.nullable(),
});
export type LedgerAccountRef = z.infer<typeof ledgerAccountRefSchema>;

/** The name of an account in words: 'Chain clearing · TRC20', 'Vendor pending · Acme Hosting'. */
export function ledgerAccountName(account: {
  kind: string;
  network: string | null;
  owner: { name: string } | null;
}) {
  const label =
    LEDGER_ACCOUNT_LABELS[account.kind as LedgerAccountKind] ??
    account.kind.charAt(0) + account.kind.slice(1).toLowerCase().replace(/_/g, ' ');
  const detail = account.network ?? account.owner?.name;
  return detail ? `${label} · ${detail}` : label;
}

export const ledgerAccountSchema = ledgerAccountRefSchema.extend({
  /**
   * The balance: for the platform's accounts the sum of their entries (their row keeps 0); for a
   * user's, the balance cached on the row (the check compares it with the entries).
   */
  balance: amountSchema,
  /** How many entries the account has. */
  entries: z.number().int(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

/** All user accounts of one kind together: how many, and what they hold. */
export const userAccountsTotalSchema = z.object({
  accounts: z.number().int(),
  total: amountSchema,
});

/** GET /api/admin/ledger/accounts. */
export const ledgerAccountsSchema = z.object({
  /** Escrow and vendor money per vendor, revenue, chain clearing per network, any other kind. */
  platform: z.array(ledgerAccountSchema),
  users: z.object({
    /** Every user's USDT wallet, by the balances cached on their rows. */
    wallets: userAccountsTotalSchema,
    /** Every user's platform credit (currency PLATFORM). */
    credit: userAccountsTotalSchema,
  }),
});
export type LedgerAccounts = z.infer<typeof ledgerAccountsSchema>;

/**
 * `after` of an account's entries: the `nextCursor` of the page before, the time of its last entry
 * in microseconds since 1970 and that entry's id (entries are numbered, not uuids).
 */
export const ledgerEntryCursorSchema = z
  .string()
  .regex(/^\d{1,17}_\d{1,19}$/, { message: 'after must be the nextCursor of a previous page' });

export const ledgerEntriesQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
  after: ledgerEntryCursorSchema.optional(),
});
export type LedgerEntriesQuery = z.input<typeof ledgerEntriesQuerySchema>;

/** The ledger transaction an entry belongs to. */
export const ledgerTransactionSummarySchema = z.object({
  id: z.uuid(),
  /** What moved the money: DEPOSIT_CREDIT, RENTAL_PAYMENT, REFUND, RENTAL_RELEASE, … */
  kind: z.string(),
  /** Its unique business key, e.g. 'rental:<id>:refund'. */
  reference: z.string(),
  createdAt: z.string(),
});
export type LedgerTransactionSummary = z.infer<typeof ledgerTransactionSummarySchema>;

export const ledgerEntrySchema = z.object({
  /** Entries are numbered in the order they were written. */
  id: z.string(),
  /** Signed: positive added to the account, negative took from it. */
  amount: amountSchema,
  createdAt: z.string(),
  transaction: ledgerTransactionSummarySchema,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /api/admin/ledger/accounts/:id/entries: newest first, paged like the wallet's history. */
export const ledgerEntriesPageSchema = historyPageEnvelope(ledgerEntrySchema).extend({
  /** The account the entries are of. */
  account: ledgerAccountRefSchema,
});
export type LedgerEntriesPage = z.infer<typeof ledgerEntriesPageSchema>;

export const ledgerTransactionEntrySchema = z.object({
  id: z.string(),
  account: ledgerAccountRefSchema,
  amount: amountSchema,
});
export type LedgerTransactionEntry = z.infer<typeof ledgerTransactionEntrySchema>;

/** The user-visible transaction (the wallet's timeline) written with a ledger transaction. */
export const linkedWalletTransactionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  type: z.string(),
  status: z.string(),
  amount: amountSchema,
  fee: amountSchema,
  currency: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type LinkedWalletTransaction = z.infer<typeof linkedWalletTransactionSchema>;

/** The chain transfer a deposit credit paid out. */
export const linkedChainTransferSchema = z.object({
  id: z.uuid(),
  network: z.string(),
  txHash: z.string(),
  logIndex: z.number().int(),
  amount: amountSchema,
  status: z.string(),
});
export type LinkedChainTransfer = z.infer<typeof linkedChainTransferSchema>;

/** GET /api/admin/ledger/transactions/:id. */
export const ledgerTransactionDetailSchema = ledgerTransactionSummarySchema.extend({
  entries: z.array(ledgerTransactionEntrySchema),
  /** Whether the entries sum to zero in each currency. */
  balanced: z.boolean(),
  walletTransaction: linkedWalletTransactionSchema.nullable(),
  chainTransfer: linkedChainTransferSchema.nullable(),
});
export type LedgerTransactionDetail = z.infer<typeof ledgerTransactionDetailSchema>;

// --- Check the books ---------------------------------------------------------------------------

/** What the check can find wrong; decision 034 says what each means. */
export const LEDGER_VIOLATION_KINDS = [
  'UNBALANCED_TRANSACTION',
  'TRANSACTION_WITHOUT_ENTRIES',
  'CACHED_BALANCE_DRIFT',
  'NEGATIVE_USER_BALANCE',
  'PLATFORM_ROW_BALANCE',
  'ESCROW_MISMATCH',
  'RENTAL_ESCROW_MISMATCH',
  'ENDED_RENTAL_HOLDS_ESCROW',
  'ESCROW_WITHOUT_RENTAL',
  'VENDOR_PENDING_MISMATCH',
  'PAYOUT_PENDING_MISMATCH',
  'PAID_PAYOUT_NOT_SENT',
  'CREDIT_WITHOUT_TRANSFER',
  'CREDIT_WITH_SEVERAL_TRANSFERS',
  'CREDIT_TRANSFER_MISMATCH',
  'TRANSFER_CREDITED_WITHOUT_CREDIT',
  'DEPOSIT_CONFIRMED_WITHOUT_CREDIT',
] as const;
export type LedgerViolationKind = (typeof LEDGER_VIOLATION_KINDS)[number];

/** Each kind of violation in a few words, for people. */
export const LEDGER_VIOLATION_LABELS: Record<LedgerViolationKind, string> = {
  UNBALANCED_TRANSACTION: 'Transaction does not sum to zero',
  TRANSACTION_WITHOUT_ENTRIES: 'Transaction without entries',
  CACHED_BALANCE_DRIFT: 'Cached balance differs from its entries',
  NEGATIVE_USER_BALANCE: 'User balance below zero',
  PLATFORM_ROW_BALANCE: "Platform account's row is not 0",
  ESCROW_MISMATCH: 'Escrow differs from what active rentals hold',
  RENTAL_ESCROW_MISMATCH: "Rental's escrow differs from its record",
  ENDED_RENTAL_HOLDS_ESCROW: 'Ended rental still holds escrow',
  ESCROW_WITHOUT_RENTAL: 'Escrow moved for no rental',
  VENDOR_PENDING_MISMATCH: "Vendor's pending money differs from its rentals",
  PAYOUT_PENDING_MISMATCH: "Vendor's payout-pending money differs from its open payouts",
  PAID_PAYOUT_NOT_SENT: 'Paid payout without its ledger movement',
  CREDIT_WITHOUT_TRANSFER: 'Deposit credit without a chain transfer',
  CREDIT_WITH_SEVERAL_TRANSFERS: 'Deposit credit claimed by several transfers',
  CREDIT_TRANSFER_MISMATCH: 'Deposit credit differs from its transfer',
  TRANSFER_CREDITED_WITHOUT_CREDIT: 'Transfer marked credited without a credit',
  DEPOSIT_CONFIRMED_WITHOUT_CREDIT: 'Deposit confirmed without a credited transfer',
};

/** At most this many violations of one kind are listed; `found` still counts them all. */
export const LEDGER_CHECK_LIST_LIMIT = 50;

export const ledgerViolationSchema = z.object({
  kind: z.enum(LEDGER_VIOLATION_KINDS),
  /** What is wrong, in a sentence. */
  message: z.string(),
  /** The records involved: ledger transactions, accounts, users, rentals, transfers, deposits. */
  ids: z.array(z.string()),
});
export type LedgerViolation = z.infer<typeof ledgerViolationSchema>;

export const ledgerCheckFiguresSchema = z.object({
  transactions: z.number().int(),
  entries: z.number().int(),
  accounts: z.number().int(),
  userAccounts: z.number().int(),
  rentals: z.number().int(),
  activeRentals: z.number().int(),
  depositCredits: z.number().int(),
  creditedTransfers: z.number().int(),
  /** USDT in every user's wallet (cached balances). */
  userWallets: amountSchema,
  /** Platform credit of every user (currency PLATFORM). */
  platformCredit: amountSchema,
  /** The escrow accounts' balance (one per vendor): the sum of their entries. */
  escrow: amountSchema,
  /** What ACTIVE rentals hold by their own records: paid less refunded, released and commission. */
  heldByActiveRentals: amountSchema,
  /** Vendors' shares of ended rentals still inside the dispute window. */
  vendorPending: amountSchema,
  /** Vendors' money they may request a payout of. */
  vendorAvailable: amountSchema,
  /** Payouts requested and not yet seen paid on chain. */
  vendorPayoutPending: amountSchema,
  /** USDT revenue: commissions and deposit fees. */
  platformRevenue: amountSchema,
  /** The chain clearing accounts together: minus what the chains paid in. */
  chainClearing: amountSchema,
  /** PayPal clearing: minus what PayPal took for the platform and has not given back (decision 059). */
  paypalClearing: amountSchema,
  /** What users owe the platform after PayPal took a payment back that was spent. */
  owedByUsers: amountSchema,
  /** Users' money held while a buyer's dispute at PayPal is open. */
  heldInDisputes: amountSchema,
  /** What the credited chain transfers carried. */
  creditedTransferAmount: amountSchema,
});
export type LedgerCheckFigures = z.infer<typeof ledgerCheckFiguresSchema>;

/** POST /api/admin/ledger/check and `npm run ledger:check`. */
export const ledgerCheckSchema = z.object({
  /** No violation found. */
  ok: z.boolean(),
  checkedAt: z.string(),
  /** How long the check took, in milliseconds. */
  durationMs: z.number().int(),
  figures: ledgerCheckFiguresSchema,
  /** How many violations were found in all. */
  found: z.number().int(),
  /** The violations, at most LEDGER_CHECK_LIST_LIMIT of each kind. */
  violations: z.array(ledgerViolationSchema),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;
