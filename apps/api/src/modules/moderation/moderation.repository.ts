import type { Penalty } from '@crimsonhost/shared/admin';
import { PENALTY_LADDER, type FlagSummary } from '@crimsonhost/shared/moderation';
import { and, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { userPenalties } from '../../db/schema/admin';
import { users } from '../../db/schema/auth';
import { moderationFlags } from '../../db/schema/moderation';

export type FlagRow = typeof moderationFlags.$inferSelect;

export async function insertFlag(db: Executor, values: typeof moderationFlags.$inferInsert) {
  const [row] = await db.insert(moderationFlags).values(values).returning();
  return row!;
}

export async function lockFlag(db: Executor, id: string): Promise<FlagRow | undefined> {
  const [row] = await db
    .select()
    .from(moderationFlags)
    .where(eq(moderationFlags.id, id))
    .for('update');
  return row;
}

export async function findFlag(db: Executor, id: string): Promise<FlagRow | undefined> {
  const [row] = await db.select().from(moderationFlags).where(eq(moderationFlags.id, id));
  return row;
}

export async function updateFlag(
  db: Executor,
  id: string,
  values: Partial<typeof moderationFlags.$inferInsert>,
) {
  const [row] = await db
    .update(moderationFlags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(moderationFlags.id, id))
    .returning();
  return row!;
}

const subject = alias(users, 'subject');
const assignee = alias(users, 'assignee');

/** Flags with the names a list shows, in the given order. */
async function summaries(db: Executor, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({
      flag: moderationFlags,
      userName: subject.displayName,
      userEmail: subject.email,
      assigneeName: assignee.displayName,
    })
    .from(moderationFlags)
    .innerJoin(subject, eq(subject.id, moderationFlags.userId))
    .leftJoin(assignee, eq(assignee.id, moderationFlags.assigneeId))
    .where(where)
    .orderBy(desc(moderationFlags.createdAt), desc(moderationFlags.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row): FlagSummary => ({
    id: row.flag.id,
    user: { id: row.flag.userId, name: row.userName, email: row.userEmail },
    source: row.flag.source as FlagSummary['source'],
    reason: row.flag.reason as FlagSummary['reason'],
    status: row.flag.status as FlagSummary['status'],
    kinds: row.flag.kinds,
    excerpt:
      row.flag.message.length > 140 ? `${row.flag.message.slice(0, 139)}…` : row.flag.message,
    assignee: row.flag.assigneeId
      ? { id: row.flag.assigneeId, name: row.assigneeName ?? '' }
      : null,
    createdAt: row.flag.createdAt.toISOString(),
  }));
}

const VIEW_STATUSES: Record<string, string[] | null> = {
  open: ['pending', 'reviewing'],
  pending: ['pending'],
  reviewing: ['reviewing'],
  resolved: ['resolved'],
  dismissed: ['dismissed'],
  all: null,
};

/** One page of the queue (newest first), with the total of its view. */
export async function flagQueue(
  db: Executor,
  view: string,
  page: number,
  pageSize: number,
): Promise<{ items: FlagSummary[]; total: number }> {
  const statuses = VIEW_STATUSES[view] ?? null;
  const where = statuses ? inArray(moderationFlags.status, statuses) : undefined;
  const [items, [total]] = await Promise.all([
    summaries(db, where, pageSize, (page - 1) * pageSize),
    db.select({ n: count() }).from(moderationFlags).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** A flag as a list shows it. */
export async function flagSummary(db: Executor, id: string) {
  const [row] = await summaries(db, eq(moderationFlags.id, id), 1);
  return row;
}

/** The person's other flags, newest first. */
export function flagsOfUser(db: Executor, userId: string, except: string, limit = 20) {
  return summaries(
    db,
    and(eq(moderationFlags.userId, userId), sql`${moderationFlags.id} <> ${except}`),
    limit,
  );
}

/**
 * The heaviest penalty the person was given since `since` and that an appeal did not overturn:
 * the step a repeat offence escalates from.
 */
export async function heaviestPenaltySince(
  db: Executor,
  userId: string,
  since: Date,
): Promise<Penalty | null> {
  const rows = await db
    .select({ penalty: userPenalties.penalty })
    .from(userPenalties)
    .where(
      and(
        eq(userPenalties.userId, userId),
        gt(userPenalties.createdAt, since),
        or(
          isNull(userPenalties.appealOutcome),
          sql`${userPenalties.appealOutcome} <> 'overturned'`,
        ),
      ),
    );
  let heaviest = -1;
  for (const row of rows) {
    heaviest = Math.max(heaviest, PENALTY_LADDER.indexOf(row.penalty as Penalty));
  }
  return heaviest < 0 ? null : PENALTY_LADDER[heaviest]!;
}

/** Names of a few accounts by id. */
export async function namesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
