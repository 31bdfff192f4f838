// A deposit as a newcomer makes it: sign up, open the wallet, ask for 25 USDT on ERC20, pay the
// address from the command line with `npm run demo:pay` on the offline demo chain, watch the
// confirmations come in to confirmed, and find the deposit in the timeline and its status view.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { seriousA11yViolations } from './a11y.mjs';
import {
  DESKTOP,
  MOBILE,
  SCREENSHOT_DIR,
  hasHorizontalOverflow,
  launchBrowser,
  openPage,
  saveScreenshot,
  watchForErrors,
} from './browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'correct horse battery staple';
const RUN = Date.now().toString(36);
/** The demo chain mines a block a second and ERC20 needs 12: allow for a slow machine. */
const CONFIRMED_WITHIN_MS = 120_000;

let browser;

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Pays a deposit address on the e2e server's own demo chain, as the README tells a newcomer. */
async function demoPay(address, amount) {
  assert.ok(process.env.DEMO_CHAIN_PORT, 'run.mjs gives the tests the demo chain port');
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', 'demo:pay', '--', '--network', 'ERC20', '--to', address, '--amount', amount],
    { cwd: repoRoot, env: { ...process.env, DEMO_CHAIN_PORT: process.env.DEMO_CHAIN_PORT } },
  );
  assert.match(stdout, new RegExp(`Paid ${amount} test USDT on ERC20 to ${address}`, 'i'));
}

/**
 * Switches the theme with the header's own button. A DOM click, because an open dialog's mask
 * lies over the header.
 */
async function switchTheme(page, theme) {
  const label = theme === 'dark' ? 'Switch to dark theme' : 'Switch to light theme';
  await page.evaluate((name) => {
    document.querySelector(`button[aria-label="${name}"]`).click();
  }, label);
  await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
}

/**
 * Screenshots at 1280 and 375 in light and dark. A page is kept whole; a dialog as the screen
 * shows it (a full-page capture would cut its fixed mask).
 */
async function screenshotAllWays(page, name, { dialog = false } = {}) {
  for (const [viewportName, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) {
        await switchTheme(page, theme);
      }
      await page.waitForTimeout(300);
      assert.equal(await hasHorizontalOverflow(page), false, `${name} at ${viewportName}px`);
      if (dialog) {
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `${name}-${viewportName}-${theme}.png`),
        });
      } else {
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `${name}-${viewportName}-${theme}`);
      }
    }
  }
  await page.setViewportSize(DESKTOP);
}

async function signUp(page, email) {
  await page.goto('/register');
  await page.getByLabel('Display name').fill('Depositor');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Save your recovery codes' }).waitFor();
  await page.getByRole('checkbox', { name: 'I have saved them' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

const toast = (page, text) => page.locator('.ant-message').getByText(text, { exact: true });

describe('a USDT deposit on the offline demo chain', () => {
  it('is paid with demo:pay, confirms block by block, and shows in the wallet', async () => {
    const { context, page } = await openPage(browser, DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await signUp(page, `depositor-${RUN}@example.com`);
      await page.getByRole('link', { name: 'Wallet' }).first().click();
      await page.waitForURL((url) => url.pathname === '/wallet');
      await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
      await page.getByText('No transactions found').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'wallet page');

      // Step 0: the amount and the network.
      await page.getByRole('button', { name: 'Deposit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deposit USDT' });
      await dialog.getByLabel('Amount (USDT)').fill('25');
      const erc20 = dialog.getByRole('radio', { name: /Ethereum \(ERC20\)/ });
      await erc20.check();
      assert.equal((await dialog.getByText('Demo network').count()) > 0, true);
      await dialog
        .getByText('If exactly 25.00 USDT arrives: fee 0.25 USDT, credited 24.75 USDT.')
        .waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'deposit dialog, amount');
      await screenshotAllWays(page, 'deposit-amount', { dialog: true });

      // Step 1: a fresh address, its QR code and the countdown.
      await dialog.getByRole('button', { name: 'Generate Deposit Address' }).click();
      await toast(page, 'Deposit address generated successfully!').waitFor();
      const address = (await dialog.getByTestId('deposit-address').textContent()).trim();
      assert.match(address, /^0x[0-9a-fA-F]{40}$/);
      assert.match(await dialog.getByRole('timer').textContent(), /^(30:00|29:[0-5]\d)$/);
      assert.equal(await dialog.locator('svg[role="img"][height="200"]').count(), 1);
      await dialog.getByText('0 of 12 confirmations').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'deposit dialog, payment');
      await screenshotAllWays(page, 'deposit-payment', { dialog: true });

      // Paid from the command line; the confirmations advance as the chain mines.
      await demoPay(address, '25');
      const seen = [];
      let shot = false;
      const deadline = Date.now() + CONFIRMED_WITHIN_MS;
      while (Date.now() < deadline) {
        if (await dialog.getByText('Deposit confirmed', { exact: true }).isVisible()) break;
        const text = await dialog
          .getByText(/^\d+ of 12 confirmations$/)
          .textContent()
          .catch(() => null);
        const count = text ? Number(text.split(' ')[0]) : NaN;
        if (Number.isFinite(count) && count !== seen.at(-1)) seen.push(count);
        if (seen.length === 2 && !shot) {
          shot = true;
          await screenshotAllWays(page, 'deposit-confirming', { dialog: true });
        }
        await page.waitForTimeout(500);
      }
      assert.ok(seen.length >= 2, `confirmations advanced: ${seen.join(', ')}`);
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => a - b),
        'confirmations only go up',
      );

      // Step 2: confirmed, credited less the 1% fee.
      await dialog.getByText('Deposit confirmed', { exact: true }).waitFor({ timeout: 5000 });
      await toast(page, 'Deposit confirmed successfully!').waitFor();
      await dialog.getByText('24.75 USDT was added to your wallet.').waitFor();
      await screenshotAllWays(page, 'deposit-confirmed', { dialog: true });
      await dialog.getByRole('button', { name: 'Back to Wallet' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The wallet: balance and the timeline row, which leads to the status view.
      const balances = page.getByRole('region', { name: 'Balances' });
      await balances.getByText('24.75').waitFor();
      const timeline = page.getByRole('region', { name: 'Transactions' });
      const row = timeline.getByRole('listitem').first();
      await row.getByText('Confirmed').waitFor();
      assert.match(
        await row.textContent(),
        /Deposit.*\+25\.00 USDT.*Deposit via Ethereum \(ERC20\)/,
      );
      await screenshotAllWays(page, 'wallet');

      await row.getByRole('link', { name: /^Deposit/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/wallet/transactions/'));
      await page.getByText('Deposit confirmed').waitFor();
      await page
        .getByText('24.75 USDT credited to your wallet, after a fee of 0.25 USDT.')
        .waitFor();
      const details = page.locator('.ant-card').filter({ hasText: 'Transaction hash' });
      assert.match(await details.textContent(), /12 of 12/);
      assert.ok((await details.textContent()).includes(address));
      assert.deepEqual(await seriousA11yViolations(page), [], 'transaction status view');
      await screenshotAllWays(page, 'transaction-status');

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
