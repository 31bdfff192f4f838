import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './database';
import { freePort, startServer, waitForHealth, type ServerProcess } from './server-process';

/**
 * PostgreSQL ending the connections the API holds (an administrator's pg_terminate_backend, a
 * fail-over, a restart): the process must stay up, the requests that were using a dropped
 * connection answer 503 in the envelope, and the next requests are served on new connections.
 * PGlite runs inside the process and has no connection to drop.
 */
const url = testDatabaseUrl();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  path: string;
  status: number | 'socket error';
  code?: string;
  retryAfter?: string | null;
}

describe.skipIf(!url)('a dropped PostgreSQL connection (needs TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await database?.close();
  });

  it('answers the requests it cut 503, keeps the process up and serves the next ones', async () => {
    database = await createTestDatabase();
    const port = await freePort();
    server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      JWT_SECRET: 'a-test-secret-that-is-long-enough-to-sign-with',
      DEMO_DATA: 'false',
      GAME_STATUS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(port, server.child);
    const base = `http://127.0.0.1:${port}/api`;
    const csrf = (
      (await (await fetch(`${base}/auth/csrf`)).json()) as { data: { csrfToken: string } }
    ).data.csrfToken;
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrf,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const credentials = { email: 'steady@example.com', password: 'a long and unusual passphrase' };
    const registered = await post('/auth/register', { ...credentials, displayName: 'Steady' });
    expect(registered.status).toBe(201);
    const session = ((await registered.json()) as { data: { tokens: Record<string, string> } }).data
      .tokens;

    const outcomes: Outcome[] = [];
    let running = true;
    const record = async (path: string, request: Promise<Response>) => {
      try {
        const response = await request;
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        const outcome = {
          path,
          status: response.status,
          code: body.error?.code,
          retryAfter: response.headers.get('retry-after'),
        };
        outcomes.push(outcome);
        return { response: outcome, body };
      } catch {
        outcomes.push({ path, status: 'socket error' });
        return null;
      }
    };
    // Reads, and refresh-token rotation: a transaction that locks, checks and writes.
    const reader = async () => {
      while (running) await record('/health', fetch(`${base}/health`));
    };
    const rotator = async (first: string) => {
      let refreshToken = first;
      while (running) {
        const result = await record(
          '/auth/refresh',
          post('/auth/refresh', { refresh_token: refreshToken }),
        );
        const tokens = (result?.body as { data?: { tokens?: { refresh_token: string } } })?.data
          ?.tokens;
        if (tokens) refreshToken = tokens.refresh_token;
        if (result?.response.status === 401) return;
      }
    };
    const profile = async () => {
      while (running) {
        await record(
          '/auth/profile',
          fetch(`${base}/auth/profile`, {
            headers: { authorization: `Bearer ${session.access_token}` },
          }),
        );
      }
    };
    const traffic = [reader(), reader(), profile(), rotator(session.refresh_token!)];

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const terminate = () =>
      admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
    // A few single drops while requests are in flight...
    for (let round = 0; round < 6; round += 1) {
      await sleep(150);
      await terminate();
    }
    // ...then a restart: every connection gone, and new ones cut as they come, for a second.
    const until = Date.now() + 1000;
    while (Date.now() < until) {
      await terminate();
      await sleep(10);
    }
    const stormEnded = await admin.query<{ now: Date }>('select now()');
    await sleep(300);
    running = false;
    await Promise.all(traffic);

    expect(server.child.exitCode).toBeNull();
    expect(outcomes.filter((outcome) => outcome.status === 'socket error')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 500)).toEqual([]);
    // The health check answers its own 503 (database unreachable); every other call the envelope.
    const unavailable = outcomes.filter(
      (outcome) => outcome.status === 503 && outcome.path !== '/health',
    );
    expect(unavailable.length).toBeGreaterThan(0);
    for (const { path, ...outcome } of unavailable) {
      expect(outcome, path).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: '1',
      });
    }

    // Served again on new connections: a read, a sign-in and a token rotation.
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const login = await post('/auth/login', credentials);
    expect(login.status).toBe(200);
    const tokens = ((await login.json()) as { data: { tokens: Record<string, string> } }).data
      .tokens;
    expect((await post('/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(200);
    // The background jobs carry on too: each run after the storm takes its lease anew.
    for (;;) {
      const { rows } = await admin.query<{ runs: number }>(
        'select count(*)::int as runs from job_leases where last_started_at > $1',
        [stormEnded.rows[0]!.now],
      );
      if (rows[0]!.runs > 0) break;
      await sleep(200);
    }
    await admin.end();
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});
