// Accounts as a person uses them: sign up (with the recovery codes step), sign out, sign in, a
// protected page that sends a visitor to sign in and back, a password reset from a real mail, and
// the idle timeout with shortened session constants.
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
import { waitForMail } from './mail-server.mjs';
import {
  PASSWORD,
  RUN,
  confirmRecoveryCodesSaved,
  createAccount,
  screenshotAllWays,
} from './steps.mjs';

const SESSION_EXPIRED = 'Your session has expired. Please login again.';

const browser = sharedBrowser();
/** An account made through the API before the tests, for the flows that only need one. */
const renter = { email: `renter-${RUN}@example.com`, password: PASSWORD };

/** POST /api/auth/register as a script would: a CSRF token first, then the account. */
async function registerThroughApi(email, password, displayName) {
  const csrf = await fetch(`${BASE_URL}/api/auth/csrf`).then((response) => response.json());
  const response = await fetch(`${BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.data.csrfToken },
    body: JSON.stringify({ email, password, displayName }),
  });
  assert.equal(response.status, 201, `registering ${email}: ${await response.text()}`);
}

async function signIn(page, { email, password }) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const accountMenu = (page) => page.getByRole('button', { name: /^Account menu for / });

before(async () => {
  await registerThroughApi(renter.email, renter.password, 'E2E Renter');
});

describe('sign-up, sign-out and sign-in', () => {
  it('registers, shows the ten recovery codes once, signs out and signs in again', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const email = `newcomer-${RUN}@example.com`;
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Login' }).click();
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      await page.getByText('Use at least 10 characters.').waitFor();

      await createAccount(page, { displayName: 'Newcomer', email });

      const codes = await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      assert.equal(codes.length, 10);
      assert.equal(new Set(codes).size, 10);
      const proceed = page.getByRole('button', { name: 'Continue' });
      assert.equal(await proceed.isDisabled(), true, 'Continue waits for the confirmation');
      await screenshotAllWays(page, 'register-codes');

      await confirmRecoveryCodesSaved(page);
      // A new account lands on its dashboard and is greeted as new, not "back".
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Welcome, Newcomer' }).waitFor();
      await screenshotAllWays(page, 'register-dashboard');
      assert.equal(await accountMenu(page).textContent(), 'N');

      await accountMenu(page).click();
      await page.getByRole('menuitem', { name: /Logout/ }).click();
      await page.getByRole('link', { name: 'Login' }).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('accessToken')), null);

      await page.getByRole('link', { name: 'Login' }).click();
      await signIn(page, { email, password: PASSWORD });
      await accountMenu(page).waitFor();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('tells a wrong password plainly', async () => {
    const { context, page } = await browser.openPage(DESKTOP);
    try {
      await page.goto('/login');
      await signIn(page, { email: renter.email, password: 'not the password at all' });
      await page.getByRole('alert').getByText('Incorrect e-mail or password').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('protected routes', () => {
  it('send a visitor from /profile to sign in, and back to /profile afterwards', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    try {
      await page.goto('/profile');
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirectTo'), '/profile');

      await signIn(page, renter);
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
      await page.getByText(renter.email).first().waitFor();
      await page.getByText('10 of 10 recovery codes left.', { exact: false }).waitFor();

      assert.deepEqual(await seriousA11yViolations(page), []);
      await screenshotAllWays(page, 'profile');
    } finally {
      await context.close();
    }
  });
});

describe('login page', () => {
  it('renders at 1280 and 375 in light and dark without overflow, errors or a11y violations', async () => {
    for (const [viewportName, viewport] of [
      ['1280', DESKTOP],
      ['375', MOBILE],
    ]) {
      for (const theme of ['light', 'dark']) {
        const { context, page } = await browser.openPage(viewport, { theme });
        const problems = await watchForErrors(page);
        try {
          await page.goto('/login');
          await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
          await page.waitForLoadState('networkidle');
          assert.equal(await hasHorizontalOverflow(page), false);
          await saveScreenshot(page, `login-${viewportName}-${theme}`);
          assert.deepEqual(problems, []);
          // After the error check: axe-core itself trips the CSP's eval guard.
          assert.deepEqual(await seriousA11yViolations(page), [], `${viewportName}px ${theme}`);
        } finally {
          await context.close();
        }
      }
    }
  });
});

describe('password reset by mail', () => {
  it('mails a link that sets a new password once', async () => {
    const account = { email: `forgetful-${RUN}@example.com`, password: PASSWORD };
    await registerThroughApi(account.email, account.password, 'Forgetful');
    const { context, page } = await browser.openPage(MOBILE);
    const newPassword = 'a brand new long passphrase';
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByRole('link', { name: /Reset by e-mail/ }).click();
      await page.getByLabel('E-mail').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();

      const mail = await waitForMail(account.email, { subject: 'Reset your CrimsonHost password' });
      const link = /https?:\/\/\S+\/recovery\?token=[\w%-]+/.exec(mail.text)?.[0];
      assert.ok(link, `a reset link in: ${mail.text}`);
      assert.ok(link.startsWith(BASE_URL), 'the link leads to this storefront');

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password').fill(newPassword);
      await page.getByLabel('Confirm password').fill(newPassword);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password is changed').waitFor();
      // The reset replaced the recovery codes: the new ten are shown once.
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      assert.equal(await codes.count(), 10);
      await page.getByRole('checkbox', { name: 'I have saved them' }).check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signIn(page, { email: account.email, password: newPassword });
      await accountMenu(page).waitFor();

      // The link works once.
      await page.goto(link);
      await page.getByLabel('New password').fill('yet another long passphrase');
      await page.getByLabel('Confirm password').fill('yet another long passphrase');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByRole('alert')
        .getByText(/expired or was already used/)
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('session timing', () => {
  it('warns before the idle timeout, then signs out with the expiry message', async () => {
    const { context, page } = await browser.openPage(DESKTOP);
    // Shortened constants, read by src/lib/config.ts (it only ever shortens them).
    await context.addInitScript(() => {
      window.__CRIMSONHOST_SESSION_TIMING__ = {
        idleTimeoutMs: 8000,
        warningBeforeMs: 5000,
        checkIntervalMs: 500,
        activityThrottleMs: 1000,
      };
    });
    try {
      await page.goto('/login?redirectTo=%2Fprofile');
      await signIn(page, renter);
      await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();

      const warning = page.getByRole('dialog', { name: 'Session Timeout Warning' });
      await warning.waitFor({ timeout: 15_000 });
      await warning
        .getByText('Your session will expire soon due to inactivity. Please click OK to continue.')
        .waitFor();
      await warning.getByRole('button', { name: 'OK' }).click();
      await warning.waitFor({ state: 'hidden' });
      assert.equal(new URL(page.url()).pathname, '/profile', 'OK keeps the session');

      // No activity now: the warning comes back, then the session ends.
      await warning.waitFor({ timeout: 15_000 });
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      await page.getByRole('alert').getByText(SESSION_EXPIRED).waitFor();
      await page.getByRole('link', { name: 'Login' }).waitFor();
      assert.equal(await page.evaluate(() => window.localStorage.getItem('refresh_token')), null);
    } finally {
      await context.close();
    }
  });
});
