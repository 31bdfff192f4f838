import fs, { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonDestination, logDestination, readableLine } from '../src/lib/readable-log';
import { AccessLog } from '../src/lib/access-log';
import { createTestApp, type TestContext } from './app';

/** Every line the app logs, parsed. */
const lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { logger: pino({ level: 'info' }, capture) });
});
afterAll(() => ctx.close());

const accessLines = () => lines.filter((line) => line.msg === 'request');

describe('the access log', () => {
  it('writes one line per request with method, route, path, status, time and request id', async () => {
    lines.length = 0;
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/servers/00000000-0000-4000-8000-000000000000?x=1',
    });
    expect(response.statusCode).toBe(404);
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      lines.filter((line) => /incoming request|request completed/.test(String(line.msg))),
    ).toEqual([]);
    const [line, ...more] = accessLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/servers/:id',
      path: '/api/servers/00000000-0000-4000-8000-000000000000',
      status: 404,
      reqId: response.headers['x-request-id'],
    });
    expect(typeof line!.ms).toBe('number');
  });

  it('is the line pino would write: its level, time, pid and hostname, in the same order', async () => {
    lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/api/servers/not-a-uuid' });
    await new Promise((resolve) => setImmediate(resolve));
    const [line] = accessLines();
    expect(Object.keys(line!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'route',
      'path',
      'status',
      'ms',
      'msg',
    ]);
    expect(line).toMatchObject({ pid: process.pid, path: '/api/servers/not-a-uuid' });
    expect(Math.abs(Number(line!.time) - Date.now())).toBeLessThan(60_000);
  });

  it('writes a request that failed to send at the error level, with the error', () => {
    const written: Record<string, unknown>[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => void written.push(JSON.parse(line)) },
    ).child({ reqId: 'r1' });
    new AccessLog().requestCompleted(
      new Error('socket hang up'),
      { method: 'GET', url: '/api/servers?q=1', routeOptions: { url: '/api/servers' } } as never,
      { log, statusCode: 200, elapsedTime: 1.25 } as never,
    );
    expect(written).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: 'r1',
        route: '/api/servers',
        path: '/api/servers',
        err: expect.objectContaining({ message: 'socket hang up' }),
        msg: 'request',
      }),
    ]);
  });

  it('never writes a query string, where a token may be', async () => {
    lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token');
    expect(accessLines()[0]).toMatchObject({ path: '/reset-password' });
  });
});

describe('the readable log for a terminal', () => {
  it('turns an access line into method, path, status and time', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.parse('2026-11-24T10:01:02Z'),
      reqId: 'r1',
      method: 'GET',
      route: '/api/servers',
      path: '/api/servers',
      status: 200,
      ms: 3.1,
      msg: 'request',
    });
    expect(readableLine(json)).toMatch(/^\d\d:\d\d:\d\d GET \/api\/servers 200 3\.1 ms\n$/);
  });

  it('shows the level of a warning, its fields and an error stack', () => {
    const json = JSON.stringify({
      level: 50,
      time: Date.now(),
      job: 'mail-outbox',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
      msg: 'background job failed',
    });
    expect(readableLine(json)).toMatch(
      /^\d\d:\d\d:\d\d ERROR background job failed job=mail-outbox\nError: boom\n {4}at x\n$/,
    );
  });

  it('is used in a terminal or when asked', () => {
    const written: string[] = [];
    const output = (isTTY: boolean) =>
      ({
        isTTY,
        fd: 1,
        write: (text: string) => written.push(text),
      }) as unknown as NodeJS.WriteStream;
    pino({ level: 'info' }, logDestination('auto', output(true))).info(
      { ready: true },
      'CrimsonHost is ready',
    );
    pino({ level: 'info' }, logDestination('pretty', output(false))).info(
      'Mail goes to the outbox',
    );
    expect(written).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d CrimsonHost is ready ready=true\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d Mail goes to the outbox\n$/),
    ]);
  });

  it("is JSON lines on the output's own descriptor otherwise, flushed on demand", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'crimsonhost-log-')), 'out.log');
    const fd = openSync(file, 'w');
    try {
      const output = { isTTY: false, fd } as unknown as NodeJS.WriteStream;
      const stream = logDestination('auto', output) as ReturnType<typeof jsonDestination>;
      pino({ level: 'info' }, stream).info({ ready: true }, 'CrimsonHost is ready');
      stream.flushSync();
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        msg: 'CrimsonHost is ready',
        ready: true,
      });
    } finally {
      closeSync(fd);
    }
  });
});

const parseLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the JSON log stream', () => {
  it('writes the lines of one turn together right after it, in order, and never holds more', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'crimsonhost-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const fsyncs = vi.spyOn(fs, 'fsyncSync');
    try {
      const logger = pino({ level: 'info' }, jsonDestination(fd));
      for (let n = 0; n < 3; n += 1) logger.info({ n }, 'line');
      // Still in the turn that logged: nothing is written yet.
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setImmediate(resolve));
      const written = parseLines(readFileSync(file, 'utf8'));
      expect(written.map((line) => line.n)).toEqual([0, 1, 2]);
      // Written, not synced: a sync to disk after every turn would cost each request more than
      // its line (docs/benchmarks.md, request logging).
      expect(fsyncs).not.toHaveBeenCalled();

      // A turn that logs more than the batch holds writes as it goes; the rest follows the turn.
      const big = 'x'.repeat(1000);
      for (let n = 0; n < 20; n += 1) logger.info({ n, big }, 'big line');
      expect(readFileSync(file, 'utf8').length).toBeGreaterThan(8192);
      await new Promise((resolve) => setImmediate(resolve));
      const all = parseLines(readFileSync(file, 'utf8'));
      expect(all.filter((line) => line.msg === 'big line').map((line) => line.n)).toEqual(
        Array.from({ length: 20 }, (_, n) => n),
      );
    } finally {
      fsyncs.mockRestore();
      closeSync(fd);
    }
  });
});
