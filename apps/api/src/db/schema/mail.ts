import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mail waiting to go out. A mail is written here in the same transaction as what it tells about
 * (a reset link), so a crash before sending loses nothing: the outbox job sends what is due, on
 * whichever instance holds a row's claim. Once sent, the body is wiped: a reset link is a
 * password, and the database keeps only its digest otherwise.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What the mail is, for logs and support: 'password-reset'. */
    kind: text('kind').notNull(),
    /** PENDING until delivered (SENT), or given up (FAILED: too many attempts or past its use). */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** An instance sending it holds it until then; past it, another instance may try. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** A mail not sent by then is no use (its link has expired) and is not sent at all. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);
