/**
 * A small per-instance cache of public answers that are the same for every visitor (catalog pages
 * and facets), for `ttlMs` each. Callers asking for a key that is being computed share that one
 * computation. Entries past `maxEntries` push out the oldest. An answer is at most `ttlMs` older
 * than the database on any instance; nothing that moves money is cached.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed computation is not kept: the next caller tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}

/** The same key for the same query, whatever the order of its parameters. */
export function queryKey(query: object): string {
  return JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}
