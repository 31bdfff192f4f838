import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signIns, staffFactors, userPenalties, users } from '../../db/schema';

export { activeSessionsOf } from '../auth/auth.repository';

/** The staff area's reads and writes of accounts (issue 15 point 3). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether sign-in is slowed down right now by failed passwords (decision 016): the e-mail's own
 * counter, any address's counter on that e-mail, or the account's password checks.
 */
const signInLocked = sql<boolean>`exists (
  select 1 from auth_throttles t
   where t.blocked_until > now()
     and (t.key = 'login:email:' || lower(${users.email})
          or t.key = 'password:' || ${users.id}::text
          or t.key = 'staff-code:' || ${users.id}::text
          or (t.key like 'login:pair:%'
              and right(t.key, length(${users.email}) + 1) = ':' || lower(${users.email})))
)`;

const factorEnrolled = sql<boolean>`exists (
  select 1 from ${staffFactors} f where f.user_id = ${users.id} and f.enrolled_at is not null
)`;

const listed = { user: users, signInLocked, factorEnrolled };
export type ListedUser = {
  user: typeof users.$inferSelect;
  signInLocked: boolean;
  factorEnrolled: boolean;
};

export interface UserFilter {
  q?: string;
  role?: string;
  status?: string;
  page: number;
  pageSize: number;
}

/** The condition of an effective status: a suspension past its end reads as active. */
function statusIs(status: string): SQL | undefined {
  if (status === 'active') {
    return or(
      eq(users.status, 'active'),
      and(eq(users.status, 'suspended'), sql`${users.suspendedUntil} <= now()`),
    );
  }
  if (status === 'suspended') {
    return and(
      eq(users.status, 'suspended'),
      or(isNull(users.suspendedUntil), gt(users.suspendedUntil, sql`now()`)),
    );
  }
  return eq(users.status, status);
}

export async function searchUsers(db: Executor, filter: UserFilter) {
  const q = filter.q?.trim();
  const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    q
      ? UUID.test(q)
        ? eq(users.id, q.toLowerCase())
        : or(sql`lower(${users.email}) like ${like}`, sql`lower(${users.displayName}) like ${like}`)
      : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listed)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows as ListedUser[], total: Number(total?.total ?? 0) };
}

export async function findListedUser(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select(listed).from(users).where(eq(users.id, id));
  return row;
}

/** Locks an account's row for a change by staff. */
export async function lockUser(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUserAccess(
  db: Executor,
  id: string,
  values: Partial<
    Pick<typeof users.$inferInsert, 'role' | 'status' | 'suspendedUntil' | 'statusReason'>
  >,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function insertPenalty(db: Executor, values: typeof userPenalties.$inferInsert) {
  const [row] = await db.insert(userPenalties).values(values).returning();
  return row!;
}

/** Marks the penalties still keeping the account out as lifted. */
export async function liftPenalties(db: Executor, userId: string, by: string, reason: string) {
  await db
    .update(userPenalties)
    .set({ liftedAt: sql`now()`, liftedBy: by, liftReason: reason })
    .where(
      and(
        eq(userPenalties.userId, userId),
        isNull(userPenalties.liftedAt),
        sql`${userPenalties.penalty} <> 'warning'`,
        or(isNull(userPenalties.endsAt), gt(userPenalties.endsAt, sql`now()`)),
      ),
    );
}

export async function penaltiesOf(db: Executor, userId: string) {
  return db
    .select({
      penalty: userPenalties,
      issuedByName: sql<
        string | null
      >`(select display_name from users u where u.id = ${userPenalties.issuedBy})`,
    })
    .from(userPenalties)
    .where(eq(userPenalties.userId, userId))
    .orderBy(desc(userPenalties.createdAt))
    .limit(50);
}

export async function signInsOf(db: Executor, userId: string, limit = 20) {
  return db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.createdAt))
    .limit(limit);
}

/** Forgets the failed sign-ins that slow an account down (the e-mail's and the password's). */
export async function clearSignInThrottles(db: Executor, user: { id: string; email: string }) {
  const email = user.email.toLowerCase();
  await db.execute(sql`delete from auth_throttles
     where key = ${`login:email:${email}`}
        or key = ${`password:${user.id}`}
        or key = ${`staff-code:${user.id}`}
        or (key like 'login:pair:%' and right(key, ${email.length + 1}) = ${`:${email}`})`);
}
