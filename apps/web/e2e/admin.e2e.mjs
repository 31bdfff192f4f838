// Running the marketplace from the staff area (issue 15 point 10): the demo admin sets up
// two-step verification with codes computed from the key the page shows, finds the demo renter
// and suspends them for 24 hours; the renter's open tab is signed out with the reason; the admin
// reads the audit record, checks the books, and lifts the suspension. Then the admin changes the
// ERC20 fee, which a new deposit shows, and credits by hand the demo payment made on the wrong
// network.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import {
  DESKTOP,
  MOBILE,
  hasHorizontalOverflow,
  sharedBrowser,
  watchForErrors,
} from './browser.mjs';
import {
  RUN,
  openDeposit,
  openStaffArea,
  screenshotAllWays,
  settledTable,
  signInAs,
} from './steps.mjs';

const browser = sharedBrowser();
const ADMIN = { email: 'admin@crimsonhost.demo', password: process.env.E2E_DEMO_ADMIN_PASSWORD };
const RENTER = { email: 'renter@crimsonhost.demo', password: process.env.E2E_DEMO_RENTER_PASSWORD };
const toast = (page, text) => page.locator('.ant-message').getByText(text);

describe('the admin area', () => {
  it('suspends a renter, whose open tab is signed out with the reason, and lifts it', async () => {
    assert.ok(ADMIN.password, 'the demo admin password was printed at start');
    assert.ok(RENTER.password, 'the demo renter password was printed at start');
    const admin = await browser.openPage(DESKTOP, { theme: 'light' });
    const renter = await browser.openPage(DESKTOP, { theme: 'dark' });
    const adminProblems = await watchForErrors(admin.page);
    const page = admin.page;
    const reason = `Asked renters to pay outside the platform (${RUN})`;
    try {
      // The renter has the wallet open in another browser.
      await signInAs(renter.page, RENTER);
      await renter.page.goto('/wallet');
      await renter.page.getByRole('heading', { level: 1, name: 'Wallet' }).waitFor();

      // The admin's first visit to /admin sets up two-step verification.
      await signInAs(page, ADMIN);
      const enrolment = await openStaffArea(page, ADMIN.email, '/admin');
      assert.match(enrolment.secret, /^[A-Z2-7]{32}$/);
      assert.deepEqual(await seriousA11yViolations(page), [], 'backup codes');
      await screenshotAllWays(page, 'admin-backup-codes', { restoreTheme: true });
      await enrolment.finish();

      // Find the demo renter and suspend them for 24 hours.
      await page.goto('/admin/users');
      await page.getByLabel('Search e-mail, name or account id').fill(RENTER.email);
      await page.getByLabel('Search e-mail, name or account id').press('Enter');
      await page.getByRole('link', { name: RENTER.email }).click();
      await page.getByRole('heading', { level: 1, name: 'Demo Renter' }).waitFor();
      await page.getByRole('button', { name: 'Give a penalty' }).click();
      const dialog = page.getByRole('dialog', { name: 'Give a penalty' });
      await dialog.getByRole('radio', { name: /Suspension for 24 hours/ }).check();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
      await dialog.getByRole('button', { name: 'Give penalty' }).click();
      await toast(page, 'Suspension for 24 hours given to Demo Renter').waitFor();
      await page
        .getByText(/^Suspended until /)
        .first()
        .waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'user page');
      await screenshotAllWays(page, 'admin-user', { restoreTheme: true });

      // The renter's open tab hears of it at its next check (a focus here, else within a minute).
      // The check on focus runs at most every 10 s, so the tab is focused until it hears.
      for (let tries = 0; new URL(renter.page.url()).pathname !== '/login'; tries += 1) {
        assert.ok(tries < 40, 'the renter tab was not signed out within 80 s');
        await renter.page.evaluate(() => window.dispatchEvent(new Event('focus')));
        await renter.page.waitForTimeout(2000);
      }
      await renter.page.getByText(/This account is suspended until .*UTC/).waitFor();
      await renter.page.getByText(reason).waitFor();
      await screenshotAllWays(renter.page, 'admin-suspended-renter', { restoreTheme: true });

      // The audit log has the record, with who did it and what changed.
      await page.goto('/admin/audit');
      const row = page.getByRole('row').filter({ hasText: 'Penalty given' }).first();
      await row.getByText(RENTER.email).first().waitFor();
      await row.getByText('Demo Admin').first().waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'audit log');
      await screenshotAllWays(page, 'admin-audit', { restoreTheme: true });

      // The books balance after the run's money scenarios so far.
      await page.goto('/admin/money');
      await page.getByRole('button', { name: /^Check the books/ }).click();
      await page.getByText('The books balance').waitFor();
      await screenshotAllWays(page, 'admin-money', { restoreTheme: true });

      // The suspension is lifted: the renter signs in again (the later files use this account).
      await page.goBack();
      await page.goto('/admin/users');
      await page.getByLabel('Search e-mail, name or account id').fill(RENTER.email);
      await page.getByLabel('Search e-mail, name or account id').press('Enter');
      await page.getByRole('link', { name: RENTER.email }).click();
      await page.getByRole('button', { name: 'Lift suspension' }).click();
      const lift = page.getByRole('dialog', { name: /Lift/ });
      await lift
        .getByRole('textbox', { name: 'Reason' })
        .fill('Explained the rules on a ticket; agreed to keep them');
      await lift.getByRole('button', { name: /^Lift/ }).click();
      await page
        .getByText(/^Suspended until /)
        .first()
        .waitFor({ state: 'detached' });
      await signInAs(renter.page, RENTER);
      assert.deepEqual(adminProblems, []);
    } finally {
      await admin.context.close();
      await renter.context.close();
    }
  });

  it('changes the ERC20 fee, which a new deposit shows at once', async () => {
    const admin = await browser.openPage(DESKTOP, { theme: 'dark' });
    const renter = await browser.openPage(DESKTOP, { theme: 'light' });
    const page = admin.page;
    /** Sets the ERC20 fee in Settings and saves it after the confirmation; answers the old one. */
    const setFee = async (fee) => {
      await page.goto('/admin/settings');
      const field = page.getByRole('group', { name: 'Ethereum (ERC20)' }).getByLabel('Fee (%)');
      const before = await field.inputValue();
      await field.fill(fee);
      await page.getByRole('button', { name: 'Save deposits' }).click();
      const confirm = page.getByRole('dialog', { name: 'Save the deposits settings?' });
      await confirm.getByRole('button', { name: 'Save' }).click();
      await confirm.waitFor({ state: 'hidden' });
      return before;
    };
    let original = null;
    try {
      await signInAs(page, ADMIN);
      await (await openStaffArea(page, ADMIN.email, '/admin/settings')).finish();
      original = await setFee('1.5');
      assert.notEqual(original, '1.5');

      await signInAs(renter.page, RENTER);
      await renter.page.goto('/wallet');
      const dialog = await openDeposit(renter.page, '20');
      await dialog
        .getByText(/Fee 1\.5% ·/)
        .first()
        .waitFor();
      await dialog.getByText(/^If exactly 20(\.0+)? USDT arrives: fee 0\.30* USDT/).waitFor();
      await screenshotAllWays(renter.page, 'admin-new-fee-in-deposit', { restoreTheme: true });
    } finally {
      // The later files expect the demo's fee.
      if (original !== null) await setFee(original);
      await admin.context.close();
      await renter.context.close();
    }
  });

  it('credits by hand the demo payment that came on the wrong network, once', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await signInAs(page, ADMIN);
      await (await openStaffArea(page, ADMIN.email, '/admin/deposits')).finish();
      await page.getByRole('heading', { level: 1, name: 'Deposits' }).waitFor();
      await page.getByText('Wrong network', { exact: true }).first().click();
      // The demo renter's expired ERC20 deposit, paid on BEP20 at start: read from the view's own
      // rows, not from the open deposits shown until they have come.
      const list = await settledTable(page, /^Deposits: Wrong network/);
      await list
        .getByRole('link', { name: /ERC20 deposit to/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /Deposit/ }).waitFor();
      const credit = page.getByRole('button', { name: 'Credit to Demo Renter' });
      // Held once it has the BEP20 confirmations (one demo block a second); the page polls.
      for (let tries = 0; !(await credit.isVisible()); tries += 1) {
        assert.ok(tries < 30, 'the wrong-network payment was not held within 60 s');
        await page.waitForTimeout(2000);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: /Deposit/ }).waitFor();
      }
      assert.deepEqual(await seriousA11yViolations(page), [], 'deposit page');
      await screenshotAllWays(page, 'admin-deposit-held', { restoreTheme: true });
      await credit.click();
      const dialog = page.getByRole('dialog', { name: 'Credit to Demo Renter' });
      await dialog
        .getByRole('textbox', { name: 'Reason' })
        .fill('Paid on BNB Smart Chain to the ERC20 address by mistake');
      await dialog.getByRole('button', { name: /^Credit 30/ }).click();
      await toast(page, "Credited to Demo Renter's wallet").waitFor();
      await credit.waitFor({ state: 'detached' });
      await page.getByText('Credited', { exact: true }).first().waitFor();
      await screenshotAllWays(page, 'admin-deposit-credited', { restoreTheme: true });

      // The books still balance, and the audit log has the credit with its reason.
      await page.goto('/admin/audit');
      await page.getByRole('row').filter({ hasText: 'Credited by hand' }).first().waitFor();
      await page.goto('/admin/money');
      await page.getByRole('button', { name: /^Check the books/ }).click();
      await page.getByText('The books balance').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('stays usable on a phone', async () => {
    const { context, page } = await browser.openPage(MOBILE, { theme: 'dark' });
    try {
      await signInAs(page, ADMIN);
      await (await openStaffArea(page, ADMIN.email, '/admin/users')).finish();
      await page.getByLabel('Search e-mail, name or account id').waitFor();
      assert.equal(await hasHorizontalOverflow(page), false);
      assert.deepEqual(await seriousA11yViolations(page), [], 'users on a phone');
    } finally {
      await context.close();
    }
  });
});
