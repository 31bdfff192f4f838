import { z } from 'zod';
import { staffReasonSchema } from './admin';
import { GAMES, NETWORKS, type Network } from './constants';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { textFieldSchema } from './text';
import { DISPUTE_WINDOW_DAYS } from './disputes';

/**
 * Becoming a vendor (issue 16 points 1 and 2, decision 037): a signed-in user applies from
 * /vendor/apply; an admin approves or rejects the application in the staff area's Vendors
 * section; a vendor's status changes with a reason each time.
 */

/** The version of the vendor terms an applicant accepts; raised when the terms change. */
export const VENDOR_TERMS_VERSION = '2026-11-25';

/** After the dispute window of the buyer protection policy, a rental's earnings become available. */
export const VENDOR_CLEARING_DAYS = DISPUTE_WINDOW_DAYS;

export const VENDOR_STATUSES = ['PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];
export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  CLOSED: 'Closed',
};

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  PENDING: 'Waiting for review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** A region code as the catalog names them (e.g. fra). */
const regionCodeSchema = z
  .string()
  .regex(/^[a-z0-9-]{2,16}$/, { message: 'Choose regions from the list' });

/**
 * Payout addresses by network, at least one. The web app checks the shape; the API also checks
 * the base58check sum of a Tron address and the EIP-55 checksum of an EVM address.
 */
export const TRON_ADDRESS_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
export const EVM_ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/;

export function payoutAddressShapeProblem(network: Network, address: string): string | null {
  if (network === 'TRC20') {
    return TRON_ADDRESS_SHAPE.test(address)
      ? null
      : 'A Tron address starts with T and has 34 letters and digits';
  }
  return EVM_ADDRESS_SHAPE.test(address)
    ? null
    : `An ${network === 'ERC20' ? 'Ethereum' : 'BNB Smart Chain'} address starts with 0x and has 40 hexadecimal digits`;
}

const payoutAddressesSchema = z
  .object({
    TRC20: z.string().trim().optional(),
    ERC20: z.string().trim().optional(),
    BEP20: z.string().trim().optional(),
  })
  .transform((value) => {
    const out: Partial<Record<Network, string>> = {};
    for (const network of NETWORKS) {
      const address = value[network];
      if (address) out[network] = address;
    }
    return out;
  })
  .superRefine((value, ctx) => {
    const entries = Object.entries(value) as Array<[Network, string]>;
    if (entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Give a payout address for at least one network' });
    }
    for (const [network, address] of entries) {
      const problem = payoutAddressShapeProblem(network, address);
      if (problem) ctx.addIssue({ code: 'custom', path: [network], message: problem });
    }
  });

export const vendorApplicationRequestSchema = z.object({
  displayName: textFieldSchema({ label: 'Business or display name', min: 2, max: 60 }),
  contactEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Enter a contact e-mail address such as name@example.com' }))
    .pipe(z.string().max(254, 'The contact e-mail is too long')),
  games: z
    .array(z.enum(GAMES, { message: 'Choose games from the list' }))
    .min(1, 'Choose at least one game you host')
    .max(GAMES.length)
    .transform((games) => [...new Set(games)]),
  regions: z
    .array(regionCodeSchema)
    .min(1, 'Choose at least one region you host in')
    .max(20)
    .transform((regions) => [...new Set(regions)]),
  payoutAddresses: payoutAddressesSchema,
  acceptTerms: z.literal(true, { message: 'Accept the vendor terms to apply' }),
});
export type VendorApplicationRequest = z.input<typeof vendorApplicationRequestSchema>;

export const payoutAddressSchema = z.object({
  network: z.enum(NETWORKS),
  address: z.string(),
  updatedAt: z.iso.datetime(),
});
export type PayoutAddress = z.infer<typeof payoutAddressSchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

export const vendorApplicationSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPLICATION_STATUSES),
  displayName: z.string(),
  contactEmail: z.string(),
  games: z.array(z.enum(GAMES)),
  regions: z.array(z.string()),
  payoutAddresses: z.array(z.object({ network: z.enum(NETWORKS), address: z.string() })),
  termsVersion: z.string(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The reason an admin gave with the decision (always for a rejection). */
  decisionReason: z.string().nullable(),
});
export type VendorApplication = z.infer<typeof vendorApplicationSchema>;

export const vendorStatusChangeSchema = z.object({
  from: z.enum(VENDOR_STATUSES).nullable(),
  to: z.enum(VENDOR_STATUSES),
  reason: z.string(),
  at: z.iso.datetime(),
  /** Who made the change; null for the applicant's own application. */
  by: personSchema.nullable(),
});
export type VendorStatusChange = z.infer<typeof vendorStatusChangeSchema>;

/**
 * `GET /api/vendor/application`: where the signed-in user stands. `vendor` is null until they
 * first apply; `application` is their latest one. `canApply` says whether the form is open
 * (never applied, or the last application was rejected or the vendor account was closed).
 */
export const myVendorStandingSchema = z.object({
  vendor: z
    .object({
      status: z.enum(VENDOR_STATUSES),
      statusReason: z.string().nullable(),
      displayName: z.string(),
      payoutAddresses: z.array(payoutAddressSchema),
    })
    .nullable(),
  application: vendorApplicationSchema.nullable(),
  canApply: z.boolean(),
});
export type MyVendorStanding = z.infer<typeof myVendorStandingSchema>;

// ---------------------------------------------------------------------------------------------
// The staff area's Vendors section.

export const ADMIN_VENDOR_VIEWS = ['applications', 'all', ...VENDOR_STATUSES] as const;
export type AdminVendorView = (typeof ADMIN_VENDOR_VIEWS)[number];
export const ADMIN_VENDOR_VIEW_LABELS: Record<AdminVendorView, string> = {
  applications: 'Applications',
  all: 'All vendors',
  PENDING: 'Pending',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  CLOSED: 'Closed',
};

export const adminVendorsQuerySchema = z.object({
  /** applications: pending applications, oldest first; otherwise vendors by status, newest first. */
  view: z
    .enum(ADMIN_VENDOR_VIEWS, { message: `view must be one of ${ADMIN_VENDOR_VIEWS.join(', ')}` })
    .default('applications'),
  /** Words of the vendor's name, contact e-mail or account e-mail, or an id. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type AdminVendorsQuery = z.input<typeof adminVendorsQuerySchema>;

export const adminVendorSchema = z.object({
  /** The vendor's user id. */
  id: z.uuid(),
  displayName: z.string(),
  contactEmail: z.string(),
  account: z.object({ email: z.string(), name: z.string(), role: z.string() }),
  status: z.enum(VENDOR_STATUSES),
  statusReason: z.string().nullable(),
  games: z.array(z.enum(GAMES)),
  regions: z.array(z.string()),
  listings: z.number().int(),
  /** The id of the application waiting for a decision, if any. */
  pendingApplicationId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;
export const adminVendorsPageSchema = pageEnvelope(adminVendorSchema);

/** Vendor money by state, from the ledger (decision 037); decimal strings of USDT. */
export const vendorBalancesSchema = z.object({
  escrow: z.string(),
  pending: z.string(),
  available: z.string(),
  payoutPending: z.string(),
  paidOut: z.string(),
});
export type VendorBalances = z.infer<typeof vendorBalancesSchema>;

export const adminVendorDetailSchema = z.object({
  vendor: adminVendorSchema,
  applications: z.array(vendorApplicationSchema),
  history: z.array(vendorStatusChangeSchema),
  payoutAddresses: z.array(payoutAddressSchema),
  balances: vendorBalancesSchema,
});
export type AdminVendorDetail = z.infer<typeof adminVendorDetailSchema>;

export const decideApplicationRequestSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    reason: textFieldSchema({ label: 'Note', min: 0, max: 500 }).optional(),
  }),
  z.object({ decision: z.literal('reject'), reason: staffReasonSchema }),
]);
export type DecideApplicationRequest = z.input<typeof decideApplicationRequestSchema>;

/** The statuses an admin can set by hand; PENDING comes only from an application. */
export const SETTABLE_VENDOR_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const vendorStatusRequestSchema = z.object({
  status: z.enum(SETTABLE_VENDOR_STATUSES, {
    message: 'status must be ACTIVE, SUSPENDED or CLOSED',
  }),
  reason: staffReasonSchema,
});
export type VendorStatusRequest = z.input<typeof vendorStatusRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The vendor area: earnings (issue 16 point 7, decision 037).

/** The state a movement of a vendor's money touched: one of its ledger accounts. */
export const MONEY_STATES = ['ESCROW', 'PENDING', 'AVAILABLE', 'PAYOUT_PENDING'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];
export const MONEY_STATE_LABELS: Record<MoneyState, string> = {
  ESCROW: 'In escrow',
  PENDING: 'Pending',
  AVAILABLE: 'Available',
  PAYOUT_PENDING: 'Payout pending',
};

/** An ended rental whose share is pending, and the day it becomes available. */
export const pendingEarningSchema = z.object({
  rentalId: z.uuid(),
  serverName: z.string(),
  endedAt: z.iso.datetime(),
  /** VENDOR_CLEARING_DAYS after the end: when the share moves to available. */
  clearsAt: z.iso.datetime(),
  /** The vendor's share, after the commission. */
  amount: z.string(),
  commission: z.string(),
});
export type PendingEarning = z.infer<typeof pendingEarningSchema>;

/** `GET /api/vendor/earnings`: the balances by state and what is pending until when. */
export const vendorEarningsSchema = z.object({
  balances: vendorBalancesSchema,
  /** The pending shares, the soonest to clear first. */
  pending: z.array(pendingEarningSchema),
  /** The commission the platform keeps, in basis points (1000 = 10%), for new rentals. */
  commissionBp: z.number().int(),
});
export type VendorEarnings = z.infer<typeof vendorEarningsSchema>;

/**
 * One movement of the vendor's money: a ledger entry on one of its accounts. A rental's payment
 * enters escrow; its end takes escrow out and puts the share (less `commission`) in pending; the
 * clearing moves pending to available; a payout moves available to payout pending, then out.
 */
export const vendorMovementSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  state: z.enum(MONEY_STATES),
  /** The ledger transaction's kind, e.g. RENTAL_PAYMENT, RENTAL_RELEASE, VENDOR_CLEARED. */
  kind: z.string(),
  /** What happened, in words. */
  description: z.string(),
  /** Signed: positive enters the state, negative leaves it. */
  amount: z.string(),
  /** The commission kept at a rental's end (release entries into pending); otherwise null. */
  commission: z.string().nullable(),
  rental: z.object({ id: z.uuid(), serverName: z.string() }).nullable(),
});
export type VendorMovement = z.infer<typeof vendorMovementSchema>;

export const vendorMovementsQuerySchema = z.object({
  state: z
    .enum(MONEY_STATES, { message: `state must be one of ${MONEY_STATES.join(', ')}` })
    .optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type VendorMovementsQuery = z.input<typeof vendorMovementsQuerySchema>;
export const vendorMovementsPageSchema = pageEnvelope(vendorMovementSchema);
