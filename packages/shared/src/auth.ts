import { z } from 'zod';
import { ROLES } from './constants';
import { textFieldSchema } from './text';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const RECOVERY_CODE_COUNT = 10;
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

export const passwordPolicyText = `Use at least ${PASSWORD_MIN_LENGTH} characters. Common passwords such as 'password123' are refused.`;

export const emailSchema = z
  .string({ message: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const newPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const displayNameSchema = textFieldSchema({ label: 'Display name', min: 2, max: 40 });

export const roleSchema = z.enum(ROLES);
export const authProviderSchema = z.enum(['local', 'discord']);
export const userStatusSchema = z.enum(['active', 'suspended', 'banned']);

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  authProvider: authProviderSchema,
  hasPassword: z.boolean(),
  discordLinked: z.boolean(),
  /** The owner proved the mailbox; until then no deposits and no Discord link. */
  emailVerified: z.boolean(),
  status: userStatusSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const sessionSchema = z.object({ user: userSchema, tokens: tokensSchema });
export type Session = z.infer<typeof sessionSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  displayName: displayNameSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Registration answers the session and the ten recovery codes, shown once. */
export const registerResponseSchema = sessionSchema.extend({
  recoveryCodes: z.array(z.string()),
});

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({
  refresh_token: z.string({ message: 'refresh_token is required' }).min(1).max(200),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ message: 'The reset link is incomplete' })
    .min(10, 'The reset link is incomplete')
    .max(200),
  password: newPasswordSchema,
});

/** A password reset proves the mailbox and replaces the recovery codes: the new ten, shown once. */
export const resetPasswordResponseSchema = z.object({
  ok: z.literal(true),
  recoveryCodes: z.array(z.string()),
});

export const verifyEmailRequestSchema = z.object({
  token: z
    .string({ message: 'The verification link is incomplete' })
    .min(10, 'The verification link is incomplete')
    .max(200),
});

export const recoveryCodeSchema = z
  .string({ message: 'Recovery code is required' })
  .trim()
  .min(12, 'Enter the whole recovery code, e.g. K7QP-M2XD-9RTF')
  .max(20, 'Enter the recovery code as shown, e.g. K7QP-M2XD-9RTF');

/** Sign in with a one-time recovery code and set a new password in the same step. */
export const recoveryLoginRequestSchema = z.object({
  email: emailSchema,
  code: recoveryCodeSchema,
  password: newPasswordSchema,
});

/** A recovery-code sign-in replaces every code: the new ten come with the session, shown once. */
export const recoveryLoginResponseSchema = sessionSchema.extend({
  recoveryCodes: z.array(z.string()),
  recoveryCodesLeft: z.number().int(),
});

export const changePasswordRequestSchema = z.object({
  /** Required when the account has a password; a Discord-only account sets its first one. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  password: newPasswordSchema,
});

export const updateProfileRequestSchema = z.object({ displayName: displayNameSchema });

export const regenerateRecoveryCodesRequestSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const profileSchema = z.object({
  user: userSchema,
  recoveryCodesLeft: z.number().int(),
});

export const discordCallbackRequestSchema = z.object({
  code: z.string({ message: 'code is required' }).min(1, 'code is required').max(500),
  state: z.string({ message: 'state is required' }).min(1, 'state is required').max(200),
});

/** Finishing a Discord sign-in for an existing account: the password proves it is the owner. */
export const discordLinkRequestSchema = z.object({
  linkToken: z.string().min(10).max(200),
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});

/** A sign-in answer that may also carry recovery codes for a new account (Discord sign-up). */
export const oauthSessionSchema = sessionSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});

/** A Discord callback of a link started from /settings: linked, nobody signed in or out. */
export const discordLinkedSchema = z.object({
  linked: z.object({ provider: z.literal('discord'), username: z.string() }),
});
export type DiscordLinked = z.infer<typeof discordLinkedSchema>;

/** POST /api/auth/discord/link-start: where to send the browser to link Discord. */
export const discordLinkStartSchema = z.object({ url: z.string() });

export const csrfTokenSchema = z.object({ csrfToken: z.string() });

/** POST /api/auth/client-token: an access token for the staff area, of the caller's session. */
export const clientTokenRequestSchema = z.object({
  client: z.enum(['ADMIN', 'SUPPORT'], { message: 'client must be ADMIN or SUPPORT' }),
  /**
   * The staff sign-in's second factor: six digits from the authenticator app, or one of the
   * backup codes. Needed when no staff sign-in of this session is alive (403
   * STAFF_SIGN_IN_REQUIRED); within one, a new token is issued without it.
   */
  code: z.string().trim().max(20, 'code must be at most 20 characters').optional(),
});
export const clientTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  client: z.enum(['ADMIN', 'SUPPORT']),
});
export type ClientToken = z.infer<typeof clientTokenSchema>;

/** Minutes without a staff-area call after which the staff sign-in asks for a code again. */
export const STAFF_IDLE_TIMEOUT_MINUTES = 15;
/** The most a staff sign-in lasts, however active. */
export const STAFF_SESSION_MAX_HOURS = 12;
export const STAFF_BACKUP_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** GET /api/auth/staff/factor: where the staff account stands with its second factor. */
export const staffFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  backupCodesLeft: z.number().int(),
  /** Whether a staff sign-in of this session is alive (no code needed for a new token). */
  signedIn: z.boolean(),
  idleTimeoutMinutes: z.number().int(),
});
export type StaffFactorStatus = z.infer<typeof staffFactorStatusSchema>;

/** POST /api/auth/staff/factor/enrol: a new secret to add to an authenticator app. */
export const staffEnrolmentSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUri: z.string(),
});
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;

export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const staffEnrolConfirmRequestSchema = z.object({
  client: clientTokenRequestSchema.shape.client,
  code: totpCodeSchema,
});

/** The answer of a confirmed enrolment: the backup codes (shown once) and the first staff token. */
export const staffEnrolConfirmSchema = z.object({
  backupCodes: z.array(z.string()),
  token: clientTokenSchema,
});
export type StaffEnrolConfirm = z.infer<typeof staffEnrolConfirmSchema>;
