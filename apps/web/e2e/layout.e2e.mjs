import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, MOBILE, saveScreenshot, sharedBrowser } from './browser.mjs';

const browser = sharedBrowser();

async function open(viewport) {
  const { context, page } = await browser.openPage(viewport);
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { context, page };
}

/** Relative luminance of a computed CSS colour such as 'rgb(0, 0, 0)'. */
function luminance(cssColor) {
  const [r, g, b] = cssColor
    .match(/[\d.]+/g)
    .slice(0, 3)
    .map(Number);
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const bodyBackground = (page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('customer layout', () => {
  it('at 375px opens the navigation drawer from the menu button', async () => {
    const { context, page } = await open(MOBILE);
    try {
      assert.equal(await page.getByRole('button', { name: 'Collapse sidebar' }).count(), 0);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await drawer.waitFor();
      await page.waitForTimeout(400); // let the slide-in animation finish before measuring
      const box = await drawer.boundingBox();
      assert.ok(box, 'the drawer is on screen');
      assert.equal(Math.round(box.width), 280);
      await saveScreenshot(page, 'drawer-375-light');

      await drawer.getByRole('link', { name: 'Home' }).waitFor();
      await drawer.getByRole('link', { name: 'Browse Servers' }).click();
      await page.waitForURL((url) => url.pathname === '/servers');
      await drawer.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  it('at 1280px collapses the sidebar and keeps it collapsed after a reload', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      const sidebar = page.locator('aside#main-sidebar');
      assert.equal(await page.getByRole('button', { name: 'Open navigation' }).count(), 0);
      assert.equal(await sidebar.getAttribute('data-collapsed'), 'false');

      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      assert.equal(await sidebar.getAttribute('data-collapsed'), 'true');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();

      assert.equal(await sidebar.getAttribute('data-collapsed'), 'true');
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await page.waitForFunction(
        () => document.getElementById('main-sidebar')?.getBoundingClientRect().width === 72,
      );
      await saveScreenshot(page, 'sidebar-collapsed-1280-light');
    } finally {
      await context.close();
    }
  });

  it('switches to the dark theme and keeps it after a reload', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      assert.ok(luminance(await bodyBackground(page)) > 0.8, 'starts light');

      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();

      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.ok(luminance(await bodyBackground(page)) < 0.05, 'the page background is dark');
      const headerBackground = await page
        .getByRole('banner')
        .evaluate((header) => getComputedStyle(header).backgroundColor);
      assert.ok(luminance(headerBackground) < 0.05, 'the header is dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('gives the header its scrolled style after 10px of scroll', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      const header = page.getByRole('banner');
      assert.equal(await header.getAttribute('data-scrolled'), 'false');
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(
        () => document.querySelector('header')?.getAttribute('data-scrolled') === 'true',
      );
    } finally {
      await context.close();
    }
  });

  it('lets keyboard users skip to the main content', async () => {
    const { context, page } = await open(DESKTOP);
    try {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      assert.ok(await skip.evaluate((link) => link === document.activeElement));
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    } finally {
      await context.close();
    }
  });
});
