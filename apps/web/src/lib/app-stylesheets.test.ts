import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_STYLESHEET_REL, APP_STYLESHEET_WAIT_MS, loadAppStylesheets } from './app-stylesheets';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('loadAppStylesheets', () => {
  it('turns a listed stylesheet into a real one where it stands, and resolves once it has loaded', async () => {
    document.head.innerHTML =
      '<style id="antd-page">.a{}</style>' +
      `<link rel="${APP_STYLESHEET_REL}" href="/assets/first-screens/antd.css">` +
      '<style id="app">.b{}</style>';
    let settled = false;
    const loaded = loadAppStylesheets(document).then(() => {
      settled = true;
    });
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    // In the cascade where the build put it: after the page's Ant Design styles, before the app's.
    expect(link.previousElementSibling?.id).toBe('antd-page');
    expect(link.nextElementSibling?.id).toBe('app');
    expect(document.head.querySelector(`link[rel="${APP_STYLESHEET_REL}"]`)).toBeNull();
    await Promise.resolve();
    expect(settled).toBe(false);
    link.dispatchEvent(new Event('load'));
    await loaded;
    expect(settled).toBe(true);
  });

  it('resolves when a stylesheet fails too: the app then computes those styles itself', async () => {
    document.head.innerHTML =
      `<link rel="${APP_STYLESHEET_REL}" href="/assets/first-screens/a.css">` +
      `<link rel="${APP_STYLESHEET_REL}" href="/assets/first-screens/b.css">`;
    const loaded = loadAppStylesheets(document);
    const [first, second] = Array.from(
      document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
    );
    first!.dispatchEvent(new Event('error'));
    second!.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
  });

  it('stops waiting for a stylesheet that does not come', async () => {
    vi.useFakeTimers();
    try {
      document.head.innerHTML = `<link rel="${APP_STYLESHEET_REL}" href="/assets/first-screens/a.css">`;
      let settled = false;
      const loaded = loadAppStylesheets(document).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(APP_STYLESHEET_WAIT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await loaded;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves at once on a page that lists none', async () => {
    await expect(loadAppStylesheets(document)).resolves.toBeUndefined();
  });
});
