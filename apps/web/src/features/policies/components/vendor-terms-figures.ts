import { VENDOR_CLEARING_DAYS } from '@crimsonhost/shared/vendors';

/**
 * The figures the vendor terms promise, in one place. The clearing period comes from the contract
 * (it is the dispute window of the buyer protection policy); the payout limits are those of issue
 * 16 point 8, which the payouts API enforces.
 */
export const VENDOR_TERMS_FIGURES = {
  clearingDays: VENDOR_CLEARING_DAYS,
  minimumPayoutUsdt: 10,
  payoutRequestsPerDay: 1,
  addressChangeLockHours: 48,
  /** The buyer protection policy's time for a vendor to answer a dispute. */
  disputeAnswerHours: 48,
} as const;
