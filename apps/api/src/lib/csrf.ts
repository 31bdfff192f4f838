import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TokenService } from '../modules/auth/tokens';
import { AppError } from './errors';

const TTL_SECONDS = 24 * 60 * 60;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF tokens are signed and carry their expiry, so any instance can check one without shared
 * state. The page gets one in `<meta name="csrf-token">`; writes must echo it in X-CSRF-Token.
 * A custom header cannot be sent cross-site without a CORS preflight, which this API never grants.
 */
export function issueCsrfToken(tokens: TokenService, now = Date.now()): string {
  const body = `${Math.floor(now / 1000) + TTL_SECONDS}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${tokens.sign(`csrf:${body}`)}`;
}

export function isValidCsrfToken(tokens: TokenService, token: string, now = Date.now()): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [expires, nonce, signature] = parts as [string, string, string];
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 < now) return false;
  return tokens.verifySignature(`csrf:${expires}.${nonce}`, signature);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` for a write that a browser page never sends (a signed webhook, say). */
    csrf?: boolean;
  }
}

/**
 * Every write is checked, whatever path it names: the decision does not read the URL at all, so
 * `/%61pi/...`, absolute-form targets or any other spelling the router accepts are all covered.
 * A write that matched no route changes nothing and answers 404; a route that declares
 * `config: { csrf: false }` is let through.
 */
export function registerCsrfCheck(app: FastifyInstance, tokens: TokenService) {
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    const header = request.headers['x-csrf-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !isValidCsrfToken(tokens, token)) {
      throw new AppError('CSRF_FAILED', 403, 'This page is out of date. Reload it and try again.');
    }
  });
}
