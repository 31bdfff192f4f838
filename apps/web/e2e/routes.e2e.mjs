// Every open route of the storefront, signed out, at 1280 and 375 px in light and dark, checked
// against WCAG 2.2 AA with axe-core. The signed-in routes are checked in wallet.e2e.mjs with its
// account (registrations are limited per address), the dialogs where their flows open them
// (wallet, rentals, accounts: screenshotAllWays checks each screen it keeps).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { BASE_URL, DESKTOP, MOBILE, sharedBrowser } from './browser.mjs';

const browser = sharedBrowser();
const VIEWPORTS = [
  ['1280', DESKTOP],
  ['375', MOBILE],
];

/** Open to all; `/servers/:id` is filled in with a listed server before the run. */
const OPEN_ROUTES = [
  '/',
  '/servers',
  '/servers/:id',
  '/policies/buyer-protection',
  '/login',
  '/register',
  '/recovery',
  '/forgot-password',
  '/account-recovery',
  '/verify-email',
  '/auth/callback',
  '/health/auth',
  '/no-such-page',
];

let serverId;

before(async () => {
  const servers = await fetch(`${BASE_URL}/api/servers`).then((answer) => answer.json());
  serverId = servers.data[0].id;
});

/** Waits for the page's content and a quiet network, then runs axe. */
async function violationsAt(page, route) {
  await page.goto(route.replace(':id', encodeURIComponent(serverId)));
  await page.getByRole('main').first().waitFor();
  await page.waitForLoadState('networkidle');
  return seriousA11yViolations(page);
}

for (const [width, viewport] of VIEWPORTS) {
  for (const theme of ['light', 'dark']) {
    describe(`every route at ${width}px in ${theme}`, () => {
      it('signed out: no serious WCAG 2.2 AA violation', async () => {
        const { context, page } = await browser.openPage(viewport, { theme });
        try {
          const found = {};
          for (const route of OPEN_ROUTES) {
            const violations = await violationsAt(page, route);
            if (violations.length > 0) found[route] = violations;
          }
          assert.deepEqual(found, {});
        } finally {
          await context.close();
        }
      });
    });
  }
}
