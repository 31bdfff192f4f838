import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import {
  supportGuestLinks,
  supportMessages,
  supportRatings,
  supportSettings,
  supportTickets,
  supportTyping,
} from '../../db/schema/support';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type SettingsRow = typeof supportSettings.$inferSelect;

const ENDED = ['RESOLVED', 'CLOSED'];

/** `%…%` for ILIKE with the pattern characters of the words escaped. */
export const containsPattern = (words: string) => `%${words.replace(/[\\%_]/g, '\\$&')}%`;

export async function insertTicket(db: Executor, values: typeof supportTickets.$inferInsert) {
  const [row] = await db.insert(supportTickets).values(values).returning();
  return row!;
}

export async function updateTicket(
  db: Executor,
  id: string,
  values: Partial<typeof supportTickets.$inferInsert>,
) {
  const [row] = await db
    .update(supportTickets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(supportTickets.id, id))
    .returning();
  return row!;
}

export async function findTicket(db: Executor, id: string) {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row;
}

/** Locks the ticket for the rest of the transaction: one change at a time. */
export async function lockTicket(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .for('update');
  return row;
}

export async function insertMessage(db: Executor, values: typeof supportMessages.$inferInsert) {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

/** The conversation in order; notes only when asked (staff). */
export async function messagesOf(db: Executor, ticketId: string, { notes }: { notes: boolean }) {
  return db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        notes ? undefined : ne(supportMessages.kind, 'note'),
      ),
    )
    .orderBy(asc(supportMessages.seq));
}

/** One page of a customer's tickets, most recent activity first. */
export async function listTicketsOfRequester(
  db: Executor,
  requesterId: string,
  filter: { status?: string; q?: string; page: number; pageSize: number },
) {
  const where = and(
    eq(supportTickets.requesterId, requesterId),
    filter.status ? eq(supportTickets.status, filter.status) : undefined,
    filter.q ? ilike(supportTickets.subject, containsPattern(filter.q)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The customer's tickets not yet ended, for the desk's account summary. */
export async function openTicketsOf(db: Executor, requesterId: string, exceptId: string) {
  return db
    .select({
      id: supportTickets.id,
      number: supportTickets.number,
      subject: supportTickets.subject,
      status: supportTickets.status,
    })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.requesterId, requesterId),
        notInArray(supportTickets.status, ENDED),
        ne(supportTickets.id, exceptId),
      ),
    )
    .orderBy(desc(supportTickets.lastActivityAt))
    .limit(10);
}

export async function ratingOf(db: Executor, ticketId: string, resolution: number) {
  const [row] = await db
    .select()
    .from(supportRatings)
    .where(and(eq(supportRatings.ticketId, ticketId), eq(supportRatings.resolution, resolution)));
  return row;
}

/** The latest rating of a ticket, whatever resolution it was for. */
export async function latestRatingOf(db: Executor, ticketId: string) {
  const [row] = await db
    .select()
    .from(supportRatings)
    .where(eq(supportRatings.ticketId, ticketId))
    .orderBy(desc(supportRatings.resolution))
    .limit(1);
  return row;
}

/** Answers false when this resolution was already rated. */
export async function insertRating(db: Executor, values: typeof supportRatings.$inferInsert) {
  const rows = await db.insert(supportRatings).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function settingsOf(db: Executor, userId: string) {
  const [row] = await db.select().from(supportSettings).where(eq(supportSettings.userId, userId));
  return row;
}

export async function saveSettings(db: Executor, values: typeof supportSettings.$inferInsert) {
  const [row] = await db
    .insert(supportSettings)
    .values(values)
    .onConflictDoUpdate({
      target: supportSettings.userId,
      set: {
        notifyStaffReply: values.notifyStaffReply,
        notifyStatusChange: values.notifyStatusChange,
        notifyResolved: values.notifyResolved,
        weeklyDigest: values.weeklyDigest,
        defaultCategory: values.defaultCategory,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function findUser(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function usersByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The staff who work tickets: support and admin accounts that are not banned. */
export async function staffMembers(db: Executor) {
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(inArray(users.role, ['support', 'admin']), ne(users.status, 'banned')))
    .orderBy(asc(users.displayName));
}

export interface QueueFilter {
  status?: string;
  priority?: string;
  category?: string;
  /** A staff id, or null for unassigned. */
  assignee?: string | null;
  overdue?: boolean;
  q?: string;
  sort: 'sla' | 'updated' | 'created';
  page: number;
  pageSize: number;
}

/** The desk's queue: tickets with their requester's and assignee's names, in the chosen order. */
export async function listQueue(db: Executor, filter: QueueFilter) {
  const requester = alias(users, 'requester');
  const assignee = alias(users, 'assignee');
  const where = and(
    filter.status === 'ACTIVE'
      ? notInArray(supportTickets.status, ENDED)
      : filter.status && filter.status !== 'ALL'
        ? eq(supportTickets.status, filter.status)
        : undefined,
    filter.priority ? eq(supportTickets.priority, filter.priority) : undefined,
    filter.category ? eq(supportTickets.category, filter.category) : undefined,
    filter.assignee === null
      ? isNull(supportTickets.assigneeId)
      : filter.assignee
        ? eq(supportTickets.assigneeId, filter.assignee)
        : undefined,
    filter.overdue === true ? sql`${supportTickets.slaDueAt} < now()` : undefined,
    filter.overdue === false
      ? sql`(${supportTickets.slaDueAt} is null or ${supportTickets.slaDueAt} >= now())`
      : undefined,
    filter.q
      ? or(
          ilike(supportTickets.subject, containsPattern(filter.q)),
          ilike(requester.email, containsPattern(filter.q)),
          ilike(supportTickets.guestEmail, containsPattern(filter.q)),
          /^\d{1,9}$/.test(filter.q.replace(/^#/, ''))
            ? eq(supportTickets.number, Number(filter.q.replace(/^#/, '')))
            : undefined,
        )
      : undefined,
  );
  // A PLATINUM renter's open dispute comes first whatever the sort (decision 049).
  const reviewFirst = sql`case when ${supportTickets.reviewFirst} and ${supportTickets.status} not in ('RESOLVED', 'CLOSED') then 0 else 1 end`;
  const order =
    filter.sort === 'sla'
      ? [
          sql`${supportTickets.slaDueAt} asc nulls last`,
          desc(supportTickets.lastActivityAt),
          desc(supportTickets.id),
        ]
      : filter.sort === 'created'
        ? [desc(supportTickets.createdAt), desc(supportTickets.id)]
        : [desc(supportTickets.lastActivityAt), desc(supportTickets.id)];
  const from = () =>
    db
      .select({
        ticket: supportTickets,
        requesterEmail: requester.email,
        requesterName: requester.displayName,
        assigneeEmail: assignee.email,
        assigneeName: assignee.displayName,
      })
      .from(supportTickets)
      .leftJoin(requester, eq(requester.id, supportTickets.requesterId))
      .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(reviewFirst, ...order)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    // The requester is joined only when the search may match their e-mail.
    filter.q
      ? db
          .select({ n: count() })
          .from(supportTickets)
          .leftJoin(requester, eq(requester.id, supportTickets.requesterId))
          .where(where)
      : db.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Counts for the desk's overview. */
export async function queueCounts(db: Executor, staffId: string) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${supportTickets.status} not in ('RESOLVED', 'CLOSED'))::int`,
      unassigned: sql<number>`count(*) filter (where ${supportTickets.status} not in ('RESOLVED', 'CLOSED') and ${supportTickets.assigneeId} is null)::int`,
      overdue: sql<number>`count(*) filter (where ${supportTickets.slaDueAt} < now())::int`,
      mine: sql<number>`count(*) filter (where ${supportTickets.status} not in ('RESOLVED', 'CLOSED') and ${supportTickets.assigneeId} = ${staffId})::int`,
    })
    .from(supportTickets);
  const [ratings] = await db
    .select({
      average: sql<number | null>`avg(${supportRatings.score})::float8`,
      n: count(),
    })
    .from(supportRatings)
    .where(sql`${supportRatings.createdAt} > now() - interval '30 days'`);
  return { ...row!, satisfaction: ratings?.average ?? null, ratings: ratings?.n ?? 0 };
}

/** Records that an agent is writing in a ticket now. */
export async function markTyping(db: Executor, ticketId: string, userId: string) {
  await db
    .insert(supportTyping)
    .values({ ticketId, userId })
    .onConflictDoUpdate({
      target: [supportTyping.ticketId, supportTyping.userId],
      // A pause longer than the window starts a new stretch of writing.
      set: {
        at: sql`now()`,
        since: sql`case when ${supportTyping.at} < now() - interval '30 seconds' then now() else ${supportTyping.since} end`,
      },
    });
}

export async function stopTyping(db: Executor, ticketId: string, userId: string) {
  await db
    .delete(supportTyping)
    .where(and(eq(supportTyping.ticketId, ticketId), eq(supportTyping.userId, userId)));
}

/** Other agents who wrote in the ticket in the last 30 seconds. */
export async function othersTyping(db: Executor, ticketId: string, userId: string) {
  return db
    .select({ name: users.displayName, since: supportTyping.since })
    .from(supportTyping)
    .innerJoin(users, eq(users.id, supportTyping.userId))
    .where(
      and(
        eq(supportTyping.ticketId, ticketId),
        ne(supportTyping.userId, userId),
        sql`${supportTyping.at} > now() - interval '30 seconds'`,
      ),
    );
}

/** RESOLVED tickets whose reminder is due and not sent: claimed one by one by the job. */
export async function claimCloseReminders(
  db: Executor,
  resolvedBefore: Date,
  now: Date,
  limit: number,
) {
  return db
    .update(supportTickets)
    .set({ closeReminderSentAt: now })
    .where(
      inArray(
        supportTickets.id,
        db
          .select({ id: supportTickets.id })
          .from(supportTickets)
          .where(
            and(
              eq(supportTickets.status, 'RESOLVED'),
              isNull(supportTickets.closeReminderSentAt),
              lte(supportTickets.resolvedAt, resolvedBefore),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

/** RESOLVED tickets past their time, locked for the caller's transaction. */
export async function lockTicketsToClose(db: Executor, resolvedBefore: Date, limit: number) {
  return db
    .select()
    .from(supportTickets)
    .where(
      and(eq(supportTickets.status, 'RESOLVED'), lte(supportTickets.resolvedAt, resolvedBefore)),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertGuestLink(db: Executor, values: typeof supportGuestLinks.$inferInsert) {
  await db.insert(supportGuestLinks).values(values);
}

/** The link of a token with its ticket, whatever state the link is in. */
export async function findGuestLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(supportGuestLinks)
    .where(eq(supportGuestLinks.tokenHash, tokenHash));
  return row;
}

export async function revokeGuestLinks(db: Executor, ticketIds: string[], now: Date) {
  if (ticketIds.length === 0) return 0;
  const rows = await db
    .update(supportGuestLinks)
    .set({ revokedAt: now })
    .where(and(inArray(supportGuestLinks.ticketId, ticketIds), isNull(supportGuestLinks.revokedAt)))
    .returning({ id: supportGuestLinks.id });
  return rows.length;
}

/** Guest tickets written with this address, newest first. */
export async function guestTicketsOf(db: Executor, email: string, limit: number) {
  return db
    .select()
    .from(supportTickets)
    .where(
      and(
        isNull(supportTickets.requesterId),
        sql`lower(${supportTickets.guestEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(supportTickets.createdAt))
    .limit(limit);
}

/** Gives the guest tickets of an address to the account that proved it owns the address. */
export async function adoptGuestTickets(db: Executor, userId: string, email: string) {
  return db
    .update(supportTickets)
    .set({ requesterId: userId, updatedAt: sql`now()` })
    .where(
      and(
        isNull(supportTickets.requesterId),
        sql`lower(${supportTickets.guestEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .returning({ id: supportTickets.id });
}

/**
 * Users whose weekly digest is due, claimed for this run: their `last_digest_at` moves to `now`
 * in the same statement, so two instances never mail one user twice in a week.
 */
export async function claimDigests(db: Executor, dueBefore: Date, now: Date, limit: number) {
  return db
    .update(supportSettings)
    .set({ lastDigestAt: now })
    .where(
      inArray(
        supportSettings.userId,
        db
          .select({ userId: supportSettings.userId })
          .from(supportSettings)
          .where(
            and(
              eq(supportSettings.weeklyDigest, true),
              or(
                isNull(supportSettings.lastDigestAt),
                lte(supportSettings.lastDigestAt, dueBefore),
              ),
            ),
          )
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ userId: supportSettings.userId });
}

/** A customer's tickets not ended, most recent activity first. */
export async function activeTicketsOf(db: Executor, requesterId: string, limit: number) {
  return db
    .select()
    .from(supportTickets)
    .where(
      and(eq(supportTickets.requesterId, requesterId), notInArray(supportTickets.status, ENDED)),
    )
    .orderBy(desc(supportTickets.lastActivityAt))
    .limit(limit);
}

/** A PLATINUM renter's dispute: first in the desk's queue while it is open. */
export async function markReviewFirst(tx: Executor, ticketId: string) {
  await tx.update(supportTickets).set({ reviewFirst: true }).where(eq(supportTickets.id, ticketId));
}
