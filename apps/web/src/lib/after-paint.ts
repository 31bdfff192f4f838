/**
 * What a prerendered page fetches only after its first paint (decision 067). The build lists the
 * app's chunks and the first screens' Ant Design stylesheet in the page's head with link types the
 * browser does not know, so nothing but the page itself competes for a slow phone's network
 * before the page is drawn. The entry turns them into real links once the page is on screen.
 */

/** A chunk of the app, listed for after the first paint (in place of `modulepreload`). */
export const MODULE_AFTER_PAINT_REL = 'modulepreload-after-paint';
/** A stylesheet, listed for after the first paint (in place of `stylesheet`). */
export const STYLESHEET_AFTER_PAINT_REL = 'stylesheet-after-paint';

/** Starts the downloads of the listed chunks, all at once. */
export function startModuleDownloads(document: Document): void {
  for (const listed of document.querySelectorAll<HTMLLinkElement>(
    `link[rel="${MODULE_AFTER_PAINT_REL}"]`,
  )) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = listed.href;
    listed.replaceWith(link);
  }
}

/**
 * Turns each listed stylesheet into a real one where it stands (its place in the cascade is the
 * build's). Resolves when every one has loaded or failed: a stylesheet that fails only means the
 * app computes those styles itself, as it does without one.
 */
export function loadStylesheets(document: Document): Promise<void> {
  const loads = Array.from(
    document.querySelectorAll<HTMLLinkElement>(`link[rel="${STYLESHEET_AFTER_PAINT_REL}"]`),
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
  return Promise.all(loads).then(() => undefined);
}
