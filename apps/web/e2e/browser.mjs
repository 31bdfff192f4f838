import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { animationsSettled } from './a11y.mjs';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
export const SCREENSHOT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'screenshots',
);
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 740 };

/** Debian's Chromium, headless, with the flags CI needs (no sandbox in a container, no GPU). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (its own local storage) at the given viewport. `theme` preloads the
 * stored theme, as a returning visitor would have it. `prerendered: 'keep'` leaves a page's
 * prerendered first screen for the test to look at (below). The system asks for reduced motion
 * (decision 057): dialogs and menus appear in place instead of zooming in from where they were
 * opened, so a click lands where the element is, not where a paused animation first drew it.
 */
export async function openPage(browser, viewport, { theme, prerendered = 'wait' } = {}) {
  const context = await browser.newContext({
    viewport,
    baseURL: BASE_URL,
    reducedMotion: 'reduce',
  });
  keepLastLooks(context);
  if (theme) {
    await context.addInitScript((value) => {
      window.localStorage.setItem('crimsonhost.theme', value);
    }, theme);
  }
  const page = await context.newPage();
  if (prerendered === 'wait') waitForAppAfterLoads(page);
  return { context, page };
}

/** The prerendered first screen of `/`, `/servers` and `/servers/{id}` (decision 060). */
export const PRERENDERED_SCREEN = '#root > [data-prerendered-theme]';

/**
 * A load of a prerendered page ends when the app has drawn the page over it: until then the page
 * is an inert picture of itself, whose title a test would find and whose controls do nothing.
 * `page.goto` and `page.reload` wait for that (the first-screen test opts out to look at it).
 */
function waitForAppAfterLoads(page) {
  for (const method of ['goto', 'reload']) {
    const load = page[method].bind(page);
    page[method] = async (...args) => {
      const response = await load(...args);
      await page.waitForFunction(
        (selector) => document.querySelector(selector) === null,
        PRERENDERED_SCREEN,
      );
      return response;
    };
  }
}

/** What each page of the running test showed last: printed only when the test fails. */
const lastLooks = [];
const openContexts = new Set();

/** The page's address and its accessibility tree (what a screen reader would read), shortened. */
async function lookAt(page) {
  const tree = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch((error) => `(no snapshot: ${error.message.split('\n')[0]})`);
  const text = tree.length > 4_000 ? `${tree.slice(0, 4_000)}\n…` : tree;
  return { url: page.url(), text, page };
}

/**
 * Tests close their contexts in `finally`, before anyone knows whether they failed: a context
 * looks at its pages as it closes, so that a failure (often a timeout in CI, where nobody sees the
 * browser) is reported with what the person would have seen at that moment.
 */
function keepLastLooks(context) {
  openContexts.add(context);
  const close = context.close.bind(context);
  context.close = async (...args) => {
    if (openContexts.delete(context)) {
      for (const page of context.pages()) lastLooks.push(await lookAt(page));
    }
    return close(...args);
  };
}

/** After a failed test: each page's address and accessibility tree, and a screenshot of it. */
async function reportLastLooks(test) {
  const looks = [...lastLooks];
  for (const context of openContexts) {
    for (const page of context.pages()) looks.push(await lookAt(page));
  }
  lastLooks.length = 0;
  if (test.passed) return;
  for (const [index, look] of looks.entries()) {
    console.log(`--- page ${index + 1} of the failed test, at ${look.url} ---\n${look.text}`);
    if (!look.page.isClosed()) {
      await saveScreenshot(look.page, `failed-${index + 1}`).catch(() => {});
    }
  }
}

/**
 * One Chromium for all the tests of a file: launched before the first, closed after the last.
 * `openPage(viewport, options)` opens a fresh context in it, as `openPage` above does.
 */
export function sharedBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  afterEach(reportLastLooks);
  after(async () => {
    await browser?.close();
  });
  return { openPage: (viewport, options) => openPage(browser, viewport, options) };
}

/** Keeps a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at. */
export async function saveScreenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Whether the page is wider than its viewport (a horizontal scrollbar). */
export async function hasHorizontalOverflow(page) {
  // A page answers a new viewport over a frame or two and may animate into it (the vendor area's
  // sidebar folds away at 375 px): the width is read once that is over, not half-way through.
  await animationsSettled(page);
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/**
 * The visible headings whose text is cut off by a box around them that hides what overflows (a
 * section's title beside its action button on a phone, say), one line each.
 */
export async function clippedHeadings(page) {
  await animationsSettled(page);
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4')].flatMap((heading) => {
      if (!heading.checkVisibility()) return [];
      const range = document.createRange();
      range.selectNodeContents(heading);
      const text = range.getBoundingClientRect();
      for (let box = heading; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const edges = box.getBoundingClientRect();
        if (text.right > edges.right + 1 || text.left < edges.left - 1) {
          return [
            `"${heading.textContent}" runs ${Math.round(text.right - edges.right)} px past its box`,
          ];
        }
      }
      return [];
    }),
  );
}

/**
 * Records what should never happen on a page: console errors (CSP refusals are reported there
 * too), uncaught exceptions, and securitypolicyviolation events.
 */
export async function watchForErrors(page) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return problems;
}

/**
 * Sums the page's layout shifts from its start (its CLS), as Chromium reports them to a
 * `layout-shift` observer; the returned function reads the sum so far.
 */
export async function watchLayoutShift(page) {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) window.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => window.__layoutShift);
}
