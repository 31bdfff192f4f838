import { z } from 'zod';

/** Error codes the API answers in its envelope. One list, shared by server and web. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'CSRF_FAILED',
  // accounts
  'LOGIN_FAILED',
  'ACCOUNT_SUSPENDED',
  'ACCOUNT_BANNED',
  'REFRESH_FAILED',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'WRONG_PASSWORD',
  'RESET_LINK_INVALID',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_VERIFIED',
  'VERIFY_LINK_INVALID',
  'RECOVERY_FAILED',
  'OAUTH_STATE_INVALID',
  'OAUTH_BROWSER_MISMATCH',
  'DISCORD_UNAVAILABLE',
  'DISCORD_FAILED',
  'DISCORD_BUSY',
  'DISCORD_EMAIL_MISSING',
  'DISCORD_EMAIL_UNVERIFIED',
  'LINK_REQUIRED',
  'LINK_INVALID',
  // the staff area's sign-in
  'STAFF_CLIENT_REQUIRED',
  'STAFF_FACTOR_REQUIRED',
  'STAFF_FACTOR_ENROLLED',
  'STAFF_SIGN_IN_REQUIRED',
  'STAFF_CODE_INVALID',
  // the staff area's actions on accounts
  'OWN_ACCOUNT',
  'NOT_SUSPENDED',
  // money
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INSUFFICIENT_FUNDS',
  'NETWORK_UNAVAILABLE',
  'DEPOSIT_NOT_CANCELLABLE',
  // rentals and panels
  'SERVER_NOT_AVAILABLE',
  'RENTAL_NOT_ACTIVE',
  'NOT_RENTABLE_BY_HOUR',
  'OWN_SERVER',
  'TOO_LONG',
  'PANEL_NOT_LINKED',
  'PANEL_UNREACHABLE',
  'PANEL_TIMEOUT',
  'PANEL_BUSY',
  'PANEL_ERROR',
  // vendors
  'APPLICATION_PENDING',
  'ALREADY_VENDOR',
  'CANNOT_APPLY',
  'NO_PENDING_APPLICATION',
  'VENDOR_STATUS_UNCHANGED',
  'VENDOR_NOT_ACTIVE',
  'LISTING_RENTED',
  'IMAGE_REFUSED',
  'PANEL_ADDRESS_REFUSED',
  // buyer protection: disputes, renter–vendor messages, moderation
  'DISPUTE_OPEN',
  'DISPUTE_WINDOW_CLOSED',
  'DISPUTE_CLOSED',
  'REFUND_TOO_LARGE',
  'COMPENSATION_TOO_LARGE',
  'MESSAGE_HELD',
  'THREAD_CLOSED',
  'FLAG_TAKEN',
  'FLAG_DECIDED',
  'PENALTY_LIFTED',
  'APPEAL_MADE',
  'APPEAL_WINDOW_CLOSED',
  'APPEAL_DECIDED',
  // account settings
  'ACCOUNT_NOT_DELETABLE',
  'NOT_LINKED',
  'PASSWORD_NEEDED',
  'ALREADY_LINKED',
  'DISCORD_IN_USE',
  // benefits tiers: the price rose between showing it and confirming
  'PRICE_CHANGED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** `{ error: { code, message, details? } }`: the body of every error answer. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
