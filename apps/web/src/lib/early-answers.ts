/**
 * Answers asked for before any component wants them, each taken once by the query that would have
 * asked (decision 066). A phone otherwise asks only once the app, then the page's module, have
 * loaded and rendered: the request waited behind all of that, and the page's largest text with it.
 * Small and without imports: the page's entry (src/main.tsx) carries it.
 */

/** An early answer is taken only this soon after it was asked for; later it may be stale. */
export const EARLY_ANSWER_TTL_MS = 10_000;

const answers = new Map<string, { askedAt: number; answer: Promise<unknown> }>();

/**
 * Keeps `answer` for the first `takeEarlyAnswer(key)`. The query that takes it handles a failure;
 * unclaimed, it is dropped quietly.
 */
export function keepEarlyAnswer(key: string, answer: Promise<unknown>): void {
  answer.catch(() => undefined);
  answers.set(key, { askedAt: Date.now(), answer });
}

/**
 * Asks for `GET /api{path}` now, from the entry, before the app's API client has loaded: kept under
 * `path`, its JSON body, or undefined when it was not a success (the app then asks as it always
 * does and reports the failure in its own words). Only for answers anyone may read, and only for a
 * visitor without a stored session (the prerendered page is shown to no one else), so no header of
 * the API client is missing.
 */
export function askEarly(path: string): void {
  keepEarlyAnswer(
    path,
    fetch(new URL(`/api${path}`, window.location.href), {
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? response.json() : undefined))
      .catch(() => undefined),
  );
}

/**
 * The answer kept under `key`, once: undefined when none was kept or it is older than
 * EARLY_ANSWER_TTL_MS.
 */
export function takeEarlyAnswer<T>(key: string): Promise<T> | undefined {
  const early = answers.get(key);
  answers.delete(key);
  if (!early || Date.now() - early.askedAt >= EARLY_ANSWER_TTL_MS) return undefined;
  return early.answer as Promise<T>;
}
