import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';

/**
 * The HTTP limits of one instance, through raw sockets: slow or idle clients are cut off on their
 * own clock while everyone else is served, and past the connection cap new sockets are turned
 * away. The limits are short here through the configuration; nothing below measures speed.
 */

interface RawClient {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves once the server closed the socket. */
  closed: Promise<void>;
}

function open(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Sends one keep-alive request and waits for its whole answer. */
async function roundTrip(client: RawClient, path = '/api/health'): Promise<string> {
  const before = client.received().length;
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  for (;;) {
    const answer = client.received().slice(before);
    const head = answer.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(answer);
    if (head >= 0 && length && answer.length >= head + 4 + Number(length[1])) return answer;
    if (client.socket.destroyed) throw new Error(`socket closed after: ${answer}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('process limits', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '400',
      HTTP_REQUEST_TIMEOUT_MS: '800',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
      HTTP_IDLE_TIMEOUT_MS: '1500',
      HTTP_MAX_CONNECTIONS: '4',
    });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  it('cuts off a client that sends its headers slower than the header timeout, with a 408', async () => {
    const slow = await open(port);
    let dripping = true;
    const drip = (async () => {
      const text = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ';
      for (let index = 0; dripping && !slow.socket.destroyed; index += 1) {
        slow.socket.write(text[index] ?? 'a');
        await sleep(100);
      }
    })();
    // Someone else is served meanwhile, on a socket of their own.
    const other = await open(port);
    expect(await roundTrip(other)).toMatch(/^HTTP\/1\.1 200/);
    other.socket.destroy();

    await slow.closed;
    dripping = false;
    await drip;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client whose body never finishes, with a 408', async () => {
    const slow = await open(port);
    slow.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `X-CSRF-Token: ${ctx.csrf}\r\nContent-Length: 400\r\n\r\n{`,
    );
    let dripping = true;
    const drip = (async () => {
      while (dripping && !slow.socket.destroyed) {
        slow.socket.write(' ');
        await sleep(100);
      }
    })();
    await slow.closed;
    dripping = false;
    await drip;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a keep-alive connection left idle after its answer', async () => {
    const idle = await open(port);
    expect(await roundTrip(idle)).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.received()).toMatch(/keep-alive: timeout=\d+/i);
    await idle.closed;
  });

  it('turns new connections away at the cap and keeps serving the open ones', async () => {
    const held = await Promise.all([open(port), open(port), open(port), open(port)]);
    for (const client of held) expect(await roundTrip(client)).toMatch(/^HTTP\/1\.1 200/);

    const extra = await open(port);
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await extra.closed;
    expect(extra.received()).toBe('');

    for (const client of held) expect(await roundTrip(client)).toMatch(/^HTTP\/1\.1 200/);
    for (const client of held) client.socket.destroy();
    await Promise.all(held.map((client) => client.closed));
    // Below the cap again, a newcomer is served.
    const later = await open(port);
    expect(await roundTrip(later)).toMatch(/^HTTP\/1\.1 200/);
    later.socket.destroy();
  });
});
