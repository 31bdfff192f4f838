import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';

/** One full collection that gives memory back to the system. */
export type Collect = () => void;

/**
 * V8's memory-reducing full collection ("last resort": it compacts the heap and shrinks the young
 * generation, which grows to ~60 MB while the instance starts and otherwise keeps that size while
 * 8 MB of it are in use), or null where the runtime does not offer it. V8 has no other way in from
 * JavaScript: the collection is reached through its `gc` extension, turned on here for this call
 * only (it is not put on the global object).
 */
export function memoryReducingCollection(): Collect | null {
  try {
    let gc = (globalThis as { gc?: unknown }).gc;
    if (typeof gc !== 'function') {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc');
    }
    if (typeof gc !== 'function') return null;
    const collect = gc as (options: object) => void;
    return () => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } catch {
    return null;
  }
}

export interface IdleMemoryOptions {
  collect: Collect;
  /** Requests answered so far. */
  requests: () => number;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** After start: the start's garbage (migrations, the demo's seed) goes then. */
  afterStartMs?: number;
  /** A quiet stretch: no request answered for this long. */
  quietMs?: number;
  /** While quiet, how often again at most (the jobs keep allocating a little). */
  quietRepeatMs?: number;
  now?: () => number;
  residentBytes?: () => number;
}

/**
 * Gives the memory an instance no longer uses back to the system: once after it starts, and
 * whenever it goes quiet (no request for a minute) after serving, or every 30 minutes it stays
 * quiet. Never while it answers: the collection pauses the process (100–300 ms for the API's
 * heap), which only a quiet instance does not feel. Decision 063; docs/benchmarks.md.
 */
export class IdleMemory {
  private readonly afterStartMs: number;
  private readonly quietMs: number;
  private readonly quietRepeatMs: number;
  private readonly now: () => number;
  private readonly residentBytes: () => number;
  private timers: NodeJS.Timeout[] = [];
  private requestsAtCheck = 0;
  private requestsAtRelease = -1;
  private lastRelease = 0;

  constructor(private readonly options: IdleMemoryOptions) {
    this.afterStartMs = options.afterStartMs ?? 10_000;
    this.quietMs = options.quietMs ?? 60_000;
    this.quietRepeatMs = options.quietRepeatMs ?? 30 * 60_000;
    this.now = options.now ?? Date.now;
    this.residentBytes = options.residentBytes ?? (() => process.memoryUsage.rss());
  }

  start(): void {
    this.lastRelease = this.now();
    this.timers.push(setTimeout(() => this.release('after start'), this.afterStartMs).unref());
    this.timers.push(setInterval(() => this.check(), this.quietMs).unref());
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** Runs each `quietMs`: releases when nothing was answered since the last check and either
   * something was answered since the last release or it has been quiet for `quietRepeatMs`. */
  check(): void {
    const served = this.options.requests();
    const quiet = served === this.requestsAtCheck;
    this.requestsAtCheck = served;
    if (!quiet) return;
    if (served !== this.requestsAtRelease) this.release('quiet after serving');
    else if (this.now() - this.lastRelease >= this.quietRepeatMs) this.release('quiet');
  }

  private release(reason: string): void {
    const before = this.residentBytes();
    const began = performance.now();
    this.options.collect();
    const pauseMs = Math.round(performance.now() - began);
    this.lastRelease = this.now();
    this.requestsAtRelease = this.options.requests();
    this.requestsAtCheck = this.requestsAtRelease;
    // V8 hands the freed pages back from its own threads just after: read the size a second on.
    const report = () => {
      const after = this.residentBytes();
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      this.options.log.info(
        { reason, residentMbBefore: mb(before), residentMbAfter: mb(after), pauseMs },
        `Memory given back (${reason}): ${mb(before)} → ${mb(after)} MB resident, a ${pauseMs} ms collection`,
      );
    };
    this.timers.push(setTimeout(report, 1000).unref());
  }
}
