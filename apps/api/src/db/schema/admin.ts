import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The staff area's second factor (RFC 6238 TOTP): one per staff account. The secret is encrypted
 * at rest under a key derived from the server's secret; `enrolled_at` is set once the first code
 * proved the app holds it. `last_step` is the newest 30-second step a code was accepted for: a code
 * is taken once, so one seen over a shoulder or a replayed request does not sign in again.
 */
export const staffFactors = pgTable('staff_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use backup codes per staff account, stored hashed, made at enrolment. */
export const staffBackupCodes = pgTable(
  'staff_backup_codes',
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
    uniqueIndex('staff_backup_codes_hash_key').on(t.codeHash),
    index('staff_backup_codes_user_idx').on(t.userId),
  ],
);

/**
 * A staff sign-in: a sign-in (refresh-token family) that gave a second-factor code for the staff
 * area. It lives while staff calls keep coming (`last_seen_at` within the idle timeout) and until
 * `expires_at` at most; then the staff area asks for a code again.
 */
export const staffGrants = pgTable(
  'staff_grants',
  {
    sessionId: uuid('session_id').notNull(),
    clientKind: text('client_kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.clientKind] }),
    index('staff_grants_user_idx').on(t.userId),
  ],
);

/** Every successful sign-in: to the storefront (WEB) and to the staff area (SUPPORT, ADMIN). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientKind: text('client_kind').notNull(),
    /** password | discord | recovery | register | staff_code | staff_backup_code */
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.createdAt.desc())],
);

/** Penalties given to accounts (the spec's warning, suspension_24h, suspension_7d, permanent_ban). */
export const userPenalties = pgTable(
  'user_penalties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    penalty: text('penalty').notNull(),
    reason: text('reason').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    createdAt: createdAt(),
    /**
     * The penalised person's one appeal (issue 17 point 10), made within PENALTY_APPEAL_DAYS from
     * the link in the mail that told them (only the SHA-256 of its token is kept): their words,
     * when, and support's answer (upheld or overturned, which lifts it).
     */
    appealTokenHash: text('appeal_token_hash'),
    appealMessage: text('appeal_message'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealOutcome: text('appeal_outcome'),
    appealDecidedBy: uuid('appeal_decided_by').references(() => users.id, { onDelete: 'set null' }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
  },
  (t) => [
    index('user_penalties_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('user_penalties_appeal_token_key').on(t.appealTokenHash),
    index('user_penalties_appeals_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealedAt} is not null and ${t.appealOutcome} is null`),
  ],
);

/**
 * The audit log: every staff action and security event, append-only. A trigger refuses UPDATE,
 * DELETE and TRUNCATE for every role (migration 0019), so not even the app's own database role
 * can rewrite what happened. Actors and targets are plain ids, not foreign keys: a record outlives
 * the account it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    clientKind: text('client_kind'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_order_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetId),
    index('audit_log_actor_idx').on(t.actorId),
    index('audit_log_label_idx').on(sql`lower(${t.targetLabel})`),
  ],
);
