import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import {
  BASE_URL,
  DESKTOP,
  MOBILE,
  hasHorizontalOverflow,
  saveScreenshot,
  sharedBrowser,
  watchForErrors,
} from './browser.mjs';

const browser = sharedBrowser();
before(async () => {
  // The demo catalog comes online once the status job has asked its demo game servers.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await (await fetch(`${BASE_URL}/api/servers?status=online&game=csgo`)).json();
    if (answer.meta.total >= 10) break;
    if (Date.now() > deadline) throw new Error('the demo csgo servers did not come online');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

/** Waits until the list shows the answer to the current URL. */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-label="Results"][aria-busy="false"]').waitFor();
}

/** Retries `check` (which asserts) until it passes or `timeoutMs` is over: the list re-renders
 * a moment after the URL changed (router navigations run as React transitions). */
async function eventually(check, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Picks the option starting with `option` in the select labelled `label`. */
async function choose(page, label, option) {
  const select = page.getByRole('combobox', { name: label });
  const value = await select.locator('option', { hasText: option }).first().getAttribute('value');
  await select.selectOption(value);
}

async function cardNames(page) {
  return page
    .getByRole('list', { name: 'Servers' })
    .getByRole('heading', { level: 3 })
    .allTextContents();
}

/** USDT per hour of each card, as numbers, in the order shown. */
async function cardPrices(page) {
  const texts = await page
    .getByRole('list', { name: 'Servers' })
    .getByText(/USDT \/ hour$/)
    .allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

describe('server catalog', () => {
  it('finds a csgo server in a region under a price by clicking, and the link reproduces the view', async () => {
    const { context, page } = await browser.openPage(DESKTOP);
    const problems = await watchForErrors(page);
    try {
      await page.goto('/servers');
      await page.getByRole('heading', { level: 1, name: 'Browse Servers' }).waitFor();
      await page.getByText('60 servers').waitFor();

      await choose(page, 'Game', 'CS:GO');
      await page.waitForURL((url) => url.searchParams.get('game') === 'csgo');
      await page.getByText('12 servers').waitFor();
      await settled(page);

      await choose(page, 'Sort by', 'Price: low to high');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
      await settled(page);
      await eventually(async () => {
        const prices = await cardPrices(page);
        assert.deepEqual(
          prices,
          [...prices].sort((a, b) => a - b),
        );
      });

      // Ten to a page: the second page holds the last two, dearest last.
      await page.getByRole('combobox', { name: 'Page size' }).selectOption({ label: '10 / page' });
      await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await settled(page);
      await eventually(async () => assert.equal((await cardNames(page)).length, 2));

      // A region and a price cap narrow it to what a visitor is after.
      await choose(page, 'Region', 'Frankfurt');
      await page.getByRole('spinbutton', { name: 'Maximum price per hour' }).fill('0.05');
      await page.waitForURL((url) => url.searchParams.get('maxPrice') === '0.05');
      await settled(page);
      await eventually(async () => {
        const prices = await cardPrices(page);
        assert.ok(prices.length >= 1, 'a csgo server in Frankfurt under 0.05 USDT');
        assert.ok(prices.every((price) => price <= 0.05));
      });
      const found = await cardNames(page);
      const view = new URL(page.url());
      assert.equal(view.searchParams.get('page'), null, 'a new filter goes back to page 1');
      await saveScreenshot(page, 'catalog-filtered-1280');

      // Reloading the shared link shows the same view.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Browse Servers' }).waitFor();
      await settled(page);
      assert.deepEqual(await cardNames(page), found);
      assert.equal(
        await page.getByRole('spinbutton', { name: 'Maximum price per hour' }).inputValue(),
        '0.05',
      );
      assert.equal(await page.getByRole('combobox', { name: 'Sort by' }).inputValue(), 'price_asc');

      // The card's Rent Server opens the server's page, with live players from its game server.
      await page.getByRole('link', { name: `Rent Server: ${found[0]}` }).click();
      await page.getByRole('heading', { level: 1, name: found[0] }).waitFor();
      await page.getByText(/\d+ \/ \d+ players/).waitFor();
      await page.getByText(/Last answered .* ago/).waitFor();
      await page
        .getByText(/USDT \/ hour/)
        .first()
        .waitFor();
      await saveScreenshot(page, 'catalog-detail-1280');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark']) {
    it(`list and detail at 375px in ${theme}: no overflow, no serious a11y violations`, async () => {
      const { context, page } = await browser.openPage(MOBILE, { theme });
      const problems = await watchForErrors(page);
      try {
        await page.goto('/servers?game=rust&sort=price_desc');
        await page.getByRole('list', { name: 'Servers' }).waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await hasHorizontalOverflow(page), false);
        assert.deepEqual(await seriousA11yViolations(page), []);
        await saveScreenshot(page, `catalog-list-375-${theme}`);

        await page
          .getByRole('list', { name: 'Servers' })
          .getByRole('heading', { level: 3 })
          .first()
          .getByRole('link')
          .click();
        await page.getByRole('heading', { name: 'Players' }).waitFor();
        assert.equal(await hasHorizontalOverflow(page), false);
        assert.deepEqual(await seriousA11yViolations(page), []);
        await saveScreenshot(page, `catalog-detail-375-${theme}`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the not-found state for an unknown server', async () => {
    const { context, page } = await browser.openPage(DESKTOP);
    try {
      await page.goto('/servers/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: 'Server not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
