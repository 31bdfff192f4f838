import { userSchema, type User } from '@crimsonhost/shared/auth';
import { ApiError } from '../../../lib/api-client';
import { readTokenAnswer, toStoredTokens } from '../../../lib/session-tokens';
import type { StoredTokens } from '../../../lib/storage';

/** What every sign-in answers (login, register, recovery code, Discord): the user and tokens. */
export interface SignedIn {
  user: User;
  tokens: StoredTokens;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** The `data` of an envelope, or the body itself when it has none. */
export function answerData(body: unknown): Record<string, unknown> {
  const outer = asRecord(body);
  return 'data' in outer ? asRecord(outer.data) : outer;
}

/** Spec section 7: the user from data.user, user, or the body itself. */
export function readUser(body: unknown): User | null {
  const outer = asRecord(body);
  const data = answerData(body);
  for (const candidate of [data.user, outer.user, data]) {
    const parsed = userSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** Reads a sign-in answer; `failure` names the error when it lacks the user or the access token. */
export function readSignIn(body: unknown, status: number, failure: ApiError): SignedIn {
  const user = readUser(body);
  const answer = readTokenAnswer(body);
  if (!user || !answer.accessToken) {
    throw new ApiError(status, failure.code, failure.message);
  }
  return {
    user,
    tokens: toStoredTokens(answer.accessToken, answer.refreshToken, answer.expiresIn),
  };
}
