import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { rentalMessages } from './rental-messages';
import { rentals } from './rentals';
import { walletTransactions } from './wallet';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));
const TICKET_STATUSES = [
  'OPEN',
  'IN_PROGRESS',
  'WAITING_CUSTOMER',
  'WAITING_SUPPORT',
  'RESOLVED',
  'CLOSED',
];

/**
 * A support ticket: asked by a signed-in customer, or by a visitor who gave an e-mail (a guest
 * ticket, joined to the account when that address signs in). The service-level clock is kept as
 * the time the next staff answer is due (`sla_due_at`) or, while paused, the seconds that were
 * left (`sla_paused_seconds`).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** #1042: what people say on the phone and in mail subjects. */
    number: serial('number').notNull().unique(),
    requesterId: uuid('requester_id').references(() => users.id),
    guestEmail: text('guest_email'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    /** A PLATINUM renter's dispute (decision 049): the desk's queue shows it first while open. */
    reviewFirst: boolean('review_first').notNull().default(false),
    status: text('status').notNull().default('OPEN'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    rentalId: uuid('rental_id').references(() => rentals.id),
    transactionId: uuid('transaction_id').references(() => walletTransactions.id),
    followsTicketId: uuid('follows_ticket_id').references((): AnyPgColumn => supportTickets.id),
    /** first | next: which answer the clock counts to; null when none is owed. */
    slaKind: text('sla_kind'),
    slaDueAt: timestamptz('sla_due_at'),
    slaPausedSeconds: integer('sla_paused_seconds'),
    firstResponseAt: timestamptz('first_response_at'),
    resolvedAt: timestamptz('resolved_at'),
    /** Staff resolved it (a survey is offered), rather than the customer. */
    resolvedByStaff: boolean('resolved_by_staff').notNull().default(false),
    /** How many times it was resolved: one rating per resolution. */
    resolutions: integer('resolutions').notNull().default(0),
    closeReminderSentAt: timestamptz('close_reminder_sent_at'),
    closedAt: timestamptz('closed_at'),
    /** Closed by the auto-close job rather than a person: no survey. */
    closedAutomatically: boolean('closed_automatically').notNull().default(false),
    customerSeenAt: timestamptz('customer_seen_at'),
    /** The last public message or event the customer would want to see. */
    lastStaffActivityAt: timestamptz('last_staff_activity_at'),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_requester_idx').on(
      t.requesterId,
      t.lastActivityAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('support_tickets_guest_idx')
      .on(sql`lower(${t.guestEmail})`)
      .where(sql`${t.requesterId} is null`),
    // The desk's queue in its default order, so a page is read from the index.
    index('support_tickets_queue_idx')
      .on(
        t.slaDueAt.asc().nullsLast(),
        t.lastActivityAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.status} not in ('RESOLVED', 'CLOSED')`),
    index('support_tickets_resolved_idx')
      .on(t.resolvedAt)
      .where(sql`${t.status} = 'RESOLVED'`),
    index('support_tickets_assignee_idx').on(t.assigneeId, t.status),
    check('support_tickets_status_check', sql`${t.status} in (${inList(TICKET_STATUSES)})`),
    check(
      'support_tickets_priority_check',
      sql`${t.priority} in ('LOW', 'NORMAL', 'HIGH', 'URGENT')`,
    ),
    check(
      'support_tickets_category_check',
      sql`${t.category} in ('TECHNICAL', 'BILLING', 'ACCOUNT', 'RENTAL', 'GENERAL')`,
    ),
    check(
      'support_tickets_requester_check',
      sql`${t.requesterId} is not null or ${t.guestEmail} is not null`,
    ),
  ],
);

/**
 * One line of a ticket: a public reply, an internal note (never answered to the customer), or an
 * event recording a status change with who made it and when.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of writing: lines written in one change share their time. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** reply | note | event */
    kind: text('kind').notNull(),
    authorId: uuid('author_id').references(() => users.id),
    /** customer | support | admin | system */
    authorRole: text('author_role').notNull(),
    /** The name shown, as it was when written (a guest has no account). */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.seq),
    check('support_messages_kind_check', sql`${t.kind} in ('reply', 'note', 'event')`),
  ],
);

/**
 * A file attached to a message, kept in the database so every instance serves it. Uploaded
 * first (no message yet), then attached by the reply that names it; uploads never attached are
 * dropped after a day. `content_type` was decided from the bytes, and images lost their metadata.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => supportMessages.id, { onDelete: 'cascade' }),
    /** Or a message of a rental's thread between renter and vendor (issue 17 point 8). */
    rentalMessageId: uuid('rental_message_id').references(() => rentalMessages.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_attachments_message_idx').on(t.messageId),
    index('support_attachments_rental_message_idx')
      .on(t.rentalMessageId)
      .where(sql`${t.rentalMessageId} is not null`),
    index('support_attachments_pending_idx')
      .on(t.uploaderId, t.createdAt)
      .where(sql`${t.messageId} is null and ${t.rentalMessageId} is null`),
  ],
);

/**
 * A link that opens one guest ticket without an account. Only a digest of its random token is
 * kept; each mail about the ticket carries a fresh one valid 30 days. Revoked when staff say so
 * or when the ticket joins the account of its address.
 */
export const supportGuestLinks = pgTable(
  'support_guest_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_guest_links_ticket_idx').on(t.ticketId)],
);

/** A customer's rating of one resolution of a ticket by staff. */
export const supportRatings = pgTable(
  'support_ratings',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    resolution: integer('resolution').notNull(),
    score: integer('score').notNull(),
    comment: text('comment'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.resolution] }),
    check('support_ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/** Agents writing in a ticket now: the desk warns another agent before they answer too. */
export const supportTyping = pgTable(
  'support_typing',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamptz('since').notNull().defaultNow(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/** Which support mails a user wants, and the category a new ticket starts with. */
export const supportSettings = pgTable('support_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notifyStaffReply: boolean('notify_staff_reply').notNull().default(true),
  notifyStatusChange: boolean('notify_status_change').notNull().default(true),
  notifyResolved: boolean('notify_resolved').notNull().default(true),
  weeklyDigest: boolean('weekly_digest').notNull().default(false),
  defaultCategory: text('default_category').notNull().default('GENERAL'),
  /** When the weekly digest last went out (or was due with nothing to tell). */
  lastDigestAt: timestamptz('last_digest_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Replies staff use again and again, with placeholders filled in by the desk. */
export const cannedReplies = pgTable('canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  status: text('status'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const faqCategories = pgTable('faq_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** The words an article is found by: the title weighs more than the answer. */
const articleSearch = (title: AnyPgColumn, body: AnyPgColumn): SQL =>
  sql`setweight(to_tsvector('english', ${title}), 'A') || setweight(to_tsvector('english', ${body}), 'B')`;

/** A FAQ article: Markdown written by staff, with what readers did with it. */
export const faqArticles = pgTable(
  'faq_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => faqCategories.id),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    views: integer('views').notNull().default(0),
    helpfulYes: integer('helpful_yes').notNull().default(0),
    helpfulNo: integer('helpful_no').notNull().default(0),
    /** "This answered my question" beside the new-ticket form: a ticket not written. */
    deflections: integer('deflections').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs((): SQL => articleSearch(faqArticles.title, faqArticles.body)),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('faq_articles_search_idx').using('gin', t.search),
    index('faq_articles_category_idx').on(t.categoryId, t.position),
  ],
);

/** One vote per reader and article: a user id, or a digest of a visitor's address. */
export const faqVotes = pgTable(
  'faq_votes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => faqArticles.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    helpful: boolean('helpful').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('faq_votes_voter_idx').on(t.articleId, t.voter)],
);
