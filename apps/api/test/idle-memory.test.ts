import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdleMemory, memoryReducingCollection } from '../src/lib/idle-memory';

afterEach(() => {
  vi.useRealTimers();
});

function setUp() {
  vi.useFakeTimers();
  let requests = 0;
  const collect = vi.fn();
  const lines: string[] = [];
  const memory = new IdleMemory({
    collect,
    requests: () => requests,
    log: { info: (_fields: unknown, message?: string) => lines.push(String(message)) } as never,
    now: () => Date.now(),
    residentBytes: () => 300 * 1024 * 1024,
  });
  return { memory, collect, lines, serve: (n = 1) => (requests += n) };
}

describe('giving memory back when the instance is quiet', () => {
  it('collects once after start, then only when it goes quiet after serving', () => {
    const { memory, collect, lines, serve } = setUp();
    memory.start();
    vi.advanceTimersByTime(9_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(lines).toEqual([
      'Memory given back (after start): 300 → 300 MB resident, a 0 ms collection',
    ]);

    // Quiet since the start's collection: nothing more for half an hour.
    vi.advanceTimersByTime(5 * 60_000);
    expect(collect).toHaveBeenCalledTimes(1);

    // Busy for three minutes (requests in every minute): never while it answers.
    for (let minute = 0; minute < 3; minute += 1) {
      serve(50);
      vi.advanceTimersByTime(60_000);
    }
    expect(collect).toHaveBeenCalledTimes(1);

    // The first quiet minute after serving: once, and not again the next quiet minutes.
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10 * 60_000);
    expect(collect).toHaveBeenCalledTimes(2);
    memory.stop();
  });

  it('collects again every half hour the instance stays quiet', () => {
    const { memory, collect } = setUp();
    memory.start();
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    // Checked each minute: the first check half an hour or more after the last collection.
    vi.advanceTimersByTime(30 * 60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30 * 60_000);
    expect(collect).toHaveBeenCalledTimes(3);
    memory.stop();
    vi.advanceTimersByTime(60 * 60_000);
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it("reaches V8's memory-reducing collection on this runtime, without exposing gc globally", async () => {
    const hadGlobal = typeof (globalThis as { gc?: unknown }).gc === 'function';
    const collect = memoryReducingCollection();
    expect(collect).toBeTypeOf('function');
    // Garbage that only a full collection frees: one retained cycle, then released.
    let garbage: unknown[] | null = Array.from({ length: 200_000 }, (_, n) => ({ n }));
    const weak = new WeakRef(garbage);
    garbage = null;
    // A weak reference holds its target until the turn that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collect!();
    expect(weak.deref()).toBeUndefined();
    expect(typeof (globalThis as { gc?: unknown }).gc === 'function').toBe(hadGlobal);
  });
});
