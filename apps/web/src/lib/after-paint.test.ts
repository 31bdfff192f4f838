import { afterEach, describe, expect, it } from 'vitest';
import {
  loadStylesheets,
  MODULE_AFTER_PAINT_REL,
  startModuleDownloads,
  STYLESHEET_AFTER_PAINT_REL,
} from './after-paint';
import { preloadedModules } from './evaluate-in-steps';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('startModuleDownloads', () => {
  it('turns each listed chunk into a module preload in its place, keeping the order', () => {
    document.head.innerHTML =
      `<link rel="${MODULE_AFTER_PAINT_REL}" crossorigin href="/assets/runtime.js">` +
      '<style>body{margin:0}</style>' +
      `<link rel="${MODULE_AFTER_PAINT_REL}" crossorigin href="/assets/start.js">`;
    const listed = preloadedModules(document);
    startModuleDownloads(document);
    const links = Array.from(document.head.querySelectorAll('link'));
    expect(links.map((link) => [link.rel, link.crossOrigin, link.getAttribute('href')])).toEqual([
      ['modulepreload', '', `${window.location.origin}/assets/runtime.js`],
      ['modulepreload', '', `${window.location.origin}/assets/start.js`],
    ]);
    expect(preloadedModules(document)).toEqual(listed);
    expect(listed).toEqual([
      `${window.location.origin}/assets/runtime.js`,
      `${window.location.origin}/assets/start.js`,
    ]);
  });
});

describe('loadStylesheets', () => {
  it('turns a listed stylesheet into a real one where it stands, and resolves once it has loaded', async () => {
    document.head.innerHTML =
      '<style id="antd-page">.a{}</style>' +
      `<link rel="${STYLESHEET_AFTER_PAINT_REL}" href="/assets/first-screens/antd.css">` +
      '<style id="app">.b{}</style>';
    let settled = false;
    const loaded = loadStylesheets(document).then(() => {
      settled = true;
    });
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    // In the cascade where the build put it: after the page's Ant Design styles, before the app's.
    expect(link.previousElementSibling?.id).toBe('antd-page');
    expect(link.nextElementSibling?.id).toBe('app');
    expect(document.head.querySelector(`link[rel="${STYLESHEET_AFTER_PAINT_REL}"]`)).toBeNull();
    await Promise.resolve();
    expect(settled).toBe(false);
    link.dispatchEvent(new Event('load'));
    await loaded;
    expect(settled).toBe(true);
  });

  it('resolves when a stylesheet fails too: the app then computes those styles itself', async () => {
    document.head.innerHTML =
      `<link rel="${STYLESHEET_AFTER_PAINT_REL}" href="/assets/first-screens/a.css">` +
      `<link rel="${STYLESHEET_AFTER_PAINT_REL}" href="/assets/first-screens/b.css">`;
    const loaded = loadStylesheets(document);
    const [first, second] = Array.from(
      document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
    );
    first!.dispatchEvent(new Event('error'));
    second!.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
  });

  it('resolves at once on a page that lists none', async () => {
    await expect(loadStylesheets(document)).resolves.toBeUndefined();
  });
});
