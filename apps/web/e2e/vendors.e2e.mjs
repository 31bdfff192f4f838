// Becoming a vendor and being paid (issue 16 point 11), end to end: a new account applies from the
// account menu, is told under the field that an address without its checksum capitals is refused,
// sends the application and sees it waiting; the demo admin finds it in the Vendors queue and
// approves it; the vendor lists one of the demo's spare game servers, sees it checked and live,
// links it to the demo panel and tests the link; a new renter funds a wallet on the demo chain and
// rents it for 2 hours; the admin moves the test clock past the rental's end (its money pending)
// and past the 7-day dispute window (available); the vendor asks for a payout, the admin pays it
// on the demo chain with `npm run demo:pay` and enters the hash, and the vendor sees it paid.
// Every screen is kept at both widths in both themes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { DESKTOP, sharedBrowser, watchForErrors } from './browser.mjs';
import { waitForMail } from './mail-server.mjs';
import {
  CONFIRMED_WITHIN_MS,
  RUN,
  demoPay,
  deposit,
  moveClock,
  openStaffArea,
  resetClock,
  screenshotAllWays,
  signInAs,
  signUp,
} from './steps.mjs';

const browser = sharedBrowser();
const ADMIN = { email: 'admin@crimsonhost.demo', password: process.env.E2E_DEMO_ADMIN_PASSWORD };
/** The demo's spare CS:GO game server, which no listing names (DEMO_GAME_PORT_BASE + 61). */
const SPARE_CSGO_PORT = Number(process.env.DEMO_GAME_PORT_BASE ?? 39100) + 61;

/** Chooses `option` in the select labelled `label`, as a person would with the mouse. */
async function pickOption(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByTitle(option).first().click();
}

/** The EIP-55 example address: the checksum is in its capitals. */
const PAYOUT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('becoming a vendor', () => {
  it('applies, is approved, lists and links a server, sees it rented, and is paid on chain', async () => {
    assert.ok(ADMIN.password, 'the demo admin password was printed at start');
    const applicant = await browser.openPage(DESKTOP, { theme: 'light' });
    const admin = await browser.openPage(DESKTOP, { theme: 'dark' });
    const problems = await watchForErrors(applicant.page);
    const page = applicant.page;
    const account = {
      displayName: 'Vera Vendor',
      email: `vera.vendor.${RUN}@example.com`,
    };
    const business = `Blocky Worlds ${RUN}`;
    try {
      await signUp(page, account);
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('link', { name: 'Become a vendor' }).click();
      await page.waitForURL((url) => url.pathname === '/vendor/apply');
      await page.getByRole('heading', { level: 1, name: 'Become a vendor' }).waitFor();
      await page.getByLabel('Business or display name').waitFor();
      await screenshotAllWays(page, 'vendor-apply', { restoreTheme: true });

      await page.getByLabel('Business or display name').fill(business);
      assert.equal(await page.getByLabel('Contact e-mail').inputValue(), account.email);
      await page.getByRole('checkbox', { name: 'Minecraft' }).check();
      await page.getByRole('checkbox', { name: 'Valheim' }).check();
      const regions = page.getByLabel('Regions you host in');
      // Chosen from the keyboard once the match is listed, then seen chosen: a pick with the
      // mouse was once not taken on a loaded CI machine (the page report showed the field empty
      // and refused), and the test then failed far from its cause.
      await regions.click();
      await regions.fill('Frankfurt');
      await page.getByRole('option', { name: /^Frankfurt/ }).waitFor({ state: 'attached' });
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-selection-item[title^="Frankfurt"]').waitFor();
      // All lower-case has the right shape but no checksum: the API says so under the field.
      await page.getByLabel('ERC20 (Ethereum)').fill(PAYOUT.toLowerCase());
      await page.getByRole('checkbox', { name: /I accept the/ }).check();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByText(/with its capital letters/).waitFor();
      await page.getByLabel('ERC20 (Ethereum)').fill(PAYOUT);
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByRole('heading', { name: 'Your application is waiting for review' }).waitFor();
      await page.getByText(business).first().waitFor();
      await screenshotAllWays(page, 'vendor-application-waiting', { restoreTheme: true });
      await waitForMail(account.email, {
        subject: 'We received your CrimsonHost vendor application',
      });

      // The admin finds it in the queue of applications and approves it.
      await signInAs(admin.page, ADMIN);
      await openStaffArea(admin.page, ADMIN.email, '/admin/vendors').then((area) => area.finish());
      await admin.page.goto('/admin/vendors');
      await admin.page.getByRole('link', { name: business }).waitFor();
      assert.deepEqual(await seriousA11yViolations(admin.page), [], 'vendors list');
      await screenshotAllWays(admin.page, 'admin-vendors', { restoreTheme: true });
      await admin.page.getByRole('link', { name: business }).click();
      await admin.page.getByRole('heading', { level: 1, name: business }).waitFor();
      await screenshotAllWays(admin.page, 'admin-vendor-application', { restoreTheme: true });
      await admin.page.getByRole('button', { name: 'Approve' }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Approve ${business}` });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await admin.page
        .locator('.ant-message')
        .getByText(`Application approved: ${business} is now a vendor`)
        .waitFor();
      await admin.page.getByText('Active', { exact: true }).first().waitFor();
      await screenshotAllWays(admin.page, 'admin-vendor-active', { restoreTheme: true });

      // The applicant hears of it by mail and sees it on the page.
      const mail = await waitForMail(account.email, {
        subject: 'You are now a CrimsonHost vendor',
      });
      assert.match(mail.text, /7 days after it ends/);
      await page.reload();
      await page.getByRole('heading', { name: 'You are a vendor' }).waitFor();
      await page.getByText(PAYOUT).first().waitFor();
      await screenshotAllWays(page, 'vendor-approved', { restoreTheme: true });

      // The vendor area opens on its Overview; the listings are one click away: none yet.
      await page.getByRole('link', { name: 'vendor area' }).click();
      await page.waitForURL((url) => url.pathname === '/vendor');
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByRole('link', { name: 'Listings', exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/vendor/listings');
      await page.getByText('You have no listings yet').waitFor();
      await screenshotAllWays(page, 'vendor-listings-empty', { restoreTheme: true });

      // A listing of one of the demo's spare game servers: checking first, then live once the
      // status job hears it, and in the catalog for renters.
      await page.getByRole('link', { name: 'Add a listing' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Add a listing' }).waitFor();
      const server = `Frag Yard ${RUN}`;
      await page.getByLabel('Name').fill(server);
      await pickOption(page, 'Game', 'CS:GO');
      await pickOption(page, 'Region', /^Frankfurt/);
      await page.getByLabel('Player slots').fill('10');
      await page.getByLabel('Price per hour').fill('0.005');
      await page.getByRole('textbox', { name: 'Description' }).fill('**Tickrate 128**, ten slots.');
      await page.getByLabel('Game server address').fill('127.0.0.1');
      await page.getByLabel('Query port').fill(String(SPARE_CSGO_PORT));
      await page.getByRole('button', { name: 'Add listing' }).click();
      await page.getByText('The price must be at least 0.01 USDT an hour').waitFor();
      await screenshotAllWays(page, 'vendor-listing-new', { restoreTheme: true });
      // 6 USDT an hour: 2 hours leave the vendor 10.80 USDT after the 10 % commission, over
      // the 10 USDT a payout needs.
      await page.getByLabel('Price per hour').fill('6');
      await page.getByRole('button', { name: 'Add listing' }).click();
      await page.getByRole('heading', { level: 1, name: server }).waitFor();
      await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 60_000 });
      await screenshotAllWays(page, 'vendor-listing-live', { restoreTheme: true });
      const visitor = await browser.openPage(DESKTOP, { theme: 'light' });
      try {
        await visitor.page.goto(`/servers?q=${encodeURIComponent(server)}`);
        await visitor.page.getByRole('link', { name: server }).first().click();
        await visitor.page.getByRole('heading', { level: 1, name: server }).waitFor();
        await visitor.page.locator('strong', { hasText: 'Tickrate 128' }).waitFor();
      } finally {
        await visitor.context.close();
      }

      // The game panel: the demo offers its own, filled in with one click, then tested.
      const panelCard = page.locator('.surface-card').filter({ hasText: 'Game panel' });
      await panelCard.getByRole('button', { name: 'Fill in the demo panel' }).click();
      await screenshotAllWays(page, 'vendor-listing-panel-demo', { restoreTheme: true });
      await panelCard.getByRole('button', { name: 'Save panel link' }).click();
      await page.getByText('The panel link is saved.', { exact: false }).first().waitFor();
      await panelCard.getByRole('button', { name: 'Test connection' }).click();
      await panelCard.getByText(/^Connected\./).waitFor();
      await screenshotAllWays(page, 'vendor-listing-panel-linked', { restoreTheme: true });

      // Earnings: nothing earned yet, each state said in words.
      await page.getByRole('link', { name: 'Earnings' }).first().click();
      await page.waitForURL((url) => url.pathname === '/vendor/earnings');
      await page.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor();
      await page.getByText('Nothing is pending.').waitFor();
      await screenshotAllWays(page, 'vendor-earnings', { restoreTheme: true });

      // A new renter funds a wallet on the demo chain and rents the server for 2 hours.
      const renter = await browser.openPage(DESKTOP, { theme: 'light' });
      try {
        await signUp(renter.page, {
          displayName: 'Rita Renter',
          email: `rita.renter.${RUN}@example.com`,
        });
        await deposit(renter.page, '20');
        await renter.page.goto(`/servers?q=${encodeURIComponent(server)}`);
        await renter.page.getByRole('link', { name: `Rent Server: ${server}` }).click();
        await renter.page.getByRole('heading', { level: 1, name: server }).waitFor();
        await renter.page.getByRole('button', { name: '2 h', exact: true }).click();
        await renter.page.getByRole('button', { name: 'Rent for 12.00 USDT' }).click();
        const confirmation = renter.page.getByRole('dialog', { name: 'Confirm your rental' });
        await confirmation.getByRole('button', { name: 'Pay 12.00 USDT and rent' }).click();
        await renter.page.waitForURL((url) => url.pathname === '/rentals');
        await renter.page
          .getByRole('row')
          .filter({ hasText: server })
          .getByText('Active')
          .waitFor();
      } finally {
        await renter.context.close();
      }

      // The vendor sees the rental and its money in escrow.
      await page.getByRole('link', { name: 'Rentals', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: /Rentals/ }).waitFor();
      await page.getByText(server).first().waitFor();
      await page.goto('/vendor/earnings');
      const balances = page.getByRole('list', { name: 'Balances by state' });
      await balances.getByText('12.00 USDT').first().waitFor();

      // A day later on the test clock the rental has ended: 10.80 USDT pending, for 7 days.
      const clock = await moveClock(admin.page, '1 day');
      await clock.getByText('1 day ahead of the real time', { exact: false }).waitFor();
      await screenshotAllWays(admin.page, 'admin-test-clock', { restoreTheme: true });
      await page.reload();
      await balances.getByText('10.80 USDT').first().waitFor();
      await page.getByText('Nothing is pending.').waitFor({ state: 'hidden' });
      await screenshotAllWays(page, 'vendor-earnings-pending', { restoreTheme: true });

      // Seven days more: the dispute window has closed, the money is available to pay out.
      await moveClock(admin.page, '7 days');
      await page.getByRole('link', { name: 'Payouts', exact: true }).first().click();
      await page.getByRole('heading', { level: 2, name: 'Ask for a payout' }).waitFor();
      await page
        .getByText(/Available to pay out/)
        .getByText('10.80 USDT')
        .waitFor();
      await page.getByRole('button', { name: 'Ask for payout' }).click();
      const ask = page.getByRole('dialog').filter({ hasText: 'Ask for this payout?' });
      await ask.getByText(PAYOUT).waitFor();
      await ask.getByRole('button', { name: 'Ask for payout' }).click();
      await page.getByText('Payout of 10.80 USDT asked for.').waitFor();
      await screenshotAllWays(page, 'vendor-payout-asked', { restoreTheme: true });

      // The admin sends it from the treasury on the demo chain and enters the hash.
      await admin.page.goto('/admin/payouts');
      await admin.page.getByRole('link', { name: '10.80 USDT on ERC20' }).first().click();
      await admin.page.getByRole('heading', { name: 'Send this payout' }).waitFor();
      await admin.page
        .locator('.ant-card')
        .filter({ hasText: 'Send this payout' })
        .getByText(PAYOUT)
        .first()
        .waitFor();
      const hash = await demoPay(PAYOUT, '10.8');
      await admin.page.getByLabel('Transaction hash').fill(hash);
      await admin.page.getByRole('button', { name: 'Check and record' }).click();
      await admin.page
        .locator('.ant-tag', { hasText: /^Paid$/ })
        .first()
        .waitFor({ timeout: CONFIRMED_WITHIN_MS });

      // The vendor sees it paid, with its transaction.
      await page.reload();
      const history = page.getByRole('table', { name: 'Your payouts, newest first' });
      await history.getByText(hash).waitFor();
      await history.getByText('Paid', { exact: true }).waitFor();
      await screenshotAllWays(page, 'vendor-payout-paid', { restoreTheme: true });
      await resetClock(admin.page);
      // The one refused request (the address without its checksum) is the browser's only complaint.
      assert.deepEqual(
        problems.filter((problem) => !/status of 400/.test(problem)),
        [],
        'no errors in the applicant’s console',
      );
    } finally {
      // Whatever happened, the files after this one run on the real time.
      await resetClock(admin.page).catch(() => {});
      await applicant.context.close();
      await admin.context.close();
    }
  });

  it('shows the vendor terms to anyone', async () => {
    const { page, context } = await browser.openPage(DESKTOP, { theme: 'light' });
    try {
      await page.goto('/policies/vendor-terms');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByText(/7 days/)
        .first()
        .waitFor();
      await screenshotAllWays(page, 'vendor-terms', { restoreTheme: true });
    } finally {
      await context.close();
    }
  });
});
