// The support centre as people use it: a visitor searches the FAQ; a renter with an active rental
// opens a RENTAL ticket about it with a screenshot attached; the demo support agent claims it in
// the staff area and answers with a canned reply; the renter gets the mail (over real SMTP),
// replies, the agent resolves the ticket and the renter rates the answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seriousA11yViolations } from './a11y.mjs';
import { DESKTOP, sharedBrowser, watchForErrors } from './browser.mjs';
import { waitForMail } from './mail-server.mjs';
import {
  RUN,
  deposit,
  killFromPanel,
  moveClock,
  openStaffArea,
  resetClock,
  screenshotAllWays,
  signInAs,
} from './steps.mjs';

const browser = sharedBrowser();
const SUPPORT = {
  email: 'support@crimsonhost.demo',
  password: process.env.E2E_DEMO_SUPPORT_PASSWORD,
};
/**
 * The demo renter, as a newcomer signs in with the printed password: the run's other files make
 * the accounts the per-address registration limit allows.
 */
const RENTER = {
  displayName: 'Demo Renter',
  email: 'renter@crimsonhost.demo',
  password: process.env.E2E_DEMO_RENTER_PASSWORD,
};
const ADMIN = { email: 'admin@crimsonhost.demo', password: process.env.E2E_DEMO_ADMIN_PASSWORD };
/** How long the demo panel may take to report a server's new state. */
const RUNNING_WITHIN_MS = 30_000;
const VENDOR = {
  displayName: 'Nordic Frag Hosting',
  email: 'vendor.nordic@crimsonhost.demo',
  password: process.env.E2E_DEMO_VENDOR_PASSWORD,
};
const toast = (page, text) => page.locator('.ant-message').getByText(text);

/**
 * Rents the cheapest online server for 2 hours from its page (the cheapest of `hostedBy`'s when
 * given, found on the servers' pages); answers its name.
 */
async function rentAServer(page, { hostedBy } = {}) {
  const list = '/servers?status=online&availability=AVAILABLE&sort=price_asc';
  await page.goto(list);
  const cards = page.locator('.surface-card').filter({ has: page.getByText('Rent Server') });
  await cards.first().waitFor();
  const names = (await cards.getByRole('heading').allTextContents()).map((name) => name.trim());
  for (const serverName of names) {
    await page.goto(list);
    await page
      .getByRole('link', { name: `Rent Server: ${serverName}` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: serverName }).waitFor();
    if (hostedBy && !(await page.getByText(`Hosted by ${hostedBy}`).isVisible())) continue;
    await page.getByRole('button', { name: '2 h', exact: true }).click();
    await page.getByRole('button', { name: /^Rent for / }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirm your rental' });
    await confirmation.getByRole('button', { name: /^Pay .* and rent$/ }).click();
    await page.waitForURL((url) => url.pathname === '/rentals');
    return serverName;
  }
  throw new Error(`no server of ${hostedBy} is online and available on the first page`);
}

/** Reloads My Rentals until the rental's row shows `state` read from the panel. */
async function waitForRunState(page, row, state) {
  const deadline = Date.now() + RUNNING_WITHIN_MS;
  while (!(await row.getByText(state, { exact: true }).isVisible())) {
    assert.ok(Date.now() < deadline, `the rental shows ${state} within ${RUNNING_WITHIN_MS} ms`);
    await page.waitForTimeout(1000);
    await page.reload();
    await row.waitFor();
  }
}

/** Picks `option` in the antd Select labelled `label`. */
async function choose(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

describe('the support centre', () => {
  it('lets a visitor search the FAQ and see where the words matched', async () => {
    const { context, page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    try {
      await page.goto('/support');
      await page.waitForURL((url) => url.pathname === '/support/tickets');
      await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
      await page.getByText('Get help and track your support requests').waitFor();
      await page.getByRole('tab', { name: 'FAQ' }).click();
      await page.getByLabel('Search the FAQ').fill('confirmations');
      await page.getByLabel('Search the FAQ').press('Enter');
      await page
        .locator('mark', { hasText: /confirmations/i })
        .first()
        .waitFor();
      await page.getByText('Confirmations and network fees').first().click();
      await page.getByText('Was this helpful?').first().waitFor();
      assert.deepEqual(await seriousA11yViolations(page), [], 'FAQ');
      await screenshotAllWays(page, 'support-faq', { restoreTheme: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('takes a renter’s ticket about an active rental through the desk to a rating', async () => {
    assert.ok(SUPPORT.password, 'the demo support password was printed at start');
    assert.ok(RENTER.password, 'the demo renter password was printed at start');
    const renter = RENTER;
    const subject = `Evening lag on my rental ${RUN}`;
    const customer = await browser.openPage(DESKTOP, { theme: 'light' });
    const agent = await browser.openPage(DESKTOP, { theme: 'dark' });
    const customerProblems = await watchForErrors(customer.page);
    const agentProblems = await watchForErrors(agent.page);
    const page = customer.page;
    try {
      await signInAs(page, renter);
      await deposit(page, '50');
      const serverName = await rentAServer(page);

      // The ticket: about the rental, with a screenshot.
      await page.goto('/support/tickets/new');
      await page.getByLabel('Subject').fill(subject);
      await choose(page, 'Related to', `Rental: ${serverName} (active)`);
      await choose(page, 'Category', 'Rental');
      await page
        .getByLabel('Message', { exact: true })
        .fill(
          'From 19:00 the server drops to 20 FPS and players rubber-band. Screenshot attached.',
        );
      const screenshot = await page.screenshot();
      await page.locator('input[type=file]').setInputFiles({
        name: 'lag.png',
        mimeType: 'image/png',
        buffer: screenshot,
      });
      await page.getByRole('list', { name: 'Attached files' }).getByText('lag.png').waitFor();
      await page.getByRole('button', { name: 'Send ticket' }).click();
      await page.waitForURL((url) => /^\/support\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
      const ticketUrl = new URL(page.url()).pathname;
      await page.getByRole('button', { name: /^Download lag\.png/ }).waitFor();
      await page.getByText(serverName).first().waitFor();
      const number = (await page.getByRole('heading', { level: 2 }).textContent()).match(
        /#(\d+)/,
      )[1];
      await screenshotAllWays(page, 'support-ticket', { restoreTheme: true });

      // The agent: claims it in the staff area and answers with a canned reply.
      await signInAs(agent.page, SUPPORT);
      // The staff area asks for two-step verification first; the agent sets it up.
      await (await openStaffArea(agent.page, SUPPORT.email, '/admin/tickets')).finish();
      await agent.page.getByRole('link', { name: subject, exact: true }).click();
      await agent.page.getByText('lag.png').waitFor();
      await agent.page.getByRole('button', { name: 'Claim', exact: true }).click();
      await agent.page.getByText('Demo Support took the ticket.').waitFor();
      await choose(agent.page, 'Insert a canned reply', 'Ask for details');
      const reply = agent.page.getByLabel('Reply', { exact: true });
      assert.match(await reply.inputValue(), /^Hello Demo Renter,/);
      await agent.page.getByRole('button', { name: 'Send reply' }).click();
      await toast(agent.page, 'Reply sent').waitFor();
      await agent.page.getByText('Waiting for you').first().waitFor();
      await screenshotAllWays(agent.page, 'support-desk-ticket', { restoreTheme: true });

      // The renter hears of it by mail, and answers on the ticket's page.
      const mail = await waitForMail(renter.email, {
        subject: `[CrimsonHost #${number}] New reply: ${subject}`,
      });
      assert.match(mail.text, new RegExp(`${ticketUrl}$`, 'm'));
      await page.goto(ticketUrl);
      await page.getByText('Hello Demo Renter,').first().waitFor();
      await page
        .getByLabel('Your reply', { exact: true })
        .fill('It happens every day from 19:00 to 23:00.');
      await page.getByRole('button', { name: 'Send reply' }).click();
      await toast(page, 'Reply sent').waitFor();

      // The agent resolves it; the renter rates the answer.
      await agent.page.reload();
      await agent.page.getByText('It happens every day').waitFor();
      await choose(agent.page, 'Status', 'Resolved');
      await agent.page.getByText('marked the ticket resolved').waitFor();
      await page.reload();
      await page.getByText('How did we do?').waitFor();
      await page.locator('.ant-rate-star').nth(4).click();
      await page.locator('.ant-rate-star-full').nth(4).waitFor();
      await page.getByRole('button', { name: 'Send rating' }).click();
      await page.getByText('Your rating').waitFor();
      assert.deepEqual([...customerProblems, ...agentProblems], []);
    } finally {
      await customer.context.close();
      await agent.context.close();
    }
  });

  it('holds a vendor’s chat handle in a dispute, and support gives a warning from the flag', async () => {
    const vendor = await browser.openPage(DESKTOP, { theme: 'light' });
    const agent = await browser.openPage(DESKTOP, { theme: 'light' });
    const vendorProblems = await watchForErrors(vendor.page);
    const agentProblems = await watchForErrors(agent.page);
    try {
      const page = vendor.page;
      await signInAs(page, VENDOR);
      await page.goto('/vendor/disputes');
      await page
        .getByRole('link', { name: /: unreachable or down$/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /^Dispute: / }).waitFor();
      await page.getByLabel('Your answer').fill('add me on disc0rd: name#1234');
      await page.getByRole('button', { name: 'Send answer' }).click();
      await page
        .getByRole('alert')
        .getByText(/shares a chat or social media account.*was not sent/)
        .waitFor();
      await screenshotAllWays(page, 'vendor-dispute-held', { restoreTheme: true });

      await signInAs(agent.page, SUPPORT);
      await (await openStaffArea(agent.page, SUPPORT.email, '/admin/moderation')).finish();
      await agent.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
      await screenshotAllWays(agent.page, 'staff-moderation', { restoreTheme: true });
      await agent.page
        .getByRole('row')
        .filter({ hasText: 'add me on disc0rd: name#1234' })
        .first()
        .getByRole('link')
        .click();
      await agent.page.getByRole('heading', { level: 1, name: /^Flag: / }).waitFor();
      await agent.page.getByRole('button', { name: 'Claim' }).click();
      await toast(agent.page, 'The flag is yours to review.').waitFor();
      await agent.page.getByRole('radio', { name: 'Warning' }).check();
      await agent.page
        .getByLabel('Reason')
        .fill('Shared a Discord handle in a dispute to move the talk off CrimsonHost.');
      await screenshotAllWays(agent.page, 'staff-flag', { restoreTheme: true });
      await agent.page.getByRole('button', { name: 'Record decision' }).click();
      await toast(agent.page, /^Flag resolved: (warning|suspension .*) given\.$/).waitFor();
      // The held answer is the API's 422 MESSAGE_HELD, which the browser logs as a failed load.
      assert.deepEqual(
        [...vendorProblems.filter((problem) => !/status of 422/.test(problem)), ...agentProblems],
        [],
      );
    } finally {
      await vendor.context.close();
      await agent.context.close();
    }
  });

  it('lets renter and vendor talk about a rental, holds a chat handle, and marks what is unread', async () => {
    const customer = await browser.openPage(DESKTOP, { theme: 'light' });
    const vendor = await browser.openPage(DESKTOP, { theme: 'light' });
    const customerProblems = await watchForErrors(customer.page);
    const vendorProblems = await watchForErrors(vendor.page);
    const { page } = customer;
    try {
      await signInAs(page, RENTER);
      const serverName = await rentAServer(page, { hostedBy: VENDOR.displayName });
      await page
        .getByRole('button', { name: `Messages: ${serverName}` })
        .first()
        .click();
      const renterThread = page.getByRole('dialog', { name: `Messages · ${serverName}` });
      await renterThread.getByText('No messages yet', { exact: false }).waitFor();
      const question = 'Hi! Is it fine to run **Forge 1.20.1** with about 40 mods?';
      await renterThread.getByRole('textbox', { name: 'Your message' }).fill(question);
      await renterThread.getByRole('button', { name: 'Send', exact: true }).click();
      await renterThread.getByText('Is it fine to run').waitFor();
      await renterThread.getByRole('button', { name: 'Close' }).first().click();

      // The vendor is mailed once and sees the rental unread in the vendor area.
      const mail = await waitForMail(VENDOR.email, {
        subject: `A renter wrote about ${serverName}`,
      });
      const link = /https?:\/\/\S+\/vendor\/rentals\?messages=[0-9a-f-]{36}/.exec(mail.text)?.[0];
      assert.ok(link, `the mail links to the thread: ${mail.text}`);
      await signInAs(vendor.page, VENDOR);
      await vendor.page.goto(link);
      const vendorThread = vendor.page.getByRole('dialog', { name: `Messages · ${serverName}` });
      await vendorThread.getByText('New messages').waitFor();
      await vendorThread.getByText('Is it fine to run').waitFor();

      // A chat handle is held, with the reason, and the text stays to be edited.
      const composer = vendorThread.getByRole('textbox', { name: 'Your message' });
      await composer.fill('Sure! Easier to sort out mods if you add me on disc0rd: name#1234');
      await vendorThread.getByRole('button', { name: 'Send', exact: true }).click();
      await vendorThread
        .getByRole('alert')
        .getByText(/shares a chat or social media account.*was not sent/)
        .waitFor();
      assert.match(await composer.inputValue(), /disc0rd/);
      await screenshotAllWays(vendor.page, 'rental-thread-held', {
        dialog: true,
        restoreTheme: true,
      });
      // The held answer comes back within milliseconds: Send is ready again at once.
      await composer.fill(
        'Sure, Forge is fine. Upload the mods through the panel and restart once.',
      );
      await vendorThread.getByRole('button', { name: 'Send', exact: true }).click();
      await vendorThread.getByText('Upload the mods through the panel').waitFor();

      // The renter's list marks the answer unread; opening the thread reads it.
      await page.reload();
      const unread = page
        .getByRole('button', { name: `Messages, 1 unread: ${serverName}` })
        .first();
      await unread.click();
      await renterThread.getByText('Upload the mods through the panel').waitFor();
      await renterThread.getByText('New messages').waitFor();
      await screenshotAllWays(page, 'rental-thread', { dialog: true, restoreTheme: true });
      await renterThread.getByRole('button', { name: 'Close' }).first().click();
      await page
        .getByRole('button', { name: `Messages: ${serverName}` })
        .first()
        .waitFor();
      assert.deepEqual(
        [
          ...vendorProblems.filter((problem) => !/status of 422/.test(problem)),
          ...customerProblems,
        ],
        [],
      );
    } finally {
      await customer.context.close();
      await vendor.context.close();
    }
  });

  it('shows a dispute with the vendor’s answer, and support declines it with a reason', async () => {
    const agent = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(agent.page);
    try {
      await signInAs(agent.page, SUPPORT);
      await (await openStaffArea(agent.page, SUPPORT.email, '/admin/tickets')).finish();
      await agent.page
        .getByRole('link', { name: /^Dispute: / })
        .first()
        .click();
      const card = agent.page.locator('.ant-card').filter({
        has: agent.page.getByRole('heading', { level: 2, name: 'Dispute' }),
      });
      await card.getByText('Unreachable or down').waitFor();
      await screenshotAllWays(agent.page, 'support-desk-dispute', { restoreTheme: true });
      await card.getByRole('button', { name: 'Decline dispute' }).click();
      const dialog = agent.page.getByRole('dialog').filter({ hasText: 'Decline this dispute' });
      await dialog
        .getByLabel('Reason')
        .fill('The panel history shows the server running, and the vendor saw players connected.');
      await dialog.getByRole('button', { name: 'Decline dispute' }).click();
      await toast(agent.page, 'Dispute declined: the payment goes on to the vendor.').waitFor();
      await card.getByText('Declined', { exact: true }).first().waitFor();
      await agent.page
        .getByText('Support declined this dispute.', { exact: false })
        .first()
        .waitFor();
      assert.deepEqual(problems, [], 'no errors in the agent’s console');
    } finally {
      await agent.context.close();
    }
  });

  it('measures a server stopped from the panel side, refunds those hours and gives credit, which pays the next rental first', async () => {
    assert.ok(ADMIN.password, 'the demo admin password was printed at start');
    const customer = await browser.openPage(DESKTOP, { theme: 'light' });
    const agent = await browser.openPage(DESKTOP, { theme: 'light' });
    const vendor = await browser.openPage(DESKTOP, { theme: 'light' });
    const admin = await browser.openPage(DESKTOP, { theme: 'light' });
    const customerProblems = await watchForErrors(customer.page);
    const agentProblems = await watchForErrors(agent.page);
    const vendorProblems = await watchForErrors(vendor.page);
    const { page } = customer;
    try {
      await signInAs(page, RENTER);
      const serverName = await rentAServer(page, { hostedBy: VENDOR.displayName });
      const row = page.getByRole('row').filter({ hasText: serverName });
      await row.getByRole('button', { name: 'Start', exact: true }).click();
      await row.getByText('running', { exact: true }).waitFor({ timeout: RUNNING_WITHIN_MS });

      // The vendor's panel kills the server behind CrimsonHost's back; reading the panel, the
      // storefront shows it stopped and keeps the change in the rental's run-state history.
      await killFromPanel(serverName);
      await waitForRunState(page, row, 'stopped');

      // An hour later on the test clock, still down, the renter disputes.
      await signInAs(admin.page, ADMIN);
      await (await openStaffArea(admin.page, ADMIN.email, '/admin/settings')).finish();
      await moveClock(admin.page, '1 hour');
      await page.reload();
      await page
        .getByRole('button', { name: `Dispute: ${serverName}` })
        .first()
        .click();
      const opening = page.getByRole('dialog', { name: `Dispute ${serverName}` });
      await opening
        .getByLabel('What happened')
        .fill('The server stopped on its own and nobody could connect for the last hour.');
      await opening.getByRole('button', { name: 'Open dispute' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/support/tickets/'));
      const ticketId = new URL(page.url()).pathname.split('/').at(-1);

      // The vendor answers in the dispute from the vendor area.
      await signInAs(vendor.page, VENDOR);
      await vendor.page.goto('/vendor/disputes');
      await vendor.page
        .getByRole('link', { name: `${serverName}: unreachable or down` })
        .first()
        .click();
      await vendor.page.getByRole('heading', { level: 1, name: /^Dispute: / }).waitFor();
      const answer =
        'Our node rebooted for a kernel update; the server did not come back by itself.';
      await vendor.page.getByLabel('Your answer').fill(answer);
      await vendor.page.getByRole('button', { name: 'Send answer' }).click();
      await vendor.page.getByText(answer).first().waitFor();

      // Support reads the measured downtime, which fills the refund, and adds compensation.
      await signInAs(agent.page, SUPPORT);
      await (await openStaffArea(agent.page, SUPPORT.email, '/admin/tickets')).finish();
      await agent.page.goto(`/admin/tickets/${ticketId}`);
      await agent.page.getByText(answer).first().waitFor();
      const evidence = agent.page.locator('.ant-card').filter({
        has: agent.page.getByRole('heading', { level: 2, name: 'Measured evidence' }),
      });
      const down = evidence
        .locator('.ant-descriptions-item')
        .filter({ hasText: 'Down or unreachable' })
        .locator('.ant-descriptions-item-content');
      await down.waitFor();
      const downHours = Number(/^(\d+) hours? of /.exec((await down.textContent()).trim())?.[1]);
      assert.ok(
        downHours >= 1,
        `the hour the server was down is measured: ${await down.textContent()}`,
      );
      await screenshotAllWays(agent.page, 'support-desk-dispute-evidence', { restoreTheme: true });
      const card = agent.page.locator('.ant-card').filter({
        has: agent.page.getByRole('heading', { level: 2, name: 'Dispute' }),
      });
      await card.getByRole('button', { name: 'Refund or compensate' }).click();
      const dialog = agent.page
        .getByRole('dialog')
        .filter({ hasText: 'Refund or compensate the renter' });
      assert.equal(
        await dialog.getByLabel('Refund whole hours').inputValue(),
        String(downHours),
        'the measured hours fill the refund',
      );
      await dialog.getByLabel('Compensation in platform credit').fill('1.5');
      await dialog
        .getByLabel('Reason')
        .fill(
          'The panel shows the server stopped outside the renter’s control for the hours refunded.',
        );
      await screenshotAllWays(agent.page, 'support-desk-dispute-decide', { restoreTheme: true });
      await dialog.getByRole('button', { name: 'Decide for the renter' }).click();
      await toast(
        agent.page,
        /^Dispute decided: .* refunded and 1\.50 in credit given\.$/,
      ).waitFor();
      await card.getByText('Refunded and compensated', { exact: false }).first().waitFor();

      // The renter reads the decision, sees both in the wallet, and the credit pays first.
      await page.reload();
      await page
        .getByText('Support decided this dispute in your favour.', { exact: false })
        .waitFor();
      await page.goto('/wallet');
      await page.getByText('+1.50 Platform credit').first().waitFor();
      await page
        .getByRole('link', { name: /^Refund of / })
        .first()
        .waitFor();
      await page.goto('/servers?status=online&availability=AVAILABLE&sort=price_asc');
      const next = page
        .locator('.surface-card')
        .filter({ has: page.getByText('Rent Server') })
        .first();
      const nextName = (await next.getByRole('heading').textContent()).trim();
      await next.getByRole('link', { name: `Rent Server: ${nextName}` }).click();
      await page.getByRole('button', { name: '2 h', exact: true }).click();
      await page.getByRole('button', { name: /^Rent for / }).click();
      const confirmation = page.getByRole('dialog', { name: 'Confirm your rental' });
      await confirmation
        .getByText(/platform credit/)
        .first()
        .waitFor();
      await screenshotAllWays(page, 'rent-with-credit', { restoreTheme: true });
      await confirmation.getByRole('button', { name: /^Pay .* and rent$/ }).click();
      await page.waitForURL((url) => url.pathname === '/rentals');
      assert.deepEqual([...customerProblems, ...agentProblems, ...vendorProblems], []);
    } finally {
      await resetClock(admin.page).catch(() => {});
      await customer.context.close();
      await agent.context.close();
      await vendor.context.close();
      await admin.context.close();
    }
  });
});
