// Funding the wallet with PayPal (issue 19 point 9), offline against the demo's PayPal-speaking
// server: a new renter chooses PayPal, sees what reaches the wallet before paying, approves 20 USD
// on PayPal's approval page, comes back to 20 USDT less the fee; the demo admin refunds 5 USD from
// the staff area; the renter finds the refund in the timeline.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { DESKTOP, sharedBrowser, watchForErrors } from './browser.mjs';
import { RUN, openStaffArea, screenshotAllWays, signInAs, signUp } from './steps.mjs';

const browser = sharedBrowser();
const PAYER = { displayName: 'PayPal Payer', email: `paypal-payer-${RUN}@example.com` };
const ADMIN = { email: 'admin@crimsonhost.demo', password: process.env.E2E_DEMO_ADMIN_PASSWORD };
const toast = (page, text) => page.locator('.ant-message').getByText(text);

describe('a PayPal payment into the wallet', () => {
  it('is approved at PayPal, credited less the fee, and a staff refund shows in the timeline', async () => {
    assert.ok(ADMIN.password, 'the demo admin password was printed at start');
    const renter = await browser.openPage(DESKTOP, { theme: 'light' });
    const admin = await browser.openPage(DESKTOP, { theme: 'dark' });
    const problems = await watchForErrors(renter.page);
    const page = renter.page;
    try {
      await signUp(page, PAYER);
      await page.goto('/wallet');
      await page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();

      // The method, the amount in USD, and what reaches the wallet before paying.
      await page.getByRole('button', { name: 'Deposit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deposit USDT' });
      // The method is a segmented radio group: its labels are what a person clicks.
      await dialog.getByRole('radiogroup').getByText('PayPal', { exact: true }).click();
      assert.equal(await dialog.getByRole('radio', { name: 'PayPal' }).isChecked(), true);
      await dialog.getByLabel('Amount (USD)').fill('20');
      await dialog.getByText('18.812 USDT', { exact: true }).waitFor();
      await dialog.getByText('1.188 USDT (3.49% + 0.49 USD)').waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'deposit dialog, PayPal');
      await screenshotAllWays(page, 'paypal-amount', { dialog: true });

      // PayPal's approval page, then back to the storefront, where the capture is credited.
      await dialog.getByRole('button', { name: 'Continue to PayPal' }).click();
      await page.getByRole('heading', { name: 'Pay with PayPal' }).waitFor();
      await page.getByText('20.00 USD').waitFor();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await page.waitForURL((url) => url.pathname === '/wallet/paypal/return');
      await page.getByText('Payment received').waitFor();
      await page.getByText('18.812 USDT was added to your wallet.').waitFor();
      await screenshotAllWays(page, 'paypal-received');

      await page
        .getByRole('link', { name: 'Back to Wallet' })
        .or(page.getByRole('button', { name: 'Back to Wallet' }))
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/wallet');
      await page.getByText('PayPal payment of 20.00 USD').waitFor();
      await page.getByText('+18.81 USDT').waitFor();

      // The demo admin refunds 5 USD of it from the staff area.
      await signInAs(admin.page, ADMIN);
      await (await openStaffArea(admin.page, ADMIN.email, '/admin/paypal')).finish();
      await admin.page.goto(`/admin/paypal?q=${encodeURIComponent(PAYER.email)}`);
      await admin.page
        .getByRole('cell', { name: PAYER.email })
        .or(admin.page.getByText(PAYER.email))
        .first()
        .waitFor();
      // The order id is the row's link to the payment (the payer's name links to their account).
      await admin.page.locator('table a[href^="/admin/paypal/"]').first().click();
      await admin.page.getByRole('heading', { level: 1 }).waitFor();
      await admin.page.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = admin.page.getByRole('dialog', { name: 'Refund this PayPal payment' });
      await refund.getByLabel('Amount to refund').fill('5');
      await refund
        .getByRole('textbox', { name: 'Reason' })
        .fill(`The renter asked for part of it back (${RUN})`);
      await refund
        .getByText(/4\.703 USDT/)
        .first()
        .waitFor();
      await refund.getByRole('button', { name: 'Refund at PayPal' }).click();
      await toast(admin.page, 'Refunded 5.00 USD at PayPal').waitFor();
      await screenshotAllWays(admin.page, 'paypal-staff-refunded');

      // The renter sees it in the timeline: 5 USD back at PayPal, the wallet's share taken.
      await page.reload();
      await page.getByText('Refund of 5.00 USD of your PayPal payment of 20.00 USD').waitFor();
      await page.getByText('-4.70 USDT').waitFor();
      await screenshotAllWays(page, 'paypal-wallet-refund');
      assert.deepEqual(problems, [], 'no page errors');
    } finally {
      await renter.context.close();
      await admin.context.close();
    }
  });
});
