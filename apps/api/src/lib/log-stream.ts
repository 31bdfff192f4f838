import { fsyncSync, openSync, writeSync } from 'node:fs';

/** Lines that wait for the end of the turn; a turn that logs more writes as it goes. */
const BATCH_CHARS = 8192;
/** How long a retry waits when the output did not take everything (a full pipe). */
const RETRY_MS = 25;
/** How long writing at exit may wait on an output that takes nothing. */
const EXIT_WAIT_MS = 2000;

export interface LogStreamOptions {
  /** Bytes an output that does not read may have waiting before new lines are dropped. */
  backlogLimitBytes?: number;
  /** Where a failure of the output is told (once): standard error by default. */
  reportFailure?: (message: string) => void;
}

/**
 * The JSON log's stream: the lines of one turn of the event loop go out in one write right after
 * the turn, so a line is never held back longer than the work that made it, and the cost of a
 * line is appending it to a string (docs/benchmarks.md, request logging: pino's own per-line
 * write, and SonicBoom's accounting, cost more than making the line).
 *
 * The write never blocks the server: what a full pipe does not take waits as bytes and is retried
 * shortly, in order, with new lines behind it; past `backlogLimitBytes` (16 MB) new lines are
 * dropped and counted, and a line says how many once the output reads again. An output that
 * fails (closed, gone) is told once on standard error and logging stops. At exit what waits is
 * written (waiting up to 2 s on a full pipe) and a file is synced to disk.
 */
export class LogStream {
  private text = '';
  /** Bytes the output has not taken yet; while set, a retry is scheduled and writes wait behind. */
  private backlog: Buffer | null = null;
  private scheduled = false;
  private retry: NodeJS.Timeout | null = null;
  private dropped = 0;
  private failed = false;
  private readonly backlogLimit: number;
  private readonly reportFailure: (message: string) => void;

  constructor(
    private readonly fd: number,
    options: LogStreamOptions = {},
  ) {
    this.backlogLimit = options.backlogLimitBytes ?? 16 * 1024 * 1024;
    this.reportFailure =
      options.reportFailure ??
      ((message) => {
        try {
          writeSync(2, `${message}\n`);
        } catch {
          // Nowhere left to tell it.
        }
      });
  }

  /** A stream on a file descriptor, or on a file (appended to) by its path. */
  static open(dest: number | string, options?: LogStreamOptions): LogStream {
    return new LogStream(typeof dest === 'number' ? dest : openSync(dest, 'a'), options);
  }

  write(line: string): void {
    if (this.failed) return;
    if (this.backlog !== null && this.backlog.length + this.text.length > this.backlogLimit) {
      this.dropped += 1;
      return;
    }
    this.text += line;
    if (this.backlog !== null) return; // the retry writes it, behind what waits
    if (this.text.length >= BATCH_CHARS) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.endOfTurn);
    }
  }

  private readonly endOfTurn = () => {
    this.scheduled = false;
    if (this.backlog === null) this.flush();
  };

  /** Writes what waits as far as the output takes it now; the rest is retried shortly. */
  private flush(): void {
    const pending = this.take();
    if (pending === null) return;
    const left = this.writeSome(pending);
    if (left !== null && left.length > 0) {
      this.backlog = left;
      this.retry ??= setTimeout(this.retryBacklog, RETRY_MS);
    }
  }

  private readonly retryBacklog = () => {
    this.retry = null;
    const pending = this.take();
    this.backlog = null;
    if (pending === null) return;
    const left = this.writeSome(pending);
    if (left === null) return;
    if (left.length > 0) {
      this.backlog = left;
      this.retry = setTimeout(this.retryBacklog, RETRY_MS);
    } else if (this.dropped > 0) {
      const dropped = this.dropped;
      this.dropped = 0;
      this.write(
        `{"level":40,"time":${Date.now()},"msg":"${dropped} log line${dropped === 1 ? ' was' : 's were'} dropped: the log output was not read"}\n`,
      );
    }
  };

  /** What waits (backlog first), as one piece; null when nothing does. */
  private take(): string | Buffer | null {
    const text = this.text;
    this.text = '';
    if (this.backlog === null) return text === '' ? null : text;
    return text === '' ? this.backlog : Buffer.concat([this.backlog, Buffer.from(text)]);
  }

  /**
   * Writes as much as the output takes without waiting: the bytes left over (empty when all went
   * out), or null when the output failed and logging stopped.
   */
  private writeSome(data: string | Buffer): Buffer | null {
    let bytes = typeof data === 'string' ? null : data;
    let offset = 0;
    try {
      if (bytes === null) {
        // The usual case: one write of the whole text, no copy into a buffer first.
        const text = data as string;
        const written = writeSync(this.fd, text);
        if (written === Buffer.byteLength(text)) return EMPTY;
        bytes = Buffer.from(text);
        offset = written;
      }
      while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
      return EMPTY;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return (bytes ?? Buffer.from(data as string)).subarray(offset);
      this.failed = true;
      this.text = '';
      this.backlog = null;
      this.reportFailure(`The log output failed (${code ?? String(error)}); logging stopped.`);
      return null;
    }
  }

  /**
   * Writes everything that waits now, waiting on a full pipe (up to 2 s), and syncs a file to
   * disk: for the exit, not for every turn (a sync after every turn cost more than the lines).
   */
  flushSync(): void {
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    const deadline = Date.now() + EXIT_WAIT_MS;
    let pending = this.take();
    this.backlog = null;
    while (pending !== null && pending.length > 0 && !this.failed) {
      const left = this.writeSome(pending);
      if (left === null || left.length === 0) break;
      if (Date.now() > deadline) break;
      pending = left;
      Atomics.wait(SLEEPER, 0, 0, 10);
    }
    try {
      fsyncSync(this.fd);
    } catch {
      // A pipe or a terminal: nothing to sync.
    }
  }
}

const EMPTY = Buffer.alloc(0);
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));
