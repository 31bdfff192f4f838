// Every route of the storefront, signed out and signed in, at 1280 and 375 px in light and dark,
// checked against WCAG 2.2 AA with axe-core (the dialogs are checked where their flows open them:
// wallet, rentals and accounts, through screenshotAllWays).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { BASE_URL, DESKTOP, MOBILE, sharedBrowser } from './browser.mjs';
import { PASSWORD, RUN } from './steps.mjs';

const browser = sharedBrowser();
const account = { email: `routes-${RUN}@example.com`, password: PASSWORD };
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
const SIGNED_IN_ROUTES = ['/dashboard', '/wallet', '/rentals', '/profile'];

let serverId;

before(async () => {
  const csrf = await fetch(`${BASE_URL}/api/auth/csrf`).then((response) => response.json());
  const response = await fetch(`${BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.data.csrfToken },
    body: JSON.stringify({ ...account, displayName: 'Route Walker' }),
  });
  assert.equal(response.status, 201, await response.text());
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

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
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

      it('signed in: no serious WCAG 2.2 AA violation', async () => {
        const { context, page } = await browser.openPage(viewport, { theme });
        try {
          await signIn(page);
          const found = {};
          for (const route of [...SIGNED_IN_ROUTES, ...OPEN_ROUTES.slice(0, 4)]) {
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
