/**
 * The app's modules evaluated one chunk at a time (decision 066). A dynamic import evaluates the
 * whole graph it reaches in one task: for the app that was 80 to 110 ms of a fast machine's main
 * thread, four times that on a phone, during which the page could not answer a tap. Imported in
 * the order the build lists them (each chunk after the chunks it imports), each import evaluates
 * one chunk, and the browser gets the main thread back between them.
 */

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a new task, after the browser has had the chance to paint and handle input. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The app's chunks in the order the build preloads them: dependencies first. */
export function preloadedModules(document: Document): string[] {
  return Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
    (link) => link.href,
  );
}

/**
 * Imports each module in turn, a task apart. A module that fails to load ends the steps quietly:
 * the app's own import then meets the same failure and reports it as it always has.
 */
export async function evaluateInSteps(
  urls: readonly string[],
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
  betweenSteps: () => Promise<void> = nextTask,
): Promise<void> {
  for (const url of urls) {
    try {
      await load(url);
    } catch {
      return;
    }
    await betweenSteps();
  }
}
