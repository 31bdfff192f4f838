import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import {
  DESKTOP,
  MOBILE,
  clippedHeadings,
  hasHorizontalOverflow,
  saveScreenshot,
  sharedBrowser,
  watchForErrors,
} from './browser.mjs';

const PAGES = [
  { name: 'home', path: '/', heading: 'Your own game server, rented by the hour.' },
  {
    name: 'buyer-protection',
    path: '/policies/buyer-protection',
    heading: 'Buyer protection policy',
  },
  { name: 'not-found', path: '/no-such-page', heading: 'Page not found' },
];
const VIEWPORTS = [
  { name: '1280', size: DESKTOP },
  { name: '375', size: MOBILE },
];

const browser = sharedBrowser();

async function visit(viewport, path, options) {
  const { context, page } = await browser.openPage(viewport, options);
  const problems = await watchForErrors(page);
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  return { context, page, problems };
}

describe('pages at 1280 and 375, light and dark', () => {
  for (const { name, path, heading } of PAGES) {
    for (const viewport of VIEWPORTS) {
      for (const theme of ['light', 'dark']) {
        it(`${name} at ${viewport.name}px in ${theme}: renders without overflow or errors`, async () => {
          const { context, page, problems } = await visit(viewport.size, path, { theme });
          try {
            assert.equal(
              (await page.getByRole('heading', { level: 1 }).textContent())?.trim(),
              heading,
            );
            assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
            assert.equal(await hasHorizontalOverflow(page), false, 'no horizontal scroll');
            assert.deepEqual(await clippedHeadings(page), [], 'no heading cut');
            await saveScreenshot(page, `${name}-${viewport.name}-${theme}`);
            assert.deepEqual(problems, []);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});

describe('home page', () => {
  it('leads to the server list and the buyer protection policy', async () => {
    const { context, page } = await visit(DESKTOP, '/');
    try {
      const main = page.getByRole('main');
      assert.equal(
        await main
          .getByRole('link', { name: 'Read the buyer protection policy' })
          .getAttribute('href'),
        '/policies/buyer-protection',
      );
      await main.getByRole('link', { name: 'Browse Servers' }).first().click();
      await page.waitForURL('**/servers');
      await page.getByRole('heading', { level: 1, name: 'Browse Servers' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('registers the service worker', async () => {
    const { context, page } = await visit(DESKTOP, '/');
    try {
      const scope = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.scope;
      });
      assert.equal(new URL(scope).pathname, '/');
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark']) {
    it(`has no serious or critical accessibility violations in ${theme}`, async () => {
      for (const viewport of VIEWPORTS) {
        const { context, page } = await visit(viewport.size, '/', { theme });
        try {
          assert.deepEqual(await seriousA11yViolations(page), [], `at ${viewport.name}px`);
        } finally {
          await context.close();
        }
      }
    });
  }
});

describe('buyer protection policy', () => {
  it('covers escrow, disputes, refunds and time limits', async () => {
    const { context, page } = await visit(DESKTOP, '/policies/buyer-protection');
    try {
      for (const section of [
        'Payment held in escrow',
        'What is covered',
        'What is not covered',
        'How to open a dispute',
        'What happens next',
        'Refunds and compensation',
        'Time limits at a glance',
      ]) {
        await page.getByRole('heading', { level: 2, name: section }).waitFor();
      }
      await page.getByText('Last updated November 26, 2026').waitFor();
      assert.equal(await page.getByRole('table').getByRole('row').count(), 7);
      assert.deepEqual(await seriousA11yViolations(page), []);

      await page
        .getByRole('navigation', { name: 'On this page' })
        .getByText('How to open a dispute')
        .click();
      const heading = page.getByRole('heading', { level: 2, name: 'How to open a dispute' });
      await page.waitForFunction(() => {
        const top = document.getElementById('open-a-dispute')?.getBoundingClientRect().top ?? -1;
        return top >= 64 && top < 200;
      });
      assert.ok(await heading.isVisible());
    } finally {
      await context.close();
    }
  });
});

describe('not-found page and staff areas', () => {
  it('answers an unknown path with the 404 page and a way home', async () => {
    const { context, page } = await visit(MOBILE, '/no-such-page');
    try {
      await page.getByText('Nothing lives at /no-such-page').waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Back Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  for (const path of ['/admin/x', '/vendor/listings']) {
    it(`sends a visitor from ${path} to /login`, async () => {
      const { context, page } = await browser.openPage(DESKTOP);
      try {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/login');
        const url = new URL(page.url());
        assert.equal(url.pathname, '/login');
        assert.equal(url.searchParams.get('redirectTo'), path);
      } finally {
        await context.close();
      }
    });
  }
});
