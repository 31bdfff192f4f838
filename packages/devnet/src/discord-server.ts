import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from './listen';

export interface DiscordAccount {
  id: string;
  username: string;
  global_name: string | null;
  email: string | null;
  verified: boolean;
}

/**
 * A local HTTP server that plays Discord's OAuth2 token endpoint and `GET /users/@me`, with the
 * shapes of Discord's documentation: form-encoded token requests with client credentials in Basic
 * auth or the body, PKCE checked against the code challenge, and `{ message, code }` errors.
 *
 * And Discord rate limiting, as it does in practice to a whole application during the OAuth flow
 * (discord/discord-api-docs#6642): `rateLimitNext(route, { times, retryAfter, global })` answers
 * the next calls of that route 429 with Discord's body `{ message, retry_after, global }`
 * (retry_after in seconds, a float: victornpb/undiscord#349) and `Retry-After`. `GET /users/@me`
 * also sends the `X-RateLimit-*` bucket headers (`X-RateLimit-Global` when global); the token
 * route sends none of them (breqdev/flask-discord-interactions#91).
 */
export async function startDiscordServer(clientId: string, clientSecret: string, port = 0) {
  const codes = new Map<
    string,
    { account: DiscordAccount; challenge: string; redirectUri: string }
  >();
  const tokens = new Map<string, DiscordAccount>();
  type Route = 'token' | 'me';
  const limits: Record<Route, Array<{ retryAfter: number; global: boolean }>> = {
    token: [],
    me: [],
  };
  const limited = (res: ServerResponse, route: Route) => {
    const limit = limits[route].shift();
    if (!limit) return false;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'retry-after': String(Math.ceil(limit.retryAfter)),
    };
    if (route === 'me') {
      Object.assign(headers, {
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Date.now() / 1000 + limit.retryAfter),
        'x-ratelimit-reset-after': String(limit.retryAfter),
        'x-ratelimit-bucket': 'c7d4b2f0a1e9d8c3b6a5f4e3d2c1b0a9',
        'x-ratelimit-scope': limit.global ? 'global' : 'user',
        ...(limit.global ? { 'x-ratelimit-global': 'true' } : {}),
      });
    }
    res.writeHead(429, headers);
    res.end(
      JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: limit.retryAfter,
        global: limit.global,
      }),
    );
    return true;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'POST' && url.pathname === '/api/v10/oauth2/token') {
        if (limited(res, 'token')) return;
        const form = new URLSearchParams(await readBody(req));
        const basic = req.headers.authorization?.replace(/^Basic /, '');
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')];
        if (id !== clientId || secret !== clientSecret)
          return send(res, 401, { error: 'invalid_client' });
        const grant = codes.get(form.get('code') ?? '');
        if (form.get('grant_type') !== 'authorization_code' || !grant) {
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid "code" in request.',
          });
        }
        codes.delete(form.get('code')!);
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== grant.challenge || form.get('redirect_uri') !== grant.redirectUri) {
          return send(res, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid "code_verifier".',
          });
        }
        const accessToken = randomBytes(15).toString('hex');
        tokens.set(accessToken, grant.account);
        return send(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: randomBytes(15).toString('hex'),
          scope: 'identify email',
        });
      }
      if (req.method === 'GET' && url.pathname === '/api/v10/users/@me') {
        if (limited(res, 'me')) return;
        const account = tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
        if (!account) return send(res, 401, { message: '401: Unauthorized', code: 0 });
        return send(res, 200, {
          ...account,
          discriminator: '0',
          avatar: null,
          mfa_enabled: false,
          locale: 'en-US',
        });
      }
      send(res, 404, { message: '404: Not Found', code: 0 });
    })();
  });
  await listen(server, port);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${base}/api/v10`,
    authorizeUrl: `${base}/oauth2/authorize`,
    /**
     * What Discord does when the person approves: reads the authorisation URL our server
     * redirected to, remembers the challenge, and answers the code and state for the callback.
     */
    approve(authorizationUrl: string, account: DiscordAccount) {
      const url = new URL(authorizationUrl);
      if (url.searchParams.get('client_id') !== clientId) throw new Error('wrong client_id');
      if (url.searchParams.get('code_challenge_method') !== 'S256')
        throw new Error('PKCE S256 expected');
      const code = randomBytes(15).toString('hex');
      codes.set(code, {
        account,
        challenge: url.searchParams.get('code_challenge')!,
        redirectUri: url.searchParams.get('redirect_uri')!,
      });
      return { code, state: url.searchParams.get('state')! };
    },
    /** The next `times` calls of the token route or `/users/@me` answer 429. */
    rateLimitNext(
      route: Route,
      {
        times = 1,
        retryAfter = 1.5,
        global = false,
      }: { times?: number; retryAfter?: number; global?: boolean } = {},
    ) {
      for (let i = 0; i < times; i += 1) limits[route].push({ retryAfter, global });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
