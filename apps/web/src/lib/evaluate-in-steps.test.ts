import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluateInSteps, nextTask, preloadedModules } from './evaluate-in-steps';

describe('evaluateInSteps', () => {
  it('imports each module in the given order and gives the main thread back after each', async () => {
    const events: string[] = [];
    const load = (url: string) => {
      events.push(`load ${url}`);
      return Promise.resolve();
    };
    const betweenSteps = () => {
      events.push('next task');
      return Promise.resolve();
    };
    await evaluateInSteps(['/a.js', '/b.js', '/c.js'], load, betweenSteps);
    expect(events).toEqual([
      'load /a.js',
      'next task',
      'load /b.js',
      'next task',
      'load /c.js',
      'next task',
    ]);
  });

  it('stops quietly at a module that fails to load, leaving the app to report it', async () => {
    const loaded: string[] = [];
    const load = (url: string) => {
      loaded.push(url);
      return url === '/b.js' ? Promise.reject(new Error('offline')) : Promise.resolve();
    };
    await expect(evaluateInSteps(['/a.js', '/b.js', '/c.js'], load)).resolves.toBeUndefined();
    expect(loaded).toEqual(['/a.js', '/b.js']);
  });

  it('reads the modules from the page in the order the build listed them', () => {
    document.head.innerHTML =
      '<link rel="modulepreload" href="/assets/runtime.js">' +
      '<link rel="stylesheet" href="/assets/app.css">' +
      '<link rel="modulepreload" href="/assets/start.js">';
    expect(preloadedModules(document)).toEqual([
      `${window.location.origin}/assets/runtime.js`,
      `${window.location.origin}/assets/start.js`,
    ]);
    document.head.innerHTML = '';
  });
});

describe('nextTask', () => {
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToBrowser };
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves in a later task, after the microtasks queued before it', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    // A chain of microtasks all runs before a new task starts.
    void Promise.resolve()
      .then(() => Promise.resolve())
      .then(() => order.push('microtasks'));
    await waited;
    expect(order).toEqual(['microtasks', 'next task']);
  });
});
