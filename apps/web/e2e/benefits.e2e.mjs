// Benefits tiers and account settings (issue 18 point 8) as a new renter meets them: /benefits
// before any rental, a rental that brings the qualifying spend past Silver, the tier changed on
// /benefits and the dashboard, the Silver discount in the next rent confirmation (list price,
// discount, total) and in the wallet's line; then, from /settings, signing out another session of
// the same account, whose next call is refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DESKTOP, sharedBrowser, watchForErrors } from './browser.mjs';
import { RUN, deposit, screenshotAllWays, signInAs, signUp } from './steps.mjs';

const browser = sharedBrowser();
const ACCOUNT = { displayName: `Tier Renter ${RUN}`, email: `tier-${RUN}@example.com` };
const SILVER_AT = 25;
const LIST = '/servers?status=online&availability=AVAILABLE&sort=price_desc';

/** "1.23 USDT" as a number. */
const usdt = (text) => Number(/([\d,]+\.\d+)\s*USDT/.exec(text)?.[1].replace(/,/g, ''));

/** Opens the most expensive available server's page; answers its name and price per hour. */
async function openDearestServer(page, skip = []) {
  await page.goto(LIST);
  const links = page.getByRole('link', { name: /^Rent Server: / });
  await links.first().waitFor();
  const names = (await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label'))))
    .map((label) => label?.replace(/^Rent Server: /, '') ?? '')
    .filter((name) => name && !skip.includes(name));
  const serverName = names[0];
  assert.ok(serverName, 'an available server to rent');
  await page
    .getByRole('link', { name: `Rent Server: ${serverName}` })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: serverName }).waitFor();
  await page.getByLabel('How many hours?').fill('1');
  const line = await page.getByText(/ USDT × 1 hour$/).textContent();
  return { serverName, price: usdt(line) };
}

describe('benefits tiers', () => {
  it('moves a renter to Silver once the spend passes 25 USDT, and discounts the next rental', async () => {
    const { page } = await browser.openPage(DESKTOP, { theme: 'light' });
    const problems = await watchForErrors(page);
    await signUp(page, ACCOUNT);
    await deposit(page, '60');

    // Before any rental: Bronze, 25 USDT to Silver, the rules and worked examples for everyone.
    await page.goto('/benefits');
    const mine = page.getByRole('region', { name: 'Your tier' });
    await mine.getByText(`${SILVER_AT}.00 USDT more to reach Silver`).waitFor();
    await page.getByRole('list', { name: 'Tiers' }).waitFor();

    // A rental of enough hours of the dearest server to pass 25 USDT.
    const first = await openDearestServer(page);
    const hours = Math.min(720, Math.ceil(SILVER_AT / first.price) + 1);
    assert.ok(hours * first.price >= SILVER_AT, `${first.serverName} can take 25 USDT in 720 h`);
    await page.getByLabel('How many hours?').fill(String(hours));
    await page.getByRole('button', { name: /^Rent for / }).click();
    let confirmation = page.getByRole('dialog', { name: 'Confirm your rental' });
    // Bronze: no discount line.
    await confirmation.getByText('Total', { exact: true }).waitFor();
    assert.equal(await confirmation.getByText(/discount/i).count(), 0);
    await confirmation.getByRole('button', { name: /^Pay .* and rent$/ }).click();
    await page.waitForURL((url) => url.pathname === '/rentals');

    // The tier changed at once: on /benefits, in its history, and on the dashboard.
    await page.goto('/benefits');
    await mine.getByText('Silver', { exact: true }).first().waitFor();
    await mine.getByText(/more to reach Gold/).waitFor();
    await page
      .getByRole('table', { name: 'Your tier changes' })
      .getByRole('row')
      .filter({ hasText: 'Silver' })
      .first()
      .waitFor();
    await screenshotAllWays(page, 'benefits-silver', { restoreTheme: true });
    await page.goto('/dashboard');
    await page.getByText(/Silver · .* USDT of 100\.00 USDT to Gold/).waitFor();
    await page.getByRole('link', { name: 'See benefits' }).waitFor();

    // The next rental: list price, the Silver discount (2 %) and the total in the confirmation.
    const second = await openDearestServer(page, [first.serverName]);
    await page.getByLabel('How many hours?').fill('10');
    const list = Math.round(second.price * 10 * 1e6);
    const discount = Math.floor((list * 200) / 10_000);
    const total = ((list - discount) / 1e6).toFixed(2);
    await page.getByRole('button', { name: `Rent for ${total} USDT` }).click();
    confirmation = page.getByRole('dialog', { name: 'Confirm your rental' });
    await confirmation.getByText('List price').waitFor();
    await confirmation.getByText(/Silver discount \(2 %\)/).waitFor();
    await screenshotAllWays(page, 'rent-confirmation-discount', {
      dialog: true,
      restoreTheme: true,
    });
    await confirmation.getByRole('button', { name: `Pay ${total} USDT and rent` }).click();
    await page.waitForURL((url) => url.pathname === '/rentals');

    // The wallet's line names the discount.
    await page.goto('/wallet');
    await page
      .getByText(/Rental of 10 hours \(Silver discount [\d.]+ USDT\)/)
      .first()
      .waitFor();
    assert.deepEqual(problems, []);
  });
});

describe('account settings', () => {
  it('signs out another session of the same account, whose next call is refused', async () => {
    const phone = await browser.openPage(DESKTOP, { theme: 'light' });
    const laptop = await browser.openPage(DESKTOP, { theme: 'dark' });
    const problems = await watchForErrors(laptop.page);
    await signInAs(phone.page, ACCOUNT);
    await signInAs(laptop.page, ACCOUNT);
    await phone.page.goto('/wallet');
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();

    const { page } = laptop;
    await page.goto('/settings');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByText('This device').waitFor();
    await screenshotAllWays(page, 'settings', { restoreTheme: true });
    // Every other session has its own Sign out; this device has none.
    const before = await devices.getByRole('listitem').count();
    assert.ok(before >= 2, 'this session and the phone are listed');
    await devices
      .getByRole('button', { name: /^Sign out / })
      .first()
      .click();
    const confirmOne = page.locator('.ant-popconfirm:visible');
    await confirmOne.getByText(/^Sign out Chrome/).waitFor();
    await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'DELETE' &&
          /\/api\/auth\/sessions\//.test(response.url()),
      ),
      confirmOne.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('ul[aria-label="Signed-in devices"] > li').length === count - 1,
      before,
    );
    // Then every other one, the phone among them.
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: 'Sign out all', exact: true })
      .click();
    await page.waitForFunction(
      () => document.querySelectorAll('ul[aria-label="Signed-in devices"] > li').length === 1,
    );

    // The phone's next call is refused: its page sends it to sign in again.
    await phone.page.reload();
    await phone.page.waitForURL((url) => url.pathname === '/login');
    assert.deepEqual(problems, []);
  });
});
