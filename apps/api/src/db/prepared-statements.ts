import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many texts are watched for a second sighting before new ones are no longer counted. */
const WATCHED_TEXTS = 4096;

/**
 * Which statement texts get a name (decision 064). A text seen a second time is named, up to
 * `max` names for the process: the API's statements are a few hundred fixed texts, and a name
 * costs each connection one parsed statement and its cached plan on the server. Texts past the
 * cap (a list of ids of a new length, say) go unnamed as before, parsed and planned each time.
 */
export class StatementNames {
  private readonly seen = new Map<string, string | null>();
  private named = 0;

  constructor(private readonly max: number) {}

  nameFor(text: string): string | undefined {
    const known = this.seen.get(text);
    if (known) return known;
    if (known === undefined) {
      if (this.seen.size < WATCHED_TEXTS) this.seen.set(text, null);
      return undefined;
    }
    if (this.named >= this.max) return undefined;
    const name = `crimsonhost_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.seen.set(text, name);
    this.named += 1;
    return name;
  }

  get size() {
    return this.named;
  }
}

type QueryConfigLike = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * Wraps a pool connection's `query` for the API's use of it:
 *
 * - With `names`, its repeated statements go out as named ones, so PostgreSQL parses and plans
 *   each once per connection instead of at every call (node-postgres prepares a named statement
 *   on a connection the first time and reuses it after). Drizzle sends every query as a config
 *   object without a name; those get one from `names`.
 * - Queries that ask for a promise wait for the previous one on the connection to end before they
 *   are sent. Code that reads several things at once inside a transaction (`Promise.all` on one
 *   `tx`) relied on node-postgres queueing them, which it reports as deprecated and pg 9 removes.
 *
 * Queries given a callback, and submittables (a cursor, COPY), pass unchanged.
 */
export function wrapConnectionQueries(client: pg.PoolClient, names: StatementNames | null) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let previous: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfigLike | null;
    if (typeof args.at(-1) === 'function') return query(...args);
    if (config !== null && typeof config === 'object') {
      if (typeof config.submit === 'function') return query(...args);
      if (names && typeof config.text === 'string' && config.name === undefined) {
        const name = names.nameFor(config.text);
        if (name) args[0] = { ...config, name };
      }
    }
    const sent = previous.then(() => query(...args));
    previous = sent.catch(() => undefined);
    return sent;
  };
}
