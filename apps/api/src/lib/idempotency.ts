import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema/wallet';
import { AppError } from './errors';

export interface StoredAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** The Idempotency-Key header of a money-moving call: required, 8 to 200 visible characters. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[\x21-\x7e]{8,200}$/.test(key)) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      400,
      'Send an Idempotency-Key header (8 to 200 characters, e.g. a UUID) with this request',
      { fields: [{ field: 'Idempotency-Key', message: 'is required' }] },
    );
  }
  return key;
}

const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');

/**
 * Runs a money-moving call once per (user, key). The key row, the work and the stored answer are
 * written in one database transaction, so a second request with the same key either waits for the
 * first to commit and replays its answer, or, if the first failed, runs afresh. The same key with a
 * different request is refused.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: { userId: string; key: string; route: string; request: unknown },
  work: (tx: Executor) => Promise<{ status: number; body: T }>,
): Promise<StoredAnswer<T>> {
  const requestHash = hashOf({ route: scope.route, request: scope.request });
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, route: scope.route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
      if (!stored || stored.requestHash !== requestHash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          422,
          'This Idempotency-Key was already used for a different request',
        );
      }
      return {
        status: stored.responseStatus ?? 200,
        body: stored.responseBody as T,
        replayed: true,
      };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
    return { ...answer, replayed: false };
  });
}
