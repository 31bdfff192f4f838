// Steps several end-to-end files take the same way a person would: signing up, paying a deposit
// on the offline demo chain, and looking at a page at both widths in both themes.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  DESKTOP,
  MOBILE,
  SCREENSHOT_DIR,
  clippedHeadings,
  hasHorizontalOverflow,
  saveScreenshot,
} from './browser.mjs';
import { seriousA11yViolations } from './a11y.mjs';
import { waitForMail } from './mail-server.mjs';
import { recall, remember } from './run-state.mjs';
import { nextCode } from './totp.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const PASSWORD = 'correct horse battery staple';
/** Part of every e-mail address a test file signs up with, so reruns never collide. */
export const RUN = Date.now().toString(36);
/** The demo chain mines a block a second and ERC20 needs 12: allow for a slow machine. */
export const CONFIRMED_WITHIN_MS = 120_000;

/** Fills in the sign-up form and sends it, up to the recovery codes it answers with. */
export async function createAccount(page, { displayName, email, password = PASSWORD }) {
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
}

/** Saves the codes; a new account then lands on its dashboard. */
export async function confirmRecoveryCodesSaved(page) {
  await page.getByRole('checkbox', { name: 'I have saved them' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * Opens the link of the verification mail that the sign-up sent to `email`, as its owner would:
 * until then the account cannot deposit.
 */
export async function verifyEmail(page, email) {
  const mail = await waitForMail(email, {
    subject: 'Confirm your e-mail address for CrimsonHost',
  });
  const link = /https?:\/\/\S+\/verify-email\?token=[\w%-]+/.exec(mail.text)?.[0];
  assert.ok(link, `a verification link in: ${mail.text}`);
  await page.goto(link);
  await page.getByText('Your e-mail address is verified').waitFor();
}

/** Signs in on the sign-in page as `account`, and waits for the account menu. */
export async function signInAs(page, { email, password = PASSWORD }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** A new account made on the sign-up page, its address verified from the mail, signed in. */
export async function signUp(page, account) {
  await page.goto('/register');
  await createAccount(page, account);
  await confirmRecoveryCodesSaved(page);
  await verifyEmail(page, account.email);
}

/**
 * Pays `amount` test USDT on ERC20 to `address` on the e2e server's own demo chain with
 * `npm run demo:pay`, as the README tells a newcomer (a deposit, or a vendor's payout); answers
 * the transaction hash the command prints.
 */
export async function demoPay(address, amount) {
  assert.ok(process.env.DEMO_CHAIN_PORT, 'run.mjs gives the tests the demo chain port');
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', 'demo:pay', '--', '--network', 'ERC20', '--to', address, '--amount', amount],
    { cwd: repoRoot, env: { ...process.env, DEMO_CHAIN_PORT: process.env.DEMO_CHAIN_PORT } },
  );
  assert.match(stdout, new RegExp(`Paid ${amount} test USDT on ERC20 to ${address}`, 'i'));
  const hash = /\(tx (0x[0-9a-f]{64})\)/i.exec(stdout)?.[1];
  assert.ok(hash, `a transaction hash in: ${stdout}`);
  return hash;
}

/** Opens the wallet page's deposit dialog with `amount` USDT on ERC20 chosen; returns the dialog. */
export async function openDeposit(page, amount) {
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit USDT' });
  await dialog.getByLabel('Amount (USDT)').fill(amount);
  await dialog.getByRole('radio', { name: /Ethereum \(ERC20\)/ }).check();
  return dialog;
}

/** The address the deposit dialog asks to be paid, once it has generated one. */
export async function depositAddress(dialog) {
  return (await dialog.getByTestId('deposit-address').textContent()).trim();
}

/** Closes a confirmed deposit's dialog, back on the wallet page. */
export async function backToWallet(dialog) {
  await dialog.getByRole('button', { name: 'Back to Wallet' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Deposits `amount` USDT from the wallet page and waits until it is credited. */
export async function deposit(page, amount) {
  await page.goto('/wallet');
  const dialog = await openDeposit(page, amount);
  await dialog.getByRole('button', { name: 'Generate Deposit Address' }).click();
  await demoPay(await depositAddress(dialog), amount);
  await dialog
    .getByText('Deposit confirmed', { exact: true })
    .waitFor({ timeout: CONFIRMED_WITHIN_MS });
  await backToWallet(dialog);
}

/**
 * The table named `name` (its caption) once its rows are those of what it names: a list keeps its
 * old rows, busy, while a new view, filter or page loads, and the app renders a navigation as a
 * transition, so a row read right after a click can still be the old list's.
 */
export async function settledTable(page, name) {
  const table = page.getByRole('table', { name }).and(page.locator('[aria-busy="false"]'));
  await table.waitFor();
  return table;
}

/**
 * Switches the theme with the header's own button. A DOM click, because an open dialog's mask
 * lies over the header (and no tooltip is left open by the pointer).
 */
export async function switchTheme(page, theme) {
  const label = theme === 'dark' ? 'Switch to dark theme' : 'Switch to light theme';
  await page.evaluate((name) => {
    document.querySelector(`button[aria-label="${name}"]`).click();
  }, label);
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
}

const currentTheme = (page) => page.evaluate(() => document.documentElement.dataset.theme);

/**
 * Screenshots at 1280 and 375 in light and dark, none of them scrolling sideways nor with a
 * serious accessibility violation (WCAG 2.2 AA). A page is kept
 * whole, from its top; a dialog as the screen shows it (a full-page capture would cut its fixed
 * mask). Afterwards the page is at 1280 again, in dark, or in the theme it had before with
 * `restoreTheme`.
 */
export async function screenshotAllWays(page, name, { dialog = false, restoreTheme = false } = {}) {
  const themeBefore = await currentTheme(page);
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      if ((await currentTheme(page)) !== theme) await switchTheme(page, theme);
      assert.equal(await hasHorizontalOverflow(page), false, `${name} at ${width}px`);
      assert.deepEqual(await clippedHeadings(page), [], `${name} at ${width}px: headings cut`);
      // Each screen kept is also checked against WCAG 2.2 AA, at both widths and in both themes.
      assert.deepEqual(
        await seriousA11yViolations(page),
        [],
        `${name} at ${width}px in ${theme}: accessibility`,
      );
      if (dialog) {
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`) });
      } else {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.mouse.move(viewport.width / 2, viewport.height - 1); // no hover in the picture
        await saveScreenshot(page, `${name}-${width}-${theme}`);
      }
    }
  }
  await page.setViewportSize(DESKTOP);
  if (restoreTheme && (await currentTheme(page)) !== themeBefore) {
    await switchTheme(page, themeBefore);
  }
}

/** Each staff account's authenticator secret is kept, once set up in this run, in run-state.mjs. */

/**
 * Opens `path` in the staff area as the signed-in staff account `email`: sets up two-step
 * verification the first time (reading the setup key as a person types it into an app), and
 * enters a fresh code at each later staff sign-in.
 */
export async function openStaffArea(page, email, path = '/admin') {
  await page.goto(path);
  const enrol = page.getByRole('heading', { name: 'Set up two-step verification' });
  const code = page.getByRole('heading', { name: 'Enter your code' });
  const area = page.getByRole('navigation', { name: 'Staff area' });
  await enrol.or(code).or(area).first().waitFor();
  if (await enrol.isVisible()) {
    const secret = (await page.locator('code').first().textContent()).replace(/\s+/g, '');
    remember('staffSecrets', email, secret);
    await page
      .getByLabel('Enter the 6-digit code from your authenticator app')
      .fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    await page.getByLabel('Backup codes').getByRole('listitem').nth(9).waitFor();
    return {
      secret,
      async finish() {
        await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
        await page.getByRole('button', { name: 'Continue' }).click();
        await area.waitFor();
      },
    };
  }
  if (await code.isVisible()) {
    const secret = recall('staffSecrets', email);
    if (!secret) throw new Error(`${email} set up two-step verification outside this run`);
    await page
      .getByLabel('Enter the 6-digit code from your authenticator app')
      .fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await area.waitFor();
  }
  return { secret: recall('staffSecrets', email), finish: async () => undefined };
}

/** Moves the test clock from the staff area's Settings, after its confirmation. */
export async function moveClock(page, step) {
  await page.goto('/admin/settings');
  const card = page.locator('.ant-card').filter({ hasText: 'Test clock' });
  await card.getByRole('button', { name: `${step} ahead` }).click();
  await page.getByRole('button', { name: `Move ${step} ahead` }).click();
  await page
    .locator('.ant-message')
    .getByText(/^The clock moved ahead:/)
    .waitFor();
  return card;
}

/** Puts the test clock back on the real time, for the files after this one. */
export async function resetClock(page) {
  await page.goto('/admin/settings');
  const back = page.getByRole('button', { name: 'Back to real time' });
  await back.waitFor();
  if (await back.isEnabled()) {
    await back.click();
    await page
      .locator('.ant-message')
      .getByText(/^The clock is back on the real time/)
      .waitFor();
  }
}

/**
 * The demo panel's published client key (DEMO_PANEL_API_KEY in the API's panels.seed.ts): it
 * opens only the run's loopback demo panel.
 */
const DEMO_PANEL_KEY = 'ptlc_CrimsonDemoLocalDemoPanelOnlyNotARealKey000';

/**
 * Kills the game server named `name` from the panel's side, as a vendor's panel admin would and
 * not through CrimsonHost: finds it in the Client API's server list of the run's demo panel (page
 * by page), then sends it the kill signal.
 */
export async function killFromPanel(name) {
  assert.ok(process.env.DEMO_PANEL_PORT, 'run.mjs gives the tests the demo panel port');
  const panel = `http://127.0.0.1:${process.env.DEMO_PANEL_PORT}`;
  const headers = {
    authorization: `Bearer ${DEMO_PANEL_KEY}`,
    accept: 'Application/vnd.pterodactyl.v1+json',
    'content-type': 'application/json',
  };
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${panel}/api/client?page=${page}`, { headers });
    assert.equal(response.status, 200, `the demo panel lists its servers (page ${page})`);
    const list = await response.json();
    const server = list.data.find((entry) => entry.attributes.name === name);
    if (server) {
      const killed = await fetch(
        `${panel}/api/client/servers/${server.attributes.identifier}/power`,
        { method: 'POST', headers, body: JSON.stringify({ signal: 'kill' }) },
      );
      assert.equal(killed.status, 204, `the demo panel kills ${name}`);
      return;
    }
    assert.ok(page < list.meta.pagination.total_pages, `the demo panel has a server named ${name}`);
  }
}
