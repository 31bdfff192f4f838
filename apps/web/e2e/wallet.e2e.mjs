// A deposit as a newcomer makes it: sign up, open the wallet, ask for 25 USDT on ERC20, pay the
// address from the command line with `npm run demo:pay` on the offline demo chain, watch the
// confirmations come in to confirmed, and find the deposit in the timeline and its status view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { DESKTOP, MOBILE, sharedBrowser, watchForErrors } from './browser.mjs';
import {
  CONFIRMED_WITHIN_MS,
  RUN,
  backToWallet,
  demoPay,
  depositAddress,
  openDeposit,
  screenshotAllWays,
  signInAs,
  signUp,
} from './steps.mjs';

const browser = sharedBrowser();

/** Signed up (and verified) by the first test. */
const DEPOSITOR = { displayName: 'Depositor', email: `depositor-${RUN}@example.com` };
/**
 * Each later test has an account of its own, so one slow step in a test above cannot fail the
 * tests after it: the one that leaves a deposit waiting signs up its own; the routes are looked
 * at as the demo renter, whose wallet, rentals and tickets the demo fills.
 */
const WAITER = { displayName: 'Waiter', email: `waiter-${RUN}@example.com` };
const DEMO_RENTER = {
  email: 'renter@crimsonhost.demo',
  password: process.env.E2E_DEMO_RENTER_PASSWORD,
};

/** The signed-in pages: the open routes are in routes.e2e.mjs. */
const SIGNED_IN_ROUTES = ['/dashboard', '/wallet', '/rentals', '/profile', '/servers'];

const toast = (page, text) => page.locator('.ant-message').getByText(text, { exact: true });

describe('a USDT deposit on the offline demo chain', () => {
  it('is paid with demo:pay, confirms block by block, and shows in the wallet', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await signUp(page, DEPOSITOR);
      await page.getByRole('link', { name: 'Wallet' }).first().click();
      await page.waitForURL((url) => url.pathname === '/wallet');
      await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();
      await page.getByText('No transactions found').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'wallet page');

      // Step 0: the amount and the network.
      const dialog = await openDeposit(page, '25');
      assert.equal((await dialog.getByText('Demo network').count()) > 0, true);
      await dialog
        .getByText('If exactly 25.00 USDT arrives: fee 0.25 USDT, credited 24.75 USDT.')
        .waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'deposit dialog, amount');
      await screenshotAllWays(page, 'deposit-amount', { dialog: true });

      // Step 1: a fresh address, its QR code and the countdown.
      await dialog.getByRole('button', { name: 'Generate Deposit Address' }).click();
      await toast(page, 'Deposit address generated successfully!').waitFor();
      const address = await depositAddress(dialog);
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
      await backToWallet(dialog);

      // The wallet: balance and the timeline row, which leads to the status view.
      const balances = page.getByRole('region', { name: 'Balances' });
      await balances.getByText('24.75').waitFor();
      const timeline = page.getByRole('region', { name: 'Transactions' });
      const row = timeline.getByRole('listitem').first();
      await row.getByText('Confirmed').waitFor();
      assert.match(
        await row.textContent(),
        // What reached the wallet, with what arrived and the fee beside it: the list adds up.
        /Deposit.*\+24\.75 USDT.*25\.00 USDT arrived · fee 0\.25 USDT.*Deposit via Ethereum \(ERC20\)/,
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

describe('a deposit left waiting', () => {
  it('shows its address again from its status view, then is cancelled there', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await signUp(page, WAITER);
      await page.goto('/wallet');
      await page.getByRole('button', { name: 'Deposit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deposit USDT' });
      // The dialog opens on its first field, not on Close: with PayPal offered (the demo's), the
      // payment method, on USDT.
      const amount = dialog.getByLabel('Amount (USDT)');
      await amount.waitFor();
      await page.waitForFunction(
        () =>
          document.activeElement?.getAttribute('name') === 'deposit-method' &&
          document.activeElement.value === 'crypto',
      );
      await amount.fill('30');
      await dialog.getByRole('radio', { name: /Ethereum \(ERC20\)/ }).check();
      await dialog.getByRole('button', { name: 'Generate Deposit Address' }).click();
      const address = await depositAddress(dialog);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await dialog.waitFor({ state: 'hidden' });

      const row = page.getByRole('region', { name: 'Transactions' }).getByRole('listitem').first();
      await row.getByText('Waiting').waitFor();
      await row.getByRole('link', { name: /^Deposit/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/wallet/transactions/'));
      await page.getByText('Waiting for your payment').waitFor();

      // The payment step again: the same address, its QR code and the time left.
      await page.getByRole('button', { name: 'Show address and QR code' }).click();
      const again = page.getByRole('dialog', { name: 'Deposit USDT' });
      assert.equal(await depositAddress(again), address);
      assert.match(await again.getByRole('timer').textContent(), /^(30:00|2\d:[0-5]\d)$/);
      assert.equal(await again.locator('svg[role="img"][height="200"]').count(), 1);
      await screenshotAllWays(page, 'transaction-show-address', { dialog: true });
      await again.getByRole('button', { name: 'Close' }).last().click();
      await again.waitFor({ state: 'hidden' });

      // Cancel Transaction asks first, saying that money sent later is still credited.
      await page.getByRole('button', { name: 'Cancel Transaction' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Cancel this deposit?' });
      await confirm
        .getByText('Money sent to it later is still credited to your wallet.', {
          exact: false,
        })
        .waitFor();
      await screenshotAllWays(page, 'transaction-cancel', { dialog: true });
      await confirm.getByRole('button', { name: 'Cancel deposit' }).click();
      await toast(page, 'Deposit cancelled. Its address is closed.').waitFor();
      await page.locator('.ant-result-title', { hasText: 'Deposit cancelled' }).waitFor();
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Cancel Transaction' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Show address and QR code' }).count(), 0);
      await screenshotAllWays(page, 'transaction-cancelled');

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

describe('every signed-in route', () => {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ]) {
    for (const theme of ['light', 'dark']) {
      it(`at ${width}px in ${theme}: no serious WCAG 2.2 AA violation`, async () => {
        const { context, page } = await browser.openPage(viewport, { theme });
        try {
          assert.ok(DEMO_RENTER.password, 'the demo renter password was printed at start');
          await signInAs(page, DEMO_RENTER);
          const found = {};
          for (const route of SIGNED_IN_ROUTES) {
            await page.goto(route);
            await page.getByRole('main').first().waitFor();
            await page.waitForLoadState('networkidle');
            const violations = await seriousA11yViolations(page);
            if (violations.length > 0) found[route] = violations;
          }
          assert.deepEqual(found, {});
        } finally {
          await context.close();
        }
      });
    }
  }
});
