import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** admin | user | vendor | support */
    role: text('role').notNull().default('user'),
    /** local | discord: how the account was made. */
    authProvider: text('auth_provider').notNull().default('local'),
    /** argon2id; null for an account that has only ever signed in through Discord. */
    passwordHash: text('password_hash'),
    discordId: text('discord_id'),
    /** active | suspended | banned */
    status: text('status').notNull().default('active'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    statusReason: text('status_reason'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the owner of the mailbox proved it (a mailed link, a password reset, Discord's verified
     * e-mail). Until then several registrations may name one address; see decision 015.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the owner deleted the account (issue 18 point 6): its name, e-mail and ways to sign in
     * were removed then; the row stays so the ledger's entries keep their owner.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_verified_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_discord_id_key').on(t.discordId),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh rotates the
 * token within the family. Presenting a token that was already rotated revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use password reset links, stored hashed. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash)],
);

/** Single-use e-mail verification links, stored hashed. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes, stored hashed; ten at a time per user. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recovery_codes_hash_key').on(t.codeHash),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * OAuth sign-ins in flight: the PKCE verifier kept server-side under its state, and the digest of
 * the value the starting browser keeps in a cookie. A row is consumed by the callback from that
 * browser, so a state works once and only there.
 */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  browserHash: text('browser_hash').notNull(),
  /**
   * Set when a signed-in account started the flow from /settings to link Discord to itself: the
   * callback links rather than signs in (issue 18 point 6).
   */
  linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A Discord identity waiting to be linked to an existing local account with the same e-mail: it is
 * linked only after that account's password is proven.
 */
export const pendingLinks = pgTable(
  'pending_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pending_links_hash_key').on(t.tokenHash)],
);

/** Fixed-window request counters shared by every API instance (rate limits). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failures counted per subject (an address and e-mail pair, an e-mail, an account's password
 * checks): past the free ones each failure blocks the subject for twice as long as the last, up to
 * a cap. Forgotten a day after the last failure, or at a success.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttles_expires_idx').on(t.expiresAt)],
);
