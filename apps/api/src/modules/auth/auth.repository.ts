import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  emailVerifications,
  oauthStates,
  passwordResets,
  pendingLinks,
  recoveryCodes,
  refreshTokens,
  users,
} from '../../db/schema/auth';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * The account an address belongs to: its verified owner, or else the newest of the registrations
 * still waiting for verification (decision 015).
 */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await findUsersByEmail(db, email);
  return row;
}

/**
 * Every account that may sign in with this address: only the verified owner once there is one,
 * otherwise each registration still waiting for verification, newest first.
 */
export async function findUsersByEmail(db: Executor, email: string): Promise<UserRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(sql`${users.emailVerifiedAt} is null`, desc(users.createdAt));
  return rows[0]?.emailVerifiedAt ? [rows[0]] : rows;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByDiscordId(db: Executor, discordId: string) {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

/** The user of an access token, and whether that token's sign-in has since been ended. */
export async function findSessionUser(db: Executor, userId: string, familyId: string) {
  const [row] = await db
    .select({
      user: users,
      revoked: sql<boolean>`exists (
        select 1 from ${refreshTokens}
         where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertUser(
  db: Executor,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function recordLogin(db: Executor, id: string) {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** Locks the token's row for the rest of the transaction, so two refreshes with it take turns. */
export async function lockRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRotated(db: Executor, id: string) {
  await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every sign-in of the user, except the family given (the session that asked). */
export async function revokeAllForUser(db: Executor, userId: string, exceptFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

export async function insertPasswordReset(
  db: Executor,
  values: typeof passwordResets.$inferInsert,
) {
  await db.insert(passwordResets).values(values);
}

/** Takes an unused, unexpired reset link; answers its user id, or nothing if it cannot be used. */
export async function consumePasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function consumeRecoveryCode(db: Executor, userId: string, codeHash: string) {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(row);
}

/** The account an unused recovery code belongs to, if any. */
export async function findRecoveryCodeOwner(db: Executor, codeHash: string) {
  const [row] = await db
    .select({ userId: recoveryCodes.userId })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)));
  return row?.userId;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}

export async function insertOauthState(db: Executor, values: typeof oauthStates.$inferInsert) {
  await db.insert(oauthStates).values(values);
}

/** Takes a live state, only for the browser whose cookie digest it was stored with. */
export async function consumeOauthState(
  db: Executor,
  state: string,
  provider: string,
  browserHash: string,
) {
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.state, state),
        eq(oauthStates.provider, provider),
        eq(oauthStates.browserHash, browserHash),
        gt(oauthStates.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function oauthStateExists(db: Executor, state: string, provider: string) {
  const [row] = await db
    .select({ state: oauthStates.state })
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.state, state),
        eq(oauthStates.provider, provider),
        gt(oauthStates.expiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

export async function insertPendingLink(db: Executor, values: typeof pendingLinks.$inferInsert) {
  await db.insert(pendingLinks).values(values);
}

export async function consumePendingLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .delete(pendingLinks)
    .where(and(eq(pendingLinks.tokenHash, tokenHash), gt(pendingLinks.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function findPendingLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(pendingLinks)
    .where(and(eq(pendingLinks.tokenHash, tokenHash), gt(pendingLinks.expiresAt, sql`now()`)));
  return row;
}

/** Drops what can no longer be used: expired states, links, resets and old refresh tokens. */
export async function deleteExpiredAuthRows(db: Executor) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now()`));
  await db
    .delete(emailVerifications)
    .where(lt(emailVerifications.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(pendingLinks).where(lt(pendingLinks.expiresAt, sql`now()`));
  await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now() - interval '1 day'`));
}

export async function insertEmailVerification(
  db: Executor,
  values: typeof emailVerifications.$inferInsert,
) {
  await db.insert(emailVerifications).values(values);
}

/**
 * The account a reset or verification link names, without using it: the caller locks the
 * account's address (`lockAddress`) before it takes the link.
 */
export async function findLinkUser(
  db: Executor,
  kind: 'password-reset' | 'email-verification',
  tokenHash: string,
) {
  const table = kind === 'password-reset' ? passwordResets : emailVerifications;
  const [row] = await db
    .select({ user: users })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(table.tokenHash, tokenHash));
  return row?.user;
}

/** Takes an unused, unexpired verification link; answers its user id, or nothing. */
export async function consumeEmailVerification(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerifications.userId });
  return row?.userId;
}

/**
 * Serialises the claims on one address until the transaction ends, so two owners proving the same
 * mailbox at once take turns instead of releasing each other.
 */
export async function lockAddress(db: Executor, email: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${email.toLowerCase()}`}))`);
}

export async function markEmailVerified(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The other registrations of an address that are still waiting for verification. */
export async function findUnverifiedRivals(db: Executor, email: string, ownerId: string) {
  return db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.emailVerifiedAt),
        ne(users.id, ownerId),
      ),
    );
}

/**
 * Takes an address away from an unverified account whose address someone else proved: the
 * address becomes an `.invalid` one nobody can receive mail at, the password goes, and every
 * session, recovery code and pending link of the account ends (decision 015).
 */
export async function releaseAddress(db: Executor, userId: string) {
  await db
    .update(users)
    .set({
      email: `released-${userId}@released.invalid`,
      passwordHash: null,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await revokeAllForUser(db, userId);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
  await db.delete(pendingLinks).where(eq(pendingLinks.userId, userId));
}

/** Sign-ins still alive: each family's current refresh token, not revoked and not expired. */
export async function activeSessionsOf(db: Executor, userId: string) {
  return db
    .select({
      id: refreshTokens.familyId,
      lastUsedAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      ip: refreshTokens.ip,
      userAgent: refreshTokens.userAgent,
      startedAt:
        sql<Date>`(select min(r.created_at) from refresh_tokens r where r.family_id = ${refreshTokens.familyId})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(50);
}

/** Whether a sign-in (refresh-token family) is the user's and not yet signed out. */
export async function isLiveFamilyOf(db: Executor, userId: string, familyId: string) {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
