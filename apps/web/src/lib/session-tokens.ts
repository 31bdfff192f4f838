import { DEFAULT_TOKEN_EXPIRES_IN_S, TOKEN_REFRESH_LEAD_S } from '@crimsonhost/shared/constants';
import { readStoredTokens, type StoredTokens } from './storage';

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token is not a readable JWT. */
export function jwtExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function stringField(source: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = source[name];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export interface TokenAnswer {
  accessToken: string | null;
  refreshToken: string | null;
  expiresIn: number;
}

/**
 * Reads the tokens of a sign-in or refresh answer as spec section 7 describes them: `data.tokens`
 * or flat token fields, each as snake_case or camelCase; `expires_in` defaults to 3600 seconds.
 */
export function readTokenAnswer(body: unknown): TokenAnswer {
  const outer = asRecord(body);
  const data = 'data' in outer ? asRecord(outer.data) : outer;
  const tokens = 'tokens' in data ? asRecord(data.tokens) : data;
  const expiresIn = tokens.expires_in ?? tokens.expiresIn;
  return {
    accessToken: stringField(tokens, 'access_token', 'accessToken'),
    refreshToken: stringField(tokens, 'refresh_token', 'refreshToken'),
    expiresIn:
      typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : DEFAULT_TOKEN_EXPIRES_IN_S,
  };
}

/** What to keep of a token answer: the JWT's own `exp` wins over `expires_in`. */
export function toStoredTokens(
  accessToken: string,
  refreshToken: string | null,
  expiresInS: number,
  now = Date.now(),
): StoredTokens {
  return {
    accessToken,
    refreshToken,
    expiresAt: jwtExpiresAt(accessToken) ?? now + expiresInS * 1000,
  };
}

/** When the stored access token expires (its JWT `exp`, else the stored expiry); null: unknown. */
export function tokenExpiresAt(tokens: StoredTokens): number | null {
  return jwtExpiresAt(tokens.accessToken) ?? tokens.expiresAt;
}

/** Spec section 9: a token counts as expiring within 60 seconds of its exp time. */
export function isTokenExpiring(
  tokens: StoredTokens | null = readStoredTokens(),
  now = Date.now(),
): boolean {
  if (!tokens) return false;
  const expiresAt = tokenExpiresAt(tokens);
  return expiresAt !== null && expiresAt - now <= TOKEN_REFRESH_LEAD_S * 1000;
}
