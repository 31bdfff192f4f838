import { z } from 'zod';
import { roleSchema, userStatusSchema } from './auth';
import { CLIENT_KINDS } from './constants';
import {
  dateTimeInputSchema,
  historyCursorSchema,
  historyPageEnvelope,
  pageEnvelope,
  pageNumberSchema,
  pageSizeSchema,
} from './envelope';
import { rentalSchema } from './rentals';
import { ticketSummarySchema } from './support';
import { textFieldSchema } from './text';
import { transactionSchema, walletSchema } from './wallet';

/** The staff area's administration (issue 15): users, penalties and the audit log. */

/** The spec's moderation penalties. A warning is recorded and mailed; the others refuse sign-in. */
export const PENALTIES = ['warning', 'suspension_24h', 'suspension_7d', 'permanent_ban'] as const;
export type Penalty = (typeof PENALTIES)[number];
export const penaltySchema = z.enum(PENALTIES, {
  message: `penalty must be one of ${PENALTIES.join(', ')}`,
});
export const PENALTY_LABELS: Record<Penalty, string> = {
  warning: 'Warning',
  suspension_24h: 'Suspension for 24 hours',
  suspension_7d: 'Suspension for 7 days',
  permanent_ban: 'Permanent ban',
};
/** How long each penalty keeps the account out; null: not at all (warning) or for good (ban). */
export const PENALTY_HOURS: Record<Penalty, number | null> = {
  warning: null,
  suspension_24h: 24,
  suspension_7d: 7 * 24,
  permanent_ban: null,
};

/** Why a staff member did something to an account: said to the user where it concerns them. */
export const staffReasonSchema = textFieldSchema({ label: 'Reason', min: 5, max: 500 });

export const clientKindSchema = z.enum(CLIENT_KINDS);

// --- Users -------------------------------------------------------------------------------------

export const adminUsersQuerySchema = z.object({
  /** Part of an e-mail or a display name, or a whole account id. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  /** The end of a suspension; null for an active or banned account. */
  suspendedUntil: z.string().nullable(),
  statusReason: z.string().nullable(),
  authProvider: z.enum(['local', 'discord']),
  emailVerified: z.boolean(),
  /** Whether sign-in is held back by failed password attempts right now. */
  signInLocked: z.boolean(),
  /** Staff only: whether the second factor of the staff area is set up. */
  staffFactorEnrolled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = pageEnvelope(adminUserSchema);

export const userPenaltySchema = z.object({
  id: z.uuid(),
  penalty: penaltySchema,
  reason: z.string(),
  /** When a suspension ends; null for a warning or a ban. */
  endsAt: z.string().nullable(),
  issuedAt: z.string(),
  issuedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  liftedAt: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type UserPenalty = z.infer<typeof userPenaltySchema>;

export const signInRecordSchema = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  clientKind: clientKindSchema,
  /** password, discord, recovery (a recovery code), staff (the staff area's second factor). */
  method: z.string(),
});
export type SignInRecord = z.infer<typeof signInRecordSchema>;

export const activeSessionSchema = z.object({
  id: z.uuid(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  penalties: z.array(userPenaltySchema),
  signIns: z.array(signInRecordSchema),
  sessions: z.array(activeSessionSchema),
  wallet: walletSchema,
  rentals: z.array(rentalSchema),
  transactions: z.array(transactionSchema),
  tickets: z.array(ticketSummarySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const changeRoleRequestSchema = z.object({ role: roleSchema, reason: staffReasonSchema });
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;

export const penaliseRequestSchema = z.object({
  penalty: penaltySchema,
  reason: staffReasonSchema,
});
export type PenaliseRequest = z.input<typeof penaliseRequestSchema>;

export const liftSuspensionRequestSchema = z.object({ reason: staffReasonSchema });
export type LiftSuspensionRequest = z.input<typeof liftSuspensionRequestSchema>;

// --- Audit log ---------------------------------------------------------------------------------

/** Every kind of record in the audit log: staff actions and security events. */
export const AUDIT_ACTIONS = [
  'staff.sign_in',
  'staff.sign_in_failed',
  'staff.factor_enrolled',
  'staff.backup_code_used',
  'staff.factor_reset',
  'user.role_changed',
  'user.penalised',
  'user.suspension_lifted',
  'user.sign_in_unlocked',
  'user.signed_out_everywhere',
  'user.password_reset_sent',
  'user.account_deleted',
  'user.discord_unlinked',
  'user.discord_linked',
  'settings.changed',
  'deposit.credited_by_hand',
  'paypal.refunded',
  'vendor.application_approved',
  'vendor.application_rejected',
  'vendor.status_changed',
  'payout.requested',
  'payout.cancelled',
  'payout.rejected',
  'payout.hash_entered',
  'payout.paid',
  'payout.hash_dropped',
  'payout.addresses_changed',
  'clock.moved',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS, { message: 'action is not one we record' });

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'staff.sign_in': 'Staff sign-in',
  'staff.sign_in_failed': 'Failed staff sign-in',
  'staff.factor_enrolled': 'Two-factor set up',
  'staff.backup_code_used': 'Backup code used',
  'staff.factor_reset': 'Two-step reset',
  'user.role_changed': 'Role changed',
  'user.penalised': 'Penalty given',
  'user.suspension_lifted': 'Suspension lifted',
  'user.sign_in_unlocked': 'Sign-in unlocked',
  'user.signed_out_everywhere': 'Signed out everywhere',
  'user.password_reset_sent': 'Password reset sent',
  'user.account_deleted': 'Account deleted by its owner',
  'user.discord_unlinked': 'Discord unlinked by its owner',
  'user.discord_linked': 'Discord linked by its owner',
  'settings.changed': 'Settings changed',
  'deposit.credited_by_hand': 'Credited by hand',
  'paypal.refunded': 'PayPal payment refunded',
  'vendor.application_approved': 'Vendor approved',
  'vendor.application_rejected': 'Vendor application rejected',
  'vendor.status_changed': 'Vendor status changed',
  'payout.requested': 'Payout requested',
  'payout.cancelled': 'Payout cancelled',
  'payout.rejected': 'Payout rejected',
  'payout.hash_entered': 'Payout hash entered',
  'payout.paid': 'Payout paid',
  'payout.hash_dropped': 'Payout hash no longer on chain',
  'payout.addresses_changed': 'Payout addresses changed',
  'clock.moved': 'Test clock moved',
};

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  /** Who did it; null when nobody was signed in (a failed sign-in names its target). */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  clientKind: clientKindSchema.nullable(),
  ip: z.string().nullable(),
  action: auditActionSchema,
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** A short line for the record's target, as it was then (an e-mail, a setting's name). */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: auditActionSchema.optional(),
  /** Who did it: an account id. */
  actorId: z.uuid({ message: 'actorId must be an account id' }).optional(),
  /** What it was done to: an id, or words of its label (an e-mail). */
  target: z.string().trim().max(200, 'target must be at most 200 characters').optional(),
  from: dateTimeInputSchema('from').optional(),
  to: dateTimeInputSchema('to').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
  after: historyCursorSchema.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = historyPageEnvelope(auditEntrySchema);
