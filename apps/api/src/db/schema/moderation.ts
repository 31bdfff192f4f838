import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userPenalties } from './admin';
import { users } from './auth';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Moderation flags (issue 17 point 10): something a person did that a moderator should look at.
 * `source` is where it came from, in the spec's words: the conversation between a vendor and a
 * user (the contact detector, or a vendor reporting a renter), support's own report about a user,
 * or an admin's action. `raised_by` is the person who raised it, null for the detector. A flag
 * moves pending → reviewing (claimed by one moderator) → resolved (with or without a penalty) or
 * dismissed.
 */
export const moderationFlags = pgTable(
  'moderation_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the flag is about. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** vendor_user | support_user | admin_action */
    source: text('source').notNull(),
    /** solicitation | privacy_breach | suspicious_pattern */
    reason: text('reason').notNull(),
    /** pending | reviewing | resolved | dismissed */
    status: text('status').notNull().default('pending'),
    raisedBy: uuid('raised_by').references(() => users.id),
    /** The held message, or the report's words. */
    message: text('message').notNull(),
    /** The contact kinds the detector found (phone, email, social_media). */
    kinds: text('kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where it was said: the dispute's support ticket, the rental. */
    ticketId: uuid('ticket_id'),
    rentalId: uuid('rental_id'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decisionNote: text('decision_note'),
    /** The penalty the decision gave, after escalation. */
    penaltyId: uuid('penalty_id').references(() => userPenalties.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    index('moderation_flags_queue_idx').on(t.status, t.createdAt),
    index('moderation_flags_user_idx').on(t.userId, t.createdAt.desc()),
    check(
      'moderation_flags_source_check',
      sql`${t.source} in ('vendor_user', 'support_user', 'admin_action')`,
    ),
    check(
      'moderation_flags_reason_check',
      sql`${t.reason} in ('solicitation', 'privacy_breach', 'suspicious_pattern')`,
    ),
    check(
      'moderation_flags_status_check',
      sql`${t.status} in ('pending', 'reviewing', 'resolved', 'dismissed')`,
    ),
  ],
);
