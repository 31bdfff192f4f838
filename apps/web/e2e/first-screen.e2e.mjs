// The prerendered first screens (decision 060): a visitor sees the page before the app's
// JavaScript has run, in their theme and layout, and the app then draws the same page over it
// without moving anything. The app's modules are held back here to see the page as a slow phone
// shows it while they download.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BASE_URL,
  DESKTOP,
  MOBILE,
  PRERENDERED_SCREEN,
  saveScreenshot,
  sharedBrowser,
  watchForErrors,
  watchLayoutShift,
} from './browser.mjs';

const browser = sharedBrowser();

const PRERENDERED = PRERENDERED_SCREEN;
/** Each test looks at the prerendered screen before the app replaces it. */
const KEEP = { prerendered: 'keep' };
const HERO_TITLE = 'Your own game server, rented by the hour.';

/** Holds every request for the app's modules until the returned function is called. */
async function holdAppModules(page) {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

/** Navigates to `url` and waits for its HTML: the prerendered screen, before the app runs. */
async function loadPrerendered(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(PRERENDERED).waitFor({ state: 'attached' });
}

/** Whether the prerendered screen is on the page and drawn (not hidden as someone else's). */
const prerenderedShown = (page) =>
  page.evaluate((selector) => {
    const screen = document.querySelector(selector);
    return screen !== null && getComputedStyle(screen).visibility === 'visible';
  }, PRERENDERED);

describe('a prerendered first screen', () => {
  it('shows a phone the home page before the app runs, and the app takes over in place', async () => {
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    // A phone's browser says so in its client hints: the server draws the phone's layout.
    await context.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    try {
      const problems = await watchForErrors(page);
      const layoutShift = await watchLayoutShift(page);
      const release = await holdAppModules(page);
      await loadPrerendered(page, '/');

      const screen = page.locator(PRERENDERED);
      await screen.locator('h1', { hasText: HERO_TITLE }).waitFor();
      assert.equal(await prerenderedShown(page), true);
      assert.equal(await screen.getAttribute('data-prerendered-layout'), 'mobile');
      // Nothing in it can be typed into or pressed before the app has drawn the page.
      assert.equal(await screen.getAttribute('inert'), '');
      const drawnAt = await screen.locator('h1').boundingBox();
      await saveScreenshot(page, 'first-screen-home-375-light');

      release();
      await screen.waitFor({ state: 'detached' });
      const title = page.getByRole('heading', { level: 1, name: HERO_TITLE });
      await title.waitFor();
      const appAt = await title.boundingBox();
      assert.deepEqual(
        [appAt.x, appAt.y, appAt.width, appAt.height].map(Math.round),
        [drawnAt.x, drawnAt.y, drawnAt.width, drawnAt.height].map(Math.round),
        'the app draws the title where the prerendered page had it',
      );
      await page.getByRole('link', { name: 'Browse Servers' }).first().click();
      await page.waitForURL((url) => url.pathname === '/servers');
      assert.ok((await layoutShift()) < 0.02, `layout shift ${await layoutShift()}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it("lists the build's Ant Design styles for the app, which then computes none of them", async () => {
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    await context.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    try {
      const problems = await watchForErrors(page);
      const requested = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const release = await holdAppModules(page);
      await loadPrerendered(page, '/servers');
      await page.locator(PRERENDERED).locator('h1', { hasText: 'Browse Servers' }).waitFor();
      // Decision 067: listed, so it cannot hold back the first paint; the entry fetches it.
      const stylesheet = /^\/assets\/first-screens\/antd-[\w-]+\.css$/;
      assert.equal(await page.locator('link[rel="stylesheet-for-app"]').count(), 1);
      assert.ok(!requested.some((path) => stylesheet.test(path)), 'fetched before the entry ran');
      const ownStyles = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll('style[data-css-hash]'),
          (style) => style.dataset.cssHash,
        ),
      );

      release();
      await page.locator(PRERENDERED).waitFor({ state: 'detached' });
      // The servers' cards, drawn once the list has come.
      await page.getByRole('heading', { level: 3 }).getByRole('link').first().waitFor();
      assert.ok(
        requested.some((path) => stylesheet.test(path)),
        'the entry fetched the stylesheet',
      );
      // Ant Design computed and inserted no component style of its own: every one the page uses
      // came with the page or the build's stylesheet (only the theme's variables are computed).
      const computed = await page.evaluate(
        (own) =>
          Array.from(document.querySelectorAll('style[data-css-hash]'))
            .filter((style) => !own.includes(style.dataset.cssHash))
            .filter(
              (style) => !style.dataset.tokenHash && !style.dataset.cssHash.startsWith('_effect'),
            )
            .map((style) => style.textContent.slice(0, 80)),
        ownStyles,
      );
      assert.deepEqual(computed, []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('is drawn in the theme the visitor last saw, and hidden while it is not theirs', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'dark', ...KEEP });
    try {
      const problems = await watchForErrors(page);
      const release = await holdAppModules(page);
      // A first visit is drawn light: hidden from someone who asked for dark.
      await loadPrerendered(page, '/servers');
      assert.equal(await page.locator(PRERENDERED).getAttribute('data-prerendered-theme'), 'light');
      assert.equal(await prerenderedShown(page), false);

      // The browser told the server: the next page is drawn dark, and shown.
      await loadPrerendered(page, '/');
      const screen = page.locator(PRERENDERED);
      await screen.locator('h1', { hasText: HERO_TITLE }).waitFor();
      assert.equal(await screen.getAttribute('data-prerendered-theme'), 'dark');
      assert.equal(await screen.getAttribute('data-prerendered-layout'), 'wide');
      assert.equal(await prerenderedShown(page), true);
      await saveScreenshot(page, 'first-screen-home-1280-dark');
      release();
      await screen.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: HERO_TITLE }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('is hidden from someone signed in, whose page may differ', async () => {
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    try {
      await context.addInitScript(() => window.localStorage.setItem('accessToken', 'stored'));
      const release = await holdAppModules(page);
      await loadPrerendered(page, '/');
      assert.equal(await prerenderedShown(page), false);
      release();
    } finally {
      await context.close();
    }
  });

  it('is hidden at a width its layout was not drawn for', async () => {
    const { context, page } = await browser.openPage(DESKTOP, KEEP);
    try {
      // The last page was seen on a phone (a window made narrow, say): the server draws the
      // phone's layout for a window that is wide again.
      await context.addCookies([{ name: 'crimsonhost-layout', value: 'mobile', url: BASE_URL }]);
      const release = await holdAppModules(page);
      await loadPrerendered(page, '/');
      assert.equal(
        await page.locator(PRERENDERED).getAttribute('data-prerendered-layout'),
        'mobile',
      );
      assert.equal(await prerenderedShown(page), false);
      release();
    } finally {
      await context.close();
    }
  });

  it('is not drawn for a filtered server list, which the app fills in', async () => {
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    try {
      await page.goto('/servers?game=rust', { waitUntil: 'commit' });
      assert.equal(await page.locator(PRERENDERED).count(), 0);
      await page.getByRole('heading', { level: 1, name: 'Browse Servers' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('names the server a visitor opens before the app runs, and keeps the name while it loads', async () => {
    const listing = (await (await fetch(`${BASE_URL}/api/servers`)).json()).data[0];
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    await context.setExtraHTTPHeaders({ 'sec-ch-ua-mobile': '?1' });
    try {
      const problems = await watchForErrors(page);
      const layoutShift = await watchLayoutShift(page);
      const release = await holdAppModules(page);
      // The listing's answer is held too: the app draws the page while it loads.
      let answer;
      const answered = new Promise((resolve) => {
        answer = resolve;
      });
      await page.route(`**/api/servers/${listing.id}`, async (route) => {
        await answered;
        await route.continue();
      });
      await loadPrerendered(page, `/servers/${listing.id}`);

      const screen = page.locator(PRERENDERED);
      await screen.locator('h1', { hasText: listing.name }).waitFor();
      assert.equal(await page.title(), `${listing.name} · CrimsonHost`);
      const drawnAt = await screen.locator('h1').boundingBox();
      await saveScreenshot(page, 'first-screen-server-375-light');

      release();
      await screen.waitFor({ state: 'detached' });
      await page.getByRole('status', { name: 'Loading the server' }).waitFor();
      const title = page.getByRole('heading', { level: 1, name: listing.name });
      const appAt = await title.boundingBox();
      assert.deepEqual(
        [appAt.x, appAt.y, appAt.width, appAt.height].map(Math.round),
        [drawnAt.x, drawnAt.y, drawnAt.width, drawnAt.height].map(Math.round),
        'the app draws the name where the served page had it',
      );
      assert.ok((await layoutShift()) < 0.02, `layout shift ${await layoutShift()}`);

      answer();
      await page.getByRole('heading', { level: 2, name: 'Specifications' }).waitFor();
      const loadedAt = await title.boundingBox();
      assert.deepEqual(
        [loadedAt.x, loadedAt.y].map(Math.round),
        [drawnAt.x, drawnAt.y].map(Math.round),
        'the name stays where it was once the listing is in',
      );
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('is not drawn for an address that names no listing, which the app says is not found', async () => {
    const { context, page } = await browser.openPage(MOBILE, KEEP);
    try {
      await page.goto('/servers/5b0f9c1e-9c1d-4a59-8d41-3f1f6f0c2a11', { waitUntil: 'commit' });
      assert.equal(await page.locator(PRERENDERED).count(), 0);
      await page.getByRole('heading', { level: 1, name: 'Server not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
