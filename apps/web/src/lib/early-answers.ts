/**
 * Catalog answers asked for by the page's entry (src/main.tsx), before the app's modules have
 * arrived (decision 066). A phone otherwise asks for a server's page only once the app has
 * loaded, then the page's module, then rendered: the request waited behind all of that, and the
 * listing's name (the page's largest text) with it. Small and without imports: the entry carries it.
 *
 * Only answers anyone may read are asked for this way, and only for a visitor without a stored
 * session (the prerendered page is shown to no one else), so no header of the app's API client is
 * missing. An answer that is not a success is dropped: the app then asks as it always does and
 * reports the failure in its own words.
 */

/** An early answer is taken only this soon after it was asked for; later it may be stale. */
export const EARLY_ANSWER_TTL_MS = 10_000;

const answers = new Map<string, { askedAt: number; body: Promise<unknown> }>();

/** Asks for `GET /api{path}` now; the first `takeEarlyAnswer(path)` gets its JSON body. */
export function askEarly(path: string): void {
  const body = fetch(new URL(`/api${path}`, window.location.href), {
    headers: { Accept: 'application/json' },
  })
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);
  answers.set(path, { askedAt: Date.now(), body });
}

/**
 * The body of an answer asked for early, once: undefined when none was asked for, it is older than
 * EARLY_ANSWER_TTL_MS, or it failed.
 */
export async function takeEarlyAnswer(path: string): Promise<unknown> {
  const early = answers.get(path);
  if (!early) return undefined;
  answers.delete(path);
  if (Date.now() - early.askedAt >= EARLY_ANSWER_TTL_MS) return undefined;
  return early.body;
}
