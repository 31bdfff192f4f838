/**
 * Stylesheets a prerendered page lists for the app rather than for its own first paint (decision
 * 067): the Ant Design styles the build computed for the first screens. The page lists them with a
 * link type the browser does not know, so they cannot hold back the first paint; the entry turns
 * them into real stylesheets when it runs, and the app renders once they are in.
 */

/** A stylesheet listed for the app (in place of `stylesheet`). */
export const APP_STYLESHEET_REL = 'stylesheet-for-app';

/**
 * How long the app waits for them at most: a stylesheet that has not come by then only means the
 * app computes those styles itself, as it does without one.
 */
export const APP_STYLESHEET_WAIT_MS = 3_000;

/**
 * Turns each listed stylesheet into a real one where it stands (its place in the cascade is the
 * build's). Resolves when every one has loaded or failed, or after `APP_STYLESHEET_WAIT_MS`.
 */
export function loadAppStylesheets(document: Document): Promise<void> {
  const loads = Array.from(
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${APP_STYLESHEET_REL}"]`),
    (listed) =>
      new Promise<void>((resolve) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
        link.href = listed.href;
        listed.replaceWith(link);
      }),
  );
  if (loads.length === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, APP_STYLESHEET_WAIT_MS);
  });
  return Promise.race([Promise.all(loads), waited]).then(() => clearTimeout(timer));
}
