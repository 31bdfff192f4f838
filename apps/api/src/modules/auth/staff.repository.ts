import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signIns, staffBackupCodes, staffFactors, staffGrants } from '../../db/schema';

/** The staff area's second factor, its backup codes, its sign-ins, and the sign-in history. */

export type StaffFactorRow = typeof staffFactors.$inferSelect;

export async function findFactor(db: Executor, userId: string) {
  const [row] = await db.select().from(staffFactors).where(eq(staffFactors.userId, userId));
  return row;
}

/** Locks the factor's row: two codes checked at once are taken one after the other. */
export async function lockFactor(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(staffFactors)
    .where(eq(staffFactors.userId, userId))
    .for('update');
  return row;
}

/** A new secret waiting for its first code; replaces one that was never confirmed. */
export async function putPendingFactor(db: Executor, userId: string, secret: string) {
  const [row] = await db
    .insert(staffFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: staffFactors.userId,
      set: { secret, createdAt: sql`now()`, lastStep: null },
      setWhere: isNull(staffFactors.enrolledAt),
    })
    .returning();
  return row;
}

export async function markFactorUsed(
  db: Executor,
  userId: string,
  step: number,
  enrolled: boolean,
) {
  await db
    .update(staffFactors)
    .set({ lastStep: step, ...(enrolled ? { enrolledAt: sql`now()` } : {}) })
    .where(eq(staffFactors.userId, userId));
}

export async function replaceBackupCodes(db: Executor, userId: string, codeHashes: string[]) {
  await db.delete(staffBackupCodes).where(eq(staffBackupCodes.userId, userId));
  await db.insert(staffBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a backup code once: true when it was this account's and unused. */
export async function consumeBackupCode(db: Executor, userId: string, codeHash: string) {
  const used = await db
    .update(staffBackupCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffBackupCodes.userId, userId),
        eq(staffBackupCodes.codeHash, codeHash),
        isNull(staffBackupCodes.usedAt),
      ),
    )
    .returning({ id: staffBackupCodes.id });
  return used.length === 1;
}

export async function countBackupCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(staffBackupCodes)
    .where(and(eq(staffBackupCodes.userId, userId), isNull(staffBackupCodes.usedAt)));
  return Number(row?.left ?? 0);
}

export async function putGrant(
  db: Executor,
  values: { sessionId: string; clientKind: string; userId: string; expiresAt: Date },
) {
  await db
    .insert(staffGrants)
    .values(values)
    .onConflictDoUpdate({
      target: [staffGrants.sessionId, staffGrants.clientKind],
      set: { grantedAt: sql`now()`, lastSeenAt: sql`now()`, expiresAt: values.expiresAt },
    });
}

/**
 * Whether the staff sign-in of a session is alive at `now` (not past its end, used within the
 * idle timeout); when it is, it counts as used now. The write is skipped while the last use is
 * under `touchAfterSeconds` old, so a busy desk does not write on every call.
 */
export async function useGrant(
  db: Executor,
  sessionId: string,
  clientKind: string,
  now: Date,
  idleSeconds: number,
  touchAfterSeconds = 30,
): Promise<boolean> {
  const idleSince = new Date(now.getTime() - idleSeconds * 1000);
  const [row] = await db
    .select({ lastSeenAt: staffGrants.lastSeenAt })
    .from(staffGrants)
    .where(
      and(
        eq(staffGrants.sessionId, sessionId),
        eq(staffGrants.clientKind, clientKind),
        gt(staffGrants.expiresAt, now),
        gt(staffGrants.lastSeenAt, idleSince),
      ),
    );
  if (!row) return false;
  if (now.getTime() - row.lastSeenAt.getTime() > touchAfterSeconds * 1000) {
    await db
      .update(staffGrants)
      .set({ lastSeenAt: now })
      .where(and(eq(staffGrants.sessionId, sessionId), eq(staffGrants.clientKind, clientKind)));
  }
  return true;
}

export async function deleteGrantsOfUser(db: Executor, userId: string) {
  await db.delete(staffGrants).where(eq(staffGrants.userId, userId));
}

export async function insertSignIn(db: Executor, values: typeof signIns.$inferInsert) {
  await db.insert(signIns).values(values);
}

/** Forgets an account's second factor and backup codes: its next staff sign-in enrols again. */
export async function deleteFactor(db: Executor, userId: string) {
  await db.delete(staffBackupCodes).where(eq(staffBackupCodes.userId, userId));
  await db.delete(staffFactors).where(eq(staffFactors.userId, userId));
  await deleteGrantsOfUser(db, userId);
}

export async function deleteGrantsOfSession(db: Executor, sessionId: string) {
  await db.delete(staffGrants).where(eq(staffGrants.sessionId, sessionId));
}
