// A vendor's payout proven on chain (issue 16 points 8, 9 and 11): the demo vendor sees its
// Overview and Rentals, answers the demo's open dispute (issue 17), then its Payouts, with the payout the demo paid on the demo chain and one waiting;
// the demo admin copies the waiting payout's address from the staff area, pays it from the
// command line with `npm run demo:pay` as the README says, pastes the hash the command prints,
// and the payout turns paid once the chain has confirmed it; the vendor then sees it paid.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, sharedBrowser, watchForErrors } from './browser.mjs';
import {
  CONFIRMED_WITHIN_MS,
  demoPay,
  openStaffArea,
  screenshotAllWays,
  signInAs,
} from './steps.mjs';

const browser = sharedBrowser();
const ADMIN = { email: 'admin@crimsonhost.demo', password: process.env.E2E_DEMO_ADMIN_PASSWORD };
const VENDOR = {
  email: 'vendor.nordic@crimsonhost.demo',
  password: process.env.E2E_DEMO_VENDOR_PASSWORD,
};

describe('a vendor payout', () => {
  it('is sent by the admin on the demo chain, recorded by its hash, and seen paid by the vendor', async () => {
    assert.ok(ADMIN.password && VENDOR.password, 'the demo passwords were printed at start');
    const vendor = await browser.openPage(DESKTOP, { theme: 'light' });
    const admin = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(vendor.page);
    const page = vendor.page;
    try {
      await signInAs(page, VENDOR);
      // The vendor's area opens on its Overview; its rentals and payouts are filled by the demo.
      await page.goto('/vendor');
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await screenshotAllWays(page, 'vendor-overview', { restoreTheme: true });
      await page.getByRole('link', { name: 'Rentals', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: /Rentals/ }).waitFor();
      await screenshotAllWays(page, 'vendor-rentals', { restoreTheme: true });
      // The demo's open dispute of one of its rentals: the vendor reads it and answers.
      await page.getByRole('link', { name: 'Disputes', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Disputes' }).waitFor();
      const disputed = page.getByRole('link', { name: /: unreachable or down$/ }).first();
      await disputed.waitFor();
      await screenshotAllWays(page, 'vendor-disputes', { restoreTheme: true });
      await disputed.click();
      await page.getByRole('heading', { level: 1, name: /^Dispute: / }).waitFor();
      await page
        .getByLabel('Your answer')
        .fill('Our panel shows the server running all evening, with players connected.');
      await page.getByRole('button', { name: 'Send answer' }).click();
      await page.getByText('Your answer is in the dispute.', { exact: false }).first().waitFor();
      await page
        .getByRole('list', { name: 'Conversation' })
        .getByText(/\(the vendor\)$/)
        .waitFor();
      await screenshotAllWays(page, 'vendor-dispute', { restoreTheme: true });
      await page.getByRole('link', { name: 'Payouts', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
      // The demo seeds its payouts once the chain has confirmed the first (about 15 s after a
      // start): a run that begins with this file waits for them as a person would, reloading.
      const open = page.locator('.ant-card').filter({ hasText: 'Your open payout' });
      for (const deadline = Date.now() + CONFIRMED_WITHIN_MS; Date.now() < deadline;) {
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        if (await open.isVisible()) break;
        await page.waitForTimeout(2000);
        await page.reload();
      }
      await open.getByText('Requested').waitFor();
      await open.getByText('10.00 USDT').waitFor();
      const history = page.getByRole('table', { name: 'Your payouts, newest first' });
      await history.getByText('Paid', { exact: true }).waitFor();
      await screenshotAllWays(page, 'vendor-payouts', { restoreTheme: true });

      // The admin finds it in the queue of payouts to send.
      await signInAs(admin.page, ADMIN);
      await openStaffArea(admin.page, ADMIN.email, '/admin/payouts').then((area) => area.finish());
      await admin.page.goto('/admin/payouts');
      const link = admin.page.getByRole('link', { name: '10.00 USDT on ERC20' });
      await link.waitFor();
      await screenshotAllWays(admin.page, 'admin-payouts', { restoreTheme: true });
      await link.click();
      await admin.page.getByRole('heading', { name: 'Send this payout' }).waitFor();
      const send = admin.page.locator('.ant-card').filter({ hasText: 'Send this payout' });
      const address = /0x[0-9a-fA-F]{40}/.exec(await send.textContent())?.[0];
      assert.ok(address, 'the payout address is on the page');
      await screenshotAllWays(admin.page, 'admin-payout-to-send', { restoreTheme: true });

      // Paid from the command line; a wrong amount first, which the chain check refuses.
      const short = await demoPay(address, '9.99');
      await admin.page.getByLabel('Transaction hash').fill(short);
      await admin.page.getByRole('button', { name: 'Check and record' }).click();
      await admin.page
        .getByText(/not the 10\.000000 USDT of this payout/)
        .first()
        .waitFor();
      const hash = await demoPay(address, '10');
      await admin.page.getByLabel('Transaction hash').fill(hash);
      await admin.page.getByRole('button', { name: 'Check and record' }).click();
      await admin.page
        .locator('.ant-tag', { hasText: /^Paid$/ })
        .first()
        .waitFor({ timeout: CONFIRMED_WITHIN_MS });
      await admin.page.getByText(hash).first().waitFor();
      await screenshotAllWays(admin.page, 'admin-payout-paid', { restoreTheme: true });

      // The vendor sees it paid, with its transaction, and may ask for the next one.
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'Ask for a payout' }).waitFor();
      await history.getByText(hash).waitFor();
      assert.equal(await history.getByText('Paid', { exact: true }).count(), 2);
      await screenshotAllWays(page, 'vendor-payouts-paid', { restoreTheme: true });

      // Asks for 12 USDT, confirms the address in the dialog, then thinks better of it.
      await page.getByLabel('Amount (USDT)').fill('12');
      await page.getByRole('button', { name: 'Ask for payout' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Ask for this payout?' });
      await confirm.getByText(address).waitFor();
      await screenshotAllWays(page, 'vendor-payout-confirm', { dialog: true });
      await confirm.getByRole('button', { name: 'Ask for payout' }).click();
      await page.getByText('Payout of 12.00 USDT asked for.').waitFor();
      const asked = page.locator('.ant-card').filter({ hasText: 'Your open payout' });
      await asked.getByText('12.00 USDT').waitFor();
      await asked.getByRole('button', { name: 'Cancel payout' }).click();
      const cancel = page.getByRole('dialog').filter({ hasText: 'Cancel this payout?' });
      await cancel.getByRole('button', { name: 'Cancel payout' }).click();
      await page.getByText('Payout cancelled. The money is available again.').waitFor();
      await history.getByText('Cancelled by the vendor').waitFor();
      assert.deepEqual(problems, [], 'no errors in the vendor’s console');
    } finally {
      await vendor.context.close();
      await admin.context.close();
    }
  });
});
