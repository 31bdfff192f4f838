import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStream } from '../src/lib/log-stream';

/**
 * A real pipe that nobody reads yet (a FIFO opened for reading and writing, without blocking):
 * the kernel takes 64 KiB and then answers EAGAIN, as a log collector that stalls does.
 */
function stalledPipe() {
  const fifo = path.join(mkdtempSync(path.join(tmpdir(), 'crimsonhost-log-pipe-')), 'log');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const writeFd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  const readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const chunk = Buffer.alloc(65536);
  let read = '';
  return {
    writeFd,
    /** Reads everything the pipe holds now, as the collector catching up does. */
    drain(): string {
      for (;;) {
        let n = 0;
        try {
          n = readSync(readFd, chunk, 0, chunk.length, null);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
          throw error;
        }
        if (n === 0) break;
        read += chunk.toString('utf8', 0, n);
      }
      return read;
    },
    close() {
      closeSync(writeFd);
      closeSync(readFd);
    },
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const turn = () => new Promise((resolve) => setImmediate(resolve));
const line = (n: number) => `{"n":${n},"pad":"${'x'.repeat(200)}"}\n`;
/** The whole lines of what was read (a read may end inside a line the pipe took half of). */
const wholeLines = (text: string) =>
  text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean);
const numbers = (text: string) =>
  wholeLines(text).map((entry) => (JSON.parse(entry) as { n?: number }).n);

let pipes: ReturnType<typeof stalledPipe>[] = [];
afterEach(() => {
  for (const pipe of pipes) pipe.close();
  pipes = [];
});

describe('the log stream on an output that stops reading', () => {
  it('never blocks the server: what the pipe does not take waits and follows in order', async () => {
    const pipe = stalledPipe();
    pipes.push(pipe);
    const stream = new LogStream(pipe.writeFd);
    // 1,000 lines of ~210 bytes: three times what the pipe holds.
    const began = performance.now();
    for (let n = 0; n < 1000; n += 1) {
      stream.write(line(n));
      if (n % 100 === 99) await turn();
    }
    // Writing did not wait on the pipe (SonicBoom's sync mode slept 100 ms at each EAGAIN).
    expect(performance.now() - began).toBeLessThan(5000);
    expect(numbers(pipe.drain()).length).toBeLessThan(1000);
    // The collector reads again: the rest arrives, in order, none twice, none lost.
    let seen: (number | undefined)[] = [];
    for (let tries = 0; tries < 200 && seen.length < 1000; tries += 1) {
      await wait(30);
      seen = numbers(pipe.drain());
    }
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, n) => n));
  });

  it('drops what passes its limit while the output is stalled, and says how many', async () => {
    const pipe = stalledPipe();
    pipes.push(pipe);
    const stream = new LogStream(pipe.writeFd, { backlogLimitBytes: 100_000 });
    for (let n = 0; n < 2000; n += 1) stream.write(line(n));
    await turn();
    let text = '';
    for (let tries = 0; tries < 200 && !text.includes('dropped'); tries += 1) {
      await wait(30);
      text = pipe.drain();
    }
    const entries = wholeLines(text).map(
      (entry) => JSON.parse(entry) as { n?: number; msg?: string; level?: number },
    );
    const kept = entries.filter((entry) => entry.n !== undefined).map((entry) => entry.n!);
    const notice = entries.find((entry) => entry.msg !== undefined);
    // What was kept is a prefix, in order; the notice counts exactly the rest.
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, n) => n));
    expect(kept.length).toBeGreaterThan(300);
    expect(kept.length).toBeLessThan(2000);
    expect(notice).toMatchObject({
      level: 40,
      msg: `${2000 - kept.length} log lines were dropped: the log output was not read`,
    });
    // Logging goes on once the output reads again.
    stream.write(line(5000));
    await turn();
    expect(numbers(pipe.drain()).at(-1)).toBe(5000);
  });

  it('writes everything that waits at exit, even behind a stalled pipe that reads again', async () => {
    const pipe = stalledPipe();
    pipes.push(pipe);
    const stream = new LogStream(pipe.writeFd);
    for (let n = 0; n < 400; n += 1) stream.write(line(n));
    await turn();
    const first = pipe.drain();
    stream.write(line(400));
    stream.flushSync();
    expect(numbers(first + pipe.drain().slice(first.length))).toEqual(
      Array.from({ length: 401 }, (_, n) => n),
    );
  });

  it('stops and says so once when the output fails, without throwing into the request', async () => {
    // A pipe whose reader went away: the kernel answers EPIPE.
    const fifo = path.join(mkdtempSync(path.join(tmpdir(), 'crimsonhost-log-pipe-')), 'log');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const reports: string[] = [];
    const stream = new LogStream(writeFd, { reportFailure: (message) => reports.push(message) });
    try {
      stream.write(line(1));
      await turn();
      const chunk = Buffer.alloc(4096);
      const n = readSync(readFd, chunk, 0, chunk.length, null);
      expect(numbers(chunk.toString('utf8', 0, n))).toEqual([1]);
      closeSync(readFd);
      expect(() => stream.write(line(2))).not.toThrow();
      await turn();
      stream.write(line(3));
      await turn();
      expect(reports).toEqual(['The log output failed (EPIPE); logging stopped.']);
    } finally {
      closeSync(writeFd);
    }
  });
});
