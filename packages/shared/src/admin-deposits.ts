import { z } from 'zod';
import { staffReasonSchema } from './admin';
import { NETWORKS } from './constants';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { amountSchema, networkSchema } from './wallet';

/**
 * The staff area's Deposits section (issue 15 point 5): support and admin follow deposits and the
 * chain transfers that paid them; an admin credits by hand a confirmed payment the watcher could
 * not match (decision 036). Amounts are decimal strings of micro-USDT, as everywhere.
 */

/**
 * The lists an operator works from. open: waiting for payment or confirmations; late: paid after
 * the address expired; short / over: paid less / more than asked; expired: closed unpaid;
 * misdirected: a payment reached the address on the other EVM network and waits for a hand credit.
 */
export const ADMIN_DEPOSIT_VIEWS = [
  'all',
  'open',
  'late',
  'short',
  'over',
  'expired',
  'misdirected',
] as const;
export type AdminDepositView = (typeof ADMIN_DEPOSIT_VIEWS)[number];
export const ADMIN_DEPOSIT_VIEW_LABELS: Record<AdminDepositView, string> = {
  all: 'All',
  open: 'Open',
  late: 'Late',
  short: 'Short',
  over: 'Over',
  expired: 'Expired',
  misdirected: 'Wrong network',
};

export const adminDepositsQuerySchema = z.object({
  view: z
    .enum(ADMIN_DEPOSIT_VIEWS, { message: `view must be one of ${ADMIN_DEPOSIT_VIEWS.join(', ')}` })
    .default('all'),
  network: networkSchema.optional(),
  /** An address, a transaction hash, a deposit id, or words of the owner's e-mail or name. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type AdminDepositsQuery = z.input<typeof adminDepositsQuerySchema>;

/**
 * A chain transfer as stored. SEEN and CONFIRMING wait for confirmations; CREDITED reached the
 * wallet; HELD is a confirmed payment on the wrong network that waits for an admin; DROPPED was
 * replaced on the chain, FAILED reverted or vanished, DUST was below one micro-USDT.
 */
export const TRANSFER_STATES = [
  'SEEN',
  'CONFIRMING',
  'CREDITED',
  'HELD',
  'DROPPED',
  'FAILED',
  'DUST',
] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  SEEN: 'Seen',
  CONFIRMING: 'Confirming',
  CREDITED: 'Credited',
  HELD: 'Held for staff',
  DROPPED: 'Replaced on chain',
  FAILED: 'Failed',
  DUST: 'Dust',
};

export const depositOwnerSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

export const adminDepositSchema = z.object({
  id: z.uuid(),
  user: depositOwnerSchema,
  network: z.enum(NETWORKS),
  address: z.string(),
  /** As stored: WAITING | CONFIRMING | CONFIRMED | EXPIRED | FAILED (or a state added later). */
  status: z.string(),
  requestedAmount: amountSchema,
  /** What reached the address on its own network and was not replaced or reverted. */
  receivedAmount: amountSchema,
  /** What of it reached the owner's wallet (before the network fee). */
  creditedAmount: amountSchema,
  transferCount: z.number().int(),
  /** The most confirmations any live transfer to it has, of `requiredConfirmations`. */
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  late: z.boolean(),
  short: z.boolean(),
  over: z.boolean(),
  /** A payment on the other EVM network reached its address and is not credited yet. */
  misdirected: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositsPageSchema = pageEnvelope(adminDepositSchema);

export const adminDepositTransferSchema = z.object({
  id: z.uuid(),
  /** The network it was paid on: for a misdirected payment, not the deposit's. */
  network: z.enum(NETWORKS),
  txHash: z.string(),
  logIndex: z.number().int(),
  /** A block height as a decimal string (heights outgrow a JavaScript number on no chain yet). */
  blockNumber: z.string().nullable(),
  fromAddress: z.string(),
  amount: amountSchema,
  /** One of TRANSFER_STATES (or a state added later). */
  status: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** Paid after the deposit's address expired. */
  late: z.boolean(),
  /** Paid on another network than the deposit's (the same address on the other EVM chain). */
  wrongNetwork: z.boolean(),
  seenAt: z.string(),
  /** The ledger transaction that credited it, once credited. */
  ledgerTransactionId: z.uuid().nullable(),
  /** Where the block explorer of its network shows it; null when none is set for the network. */
  explorerUrl: z.string().nullable(),
  /** An admin may credit it by hand now (a HELD transfer). */
  creditable: z.boolean(),
});
export type AdminDepositTransfer = z.infer<typeof adminDepositTransferSchema>;

export const adminDepositDetailSchema = adminDepositSchema.extend({
  derivationIndex: z.number().int(),
  /** Payments to the address are still watched for until then. */
  watchUntil: z.string(),
  /** Handed the same address as another deposit before ERC20 and BEP20 shared one index space. */
  addressCollision: z.boolean(),
  /** The address on the block explorer of the deposit's network; null when none is set. */
  addressExplorerUrl: z.string().nullable(),
  transfers: z.array(adminDepositTransferSchema),
});
export type AdminDepositDetail = z.infer<typeof adminDepositDetailSchema>;

export const creditTransferRequestSchema = z.object({ reason: staffReasonSchema });
export type CreditTransferRequest = z.input<typeof creditTransferRequestSchema>;
