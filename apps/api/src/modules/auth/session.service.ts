import { randomUUID } from 'node:crypto';
import type { Role } from '@crimsonhost/shared/constants';
import type { Session, Tokens, User } from '@crimsonhost/shared/auth';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';
import type { UserRow } from './auth.repository';
import { insertSignIn } from './staff.repository';
import { digest, randomToken, type TokenService } from './tokens';

/** How a storefront sign-in was made, as the sign-in history says it. */
export type SignInMethod = 'password' | 'register' | 'discord' | 'recovery';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

/** Where a request came from, for sessions, sign-in history and the audit log. */
export const requestMetaOf = (request: {
  ip: string;
  headers: Record<string, unknown>;
}): RequestMeta => ({
  ip: request.ip,
  userAgent:
    typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: row.role as Role,
    authProvider: row.authProvider as User['authProvider'],
    hasPassword: row.passwordHash !== null,
    discordLinked: row.discordId !== null,
    emailVerified: row.emailVerifiedAt !== null,
    status: row.status as User['status'],
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

const dateTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Refuses a banned user, and a suspended one until the suspension ends, saying why and until when. */
export function assertCanSignIn(user: UserRow, now = new Date()) {
  if (user.status === 'banned') {
    const reason = user.statusReason ? ` Reason: ${user.statusReason}.` : '';
    throw new AppError(
      'ACCOUNT_BANNED',
      403,
      `This account is banned.${reason} Contact support if you believe this is a mistake.`,
      { reason: user.statusReason },
    );
  }
  if (user.status === 'suspended' && (!user.suspendedUntil || user.suspendedUntil > now)) {
    const until = user.suspendedUntil ? ` until ${dateTime(user.suspendedUntil)}` : '';
    const reason = user.statusReason ? ` Reason: ${user.statusReason}.` : '';
    throw new AppError('ACCOUNT_SUSPENDED', 403, `This account is suspended${until}.${reason}`, {
      until: user.suspendedUntil?.toISOString() ?? null,
      reason: user.statusReason,
    });
  }
}

/** Issues access and refresh tokens: a new sign-in family, or the next token of an existing one. */
export class SessionIssuer {
  constructor(
    private readonly tokens: TokenService,
    private readonly refreshTtlDays: number,
  ) {}

  async issue(
    db: Executor,
    user: UserRow,
    meta: RequestMeta,
    familyId: string = randomUUID(),
  ): Promise<Tokens> {
    const refresh = randomToken();
    await repo.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: digest(refresh),
      expiresAt: new Date(Date.now() + this.refreshTtlDays * 86_400_000),
      userAgent: meta.userAgent?.slice(0, 300),
      ip: meta.ip,
    });
    return {
      access_token: await this.tokens.signAccess({
        userId: user.id,
        role: user.role as Role,
        sessionId: familyId,
        clientKind: 'WEB',
      }),
      refresh_token: refresh,
      expires_in: this.tokens.accessTtlSeconds,
      token_type: 'Bearer',
    };
  }

  /** A new sign-in to the storefront, kept in the account's sign-in history. */
  async session(
    db: Executor,
    user: UserRow,
    meta: RequestMeta,
    method: SignInMethod = 'password',
  ): Promise<Session> {
    await insertSignIn(db, {
      userId: user.id,
      clientKind: 'WEB',
      method,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { user: toUser(user), tokens: await this.issue(db, user, meta) };
  }
}
