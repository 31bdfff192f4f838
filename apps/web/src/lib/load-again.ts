/** How long a module whose download failed waits before its one more try. */
export const LOAD_AGAIN_AFTER_MS = 500;

/**
 * Loads a module, and once more after a short pause when that fails. A download the browser
 * cancels because the page is being left (a reload, a link to another page of the site while a
 * chunk loads) then reports nothing: the page is gone before the pause ends, where it used to
 * log the failure and flash the error screen on its way out. A download that failed on a flaky
 * network gets a second chance before the page says it could not load (and offers a retry).
 */
export function loadAgainOnFailure<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve, reject) => {
        setTimeout(() => void load().then(resolve, reject), LOAD_AGAIN_AFTER_MS);
      }),
  );
}
