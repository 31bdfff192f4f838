import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { rentals } from './rentals';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const seq = (name: string) => bigint(name, { mode: 'number' });

/**
 * One message between the renter and the vendor of a rental (issue 17 point 8), delivered only
 * after the contact detector let it through. `seq` orders the thread and is what the read and
 * mailed positions of `rental_threads` count against.
 */
export const rentalMessages = pgTable(
  'rental_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    /** renter | vendor */
    side: text('side').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** The display name as it was when written. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('rental_messages_rental_idx').on(t.rentalId, t.seq),
    check('rental_messages_side_check', sql`${t.side} in ('renter', 'vendor')`),
  ],
);

/**
 * Where each side of a rental's thread stands: the last message it read, and the last one it was
 * mailed about (one mail until it reads, never one per message). Written with the first message.
 */
export const rentalThreads = pgTable('rental_threads', {
  rentalId: uuid('rental_id')
    .primaryKey()
    .references(() => rentals.id, { onDelete: 'cascade' }),
  renterReadSeq: seq('renter_read_seq').notNull().default(0),
  vendorReadSeq: seq('vendor_read_seq').notNull().default(0),
  renterMailedSeq: seq('renter_mailed_seq').notNull().default(0),
  vendorMailedSeq: seq('vendor_mailed_seq').notNull().default(0),
  lastMessageAt: timestamptz('last_message_at').notNull(),
});

/**
 * The mails about rentals a person chose to receive (issue 18 point 6); the support centre's keep
 * their own row (support_settings). No row: everything on.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rentalMessages: boolean('rental_messages').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
