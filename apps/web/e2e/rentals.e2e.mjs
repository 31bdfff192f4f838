// Renting as a newcomer does it, offline: sign up, deposit 50 USDT on the demo chain, rent an
// online server for 2 hours from its page, start it on /rentals and watch the demo panel bring it
// to running, extend it by an hour, cancel it, and find the refund in the wallet's timeline.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { BASE_URL, DESKTOP, saveScreenshot, sharedBrowser, watchForErrors } from './browser.mjs';
import { RUN, deposit, screenshotAllWays, signUp } from './steps.mjs';

/** The demo panel starts a server in a few seconds; the run state is cached for 10 s. */
const RUNNING_WITHIN_MS = 60_000;
const MICRO = 1_000_000n;

const browser = sharedBrowser();

/** '0.070000' -> 70_000n: amounts compared exactly, as the API sends them. */
function micro(amount) {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole) * MICRO + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}

/** 70_000n -> '0.07': two decimals, en-US grouping, as the web shows whole cents. */
function usdt(amount) {
  assert.equal(amount % 10_000n, 0n, 'the demo prices are whole cents');
  const cents = amount / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** The balance the API holds now: what the confirmations must show. */
async function availableBalance(page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/wallet', {
      headers: { Authorization: `Bearer ${window.localStorage.getItem('accessToken')}` },
    });
    return (await response.json()).data.usdt.available;
  });
}

const toast = (page, text) => page.locator('.ant-message').getByText(text);

describe('renting a server from the wallet', () => {
  it('rents for 2 hours, starts it, extends it, cancels it and gets the refund', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await signUp(page, { displayName: 'Renter', email: `renter-${RUN}@example.com` });
      await deposit(page, '50');

      // An online server that nobody rents, found the way a visitor finds one.
      await page.goto('/servers?status=online&availability=AVAILABLE&sort=price_asc');
      const card = page
        .locator('.surface-card')
        .filter({ has: page.getByText('Rent Server') })
        .first();
      const serverName = (await card.getByRole('heading').textContent()).trim();
      await card.getByRole('link', { name: `Rent Server: ${serverName}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/servers/'));
      const serverId = new URL(page.url()).pathname.split('/').pop();
      const detail = await (await fetch(`${BASE_URL}/api/servers/${serverId}`)).json();
      const price = micro(detail.data.price);

      // The rent panel: 2 hours, the exact total.
      await page.getByRole('heading', { level: 1, name: serverName }).waitFor();
      await page.getByRole('button', { name: '2 h', exact: true }).click();
      const total = price * 2n;
      const rent = page.getByRole('button', { name: `Rent for ${usdt(total)} USDT` });
      await rent.waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'rent panel');
      await screenshotAllWays(page, 'rent-panel', { restoreTheme: true });

      // The confirmation: server, hours, total, the balance now and after.
      const balance = micro(await availableBalance(page));
      await rent.click();
      const confirmation = page.getByRole('dialog', { name: 'Confirm your rental' });
      await confirmation.getByText(serverName).waitFor();
      await confirmation.getByText('2 hours', { exact: true }).waitFor();
      await confirmation
        .getByText(`${usdt(total)} USDT`, { exact: true })
        .first()
        .waitFor();
      await confirmation.getByText(`${usdt(balance)} USDT`, { exact: true }).waitFor();
      await confirmation.getByText(`${usdt(balance - total)} USDT`, { exact: true }).waitFor();
      await page.waitForTimeout(600); // the dialog's opening animation
      assert.deepEqual(await seriousA11yViolations(page), [], 'rent confirmation');
      await screenshotAllWays(page, 'rent-confirmation', { dialog: true, restoreTheme: true });
      await confirmation.getByRole('button', { name: `Pay ${usdt(total)} USDT and rent` }).click();
      await toast(page, `${serverName} is yours for 2 hours.`).waitFor();
      await page.waitForURL((url) => url.pathname === '/rentals');

      // My rentals: active, counting down, and the game server stopped until started.
      await page.getByRole('heading', { level: 1, name: 'My Rentals' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: serverName });
      await row.getByText('Active', { exact: true }).waitFor();
      const left = async () => (await row.getByText(/ left$/).textContent()).trim();
      const first = await left();
      assert.match(first, /^1:59:\d\d left$/);
      await page.waitForTimeout(2100);
      assert.notEqual(await left(), first, 'the time left counts down');
      assert.match(await row.textContent(), /127\.0\.0\.1:\d+/, 'how to connect while active');

      // Start: the demo panel moves starting -> running.
      await row.getByRole('button', { name: 'Start', exact: true }).click();
      await toast(page, `${serverName} is starting.`).waitFor();
      await row.getByText('running', { exact: true }).waitFor({ timeout: RUNNING_WITHIN_MS });
      assert.equal(
        await row.getByRole('button', { name: 'Start', exact: true }).isDisabled(),
        true,
      );
      assert.equal(await row.getByRole('button', { name: 'Stop', exact: true }).isEnabled(), true);
      assert.deepEqual(await seriousA11yViolations(page), [], 'rentals page');
      await screenshotAllWays(page, 'rentals', { restoreTheme: true });

      // The dashboard lists it with its time left and run state.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      const active = page.getByRole('list', { name: 'Active rentals' });
      await active.getByText(serverName).waitFor();
      await active.getByText('running', { exact: true }).waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'dashboard');
      await screenshotAllWays(page, 'dashboard', { restoreTheme: true });
      await page.getByRole('link', { name: 'Manage rentals' }).click();
      await page.waitForURL((url) => url.pathname === '/rentals');

      // Extend by an hour: the cost is one hour's price; the end moves an hour.
      await row.getByRole('button', { name: `Extend: ${serverName}` }).click();
      const extend = page.getByRole('dialog', { name: `Extend ${serverName}` });
      await extend.getByRole('button', { name: '1 h', exact: true }).click();
      await extend.getByText(`${usdt(price)} USDT`, { exact: true }).waitFor();
      await extend.getByText(`${usdt(balance - total - price)} USDT`, { exact: true }).waitFor();
      await screenshotAllWays(page, 'rental-extend', { dialog: true, restoreTheme: true });
      await extend.getByRole('button', { name: `Pay ${usdt(price)} USDT and extend` }).click();
      await toast(page, 'Extended by 1 hour.').waitFor();
      await extend.waitFor({ state: 'hidden' });
      await row.getByText(/^2:5\d:\d\d left$/).waitFor();

      // Cancel: two whole hours not yet begun come back (the hour in progress does not).
      await row.getByRole('button', { name: `Cancel: ${serverName}` }).click();
      const cancel = page.getByRole('dialog', { name: `Cancel ${serverName}?` });
      const refund = price * 2n;
      await cancel.getByText(`${usdt(refund)} USDT`, { exact: true }).waitFor();
      await cancel.getByText('for 2 hours not yet begun.', { exact: false }).waitFor();
      await screenshotAllWays(page, 'rental-cancel', { dialog: true, restoreTheme: true });
      await cancel.getByRole('button', { name: 'Cancel rental' }).click();
      await toast(
        page,
        `Rental cancelled. ${usdt(refund)} USDT was refunded to your wallet.`,
      ).waitFor();
      await row.getByText('Cancelled', { exact: true }).waitFor();
      assert.doesNotMatch(await row.textContent(), /127\.0\.0\.1:\d+/, 'no address once ended');
      assert.equal(micro(await availableBalance(page)), balance - total - price + refund);

      // The wallet's timeline shows the refund.
      await page.goto('/wallet');
      const timeline = page.getByRole('region', { name: 'Transactions' });
      const refundRow = timeline.getByRole('listitem').filter({ hasText: 'Refund' }).first();
      await refundRow.waitFor();
      assert.match(
        await refundRow.textContent(),
        new RegExp(`\\+${usdt(refund).replace('.', '\\.')} USDT`),
      );
      await saveScreenshot(page, 'wallet-refund-1280-light');

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
