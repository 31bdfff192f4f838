// My data and my account (issue 18 point 6, privacy): the export holds what the platform keeps
// about me and nobody else's; deletion is refused with every reason while money or a promise is
// open (wallet money, a running rental, a waiting deposit, an open dispute); otherwise the account
// is anonymised and signed out everywhere, and the books still balance.
import { sql } from 'drizzle-orm';
import type { NotificationSettings } from '@crimsonhost/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import type { TestClock } from '../src/lib/clock';
import { DELETED_NAME } from '../src/modules/account/account.service';
import { findUserById } from '../src/modules/auth/auth.repository';
import { createTestApp, type TestContext } from './app';
import { createListing, createVendor } from './catalog/catalog-factories';
import { checkBooks, rentServer } from './ledger-admin/ledger-fixture';
import { renter, USDT } from './rentals/rentals-fixture';
import { openTicket, signedIn } from './support/support-fixture';

const HOUR = 3_600_000;
let ctx: TestContext;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  clock = ctx.app.clock as TestClock;
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;

const remove = (headers: Headers, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/account/delete', headers, payload });

async function listing(price = USDT) {
  const vendor = await createVendor(ctx.database.db, 'Account Vendor');
  return createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: price,
    name: 'Exit Box',
  });
}

describe('downloading my data', () => {
  it('holds my profile, money, rentals, tickets and messages, and nothing of anyone else', async () => {
    const me = await renter(ctx, 10n * USDT);
    const other = await renter(ctx, 10n * USDT);
    const server = await listing();
    const rental = await rentServer(ctx, me.headers, server.id, 2);
    await rentServer(ctx, other.headers, server.id, 1).catch(() => undefined);
    await openTicket(ctx, me.headers, {
      message: 'My server restarts every hour on its own, why?',
    });
    await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/messages`,
      headers: me.headers,
      payload: { message: 'Hello vendor, thanks for the server!' },
    });

    const response = await ctx.request({
      method: 'GET',
      url: '/api/account/export',
      headers: me.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="crimsonhost-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({ id: me.user.id, email: me.user.email });
    expect(data.wallet.usdt).toBe('8.000000');
    expect(data.transactions.map((t: { type: string }) => t.type).sort()).toEqual([
      'DEPOSIT',
      'RENTAL_PAYMENT',
    ]);
    expect(data.rentals).toEqual([
      expect.objectContaining({ id: rental.id, server: 'Exit Box', paid: '2.000000' }),
    ]);
    expect(data.tickets).toHaveLength(1);
    expect(data.tickets[0].messages[0].body).toBe('My server restarts every hour on its own, why?');
    expect(data.rentalMessages).toEqual([
      expect.objectContaining({ body: 'Hello vendor, thanks for the server!', side: 'renter' }),
    ]);
    expect(JSON.stringify(data)).not.toContain(other.user.email);
  });
});

describe('deleting my account', () => {
  it('refuses with every reason while money, a rental or a deposit is open', async () => {
    const me = await renter(ctx, 10n * USDT);
    const server = await listing();
    await rentServer(ctx, me.headers, server.id, 2);
    // A deposit waiting for its payment, as the deposit dialog leaves one (no chain runs here).
    await ctx.database.db.execute(sql`
      insert into wallet_transactions (user_id, type, status, amount, currency, description, network)
      values (${me.user.id}, 'DEPOSIT', 'PENDING', 25000000, 'USDT', 'Deposit', 'ERC20')`);
    const refused = await remove(me.headers, {
      confirmEmail: me.user.email,
      password: me.user.password,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_NOT_DELETABLE');
    const reasons: string[] = refused.json().error.details.reasons;
    expect(reasons.join('\n')).toMatch(/8\.00 USDT in your wallet/);
    expect(reasons.join('\n')).toMatch(/1 rental of yours is still running/);
    expect(reasons.join('\n')).toMatch(/1 deposit is still waiting for a payment/);
    expect(reasons).toHaveLength(3);
    expect(await statusOf(me.headers)).toBe(200);
  });

  it('refuses while a dispute is open, even once the money is spent', async () => {
    const server = await listing(5n * USDT);
    const me = await renter(ctx, 10n * USDT);
    const rental = await rentServer(ctx, me.headers, server.id, 2);
    const opened = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/dispute`,
      headers: me.headers,
      payload: { reason: 'UNREACHABLE', description: 'Nobody could connect all evening long.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await clock.advance(3 * HOUR);
    try {
      await ctx.app.services.rentals.expireDue();
      const refused = await remove(me.headers, {
        confirmEmail: me.user.email,
        password: me.user.password,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.details.reasons).toEqual([
        '1 dispute is open: support decides it first.',
      ]);
    } finally {
      await clock.reset();
    }
  });

  it('asks for the e-mail and the password, in words by their fields', async () => {
    const me = await renter(ctx);
    const wrongEmail = await remove(me.headers, {
      confirmEmail: 'someone@else.test',
      password: me.user.password,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().error.details.fields[0].field).toBe('confirmEmail');
    const wrongPassword = await remove(me.headers, {
      confirmEmail: me.user.email,
      password: 'nope',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.details.fields[0].field).toBe('password');
    expect(await statusOf(me.headers)).toBe(200);
  });

  it('anonymises a settled account, signs it out everywhere, and keeps the books balanced', async () => {
    const server = await listing(5n * USDT);
    const me = await renter(ctx, 10n * USDT);
    await rentServer(ctx, me.headers, server.id, 2);
    await openTicket(ctx, me.headers, { message: 'Thanks for the help with my server today!' });
    await clock.advance(3 * HOUR);
    try {
      await ctx.app.services.rentals.expireDue();
      const deleted = await remove(me.headers, {
        confirmEmail: me.user.email.toUpperCase(),
        password: me.user.password,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().data).toEqual({ deleted: true });
    } finally {
      await clock.reset();
    }
    expect(await statusOf(me.headers)).toBe(401);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.user.password },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await queryRows<{ email: string; display_name: string; deleted: boolean }>(
      ctx.database.db,
      sql`select email, display_name, deleted_at is not null as deleted, password_hash
            from users where id = ${me.user.id}`,
    );
    expect(row).toMatchObject({ display_name: DELETED_NAME, deleted: true });
    expect(row!.email).not.toContain(me.user.email);
    const [author] = await queryRows<{ author_name: string }>(
      ctx.database.db,
      sql`select m.author_name from support_messages m join support_tickets t on t.id = m.ticket_id
           where t.requester_id = ${me.user.id} and m.kind = 'reply' limit 1`,
    );
    expect(author!.author_name).toBe(DELETED_NAME);
    const audit = await ctx.request({
      method: 'GET',
      url: '/api/admin/audit?action=user.account_deleted',
      headers: admin.headers,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data.map((entry: { targetId: string }) => entry.targetId)).toContain(
      me.user.id,
    );
    const books = await checkBooks(ctx, admin.headers);
    expect(
      books.violations.filter(
        (v) => !(v.kind === 'CREDIT_WITHOUT_TRANSFER' && v.message.includes('test-deposit:')),
      ),
    ).toEqual([]);
  });
});

async function statusOf(headers: Headers) {
  return (await ctx.request({ method: 'GET', url: '/api/auth/profile', headers })).statusCode;
}

describe('choosing my mails', () => {
  it('reads the defaults, changes only the keys given, and stops the rental message mail', async () => {
    const buyer = await renter(ctx, 10n * USDT);
    const server = await listing();
    const rental = await rentServer(ctx, buyer.headers, server.id, 2);
    const read = async () => {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/account/notifications',
        headers: buyer.headers,
      });
      return response.json<{ data: NotificationSettings }>().data;
    };
    expect(await read()).toEqual({
      rentalMessages: true,
      notifyStaffReply: true,
      notifyStatusChange: true,
      notifyResolved: true,
      weeklyDigest: false,
    });
    const changed = await ctx.request({
      method: 'PATCH',
      url: '/api/account/notifications',
      headers: buyer.headers,
      payload: { rentalMessages: false, notifyStaffReply: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ rentalMessages: false, notifyStaffReply: false });
    // The support centre's own settings page reads the same choice.
    const support = await ctx.request({
      method: 'GET',
      url: '/api/support/settings',
      headers: buyer.headers,
    });
    expect(support.json().data).toMatchObject({ notifyStaffReply: false, notifyResolved: true });
    const unknown = await ctx.request({
      method: 'PATCH',
      url: '/api/account/notifications',
      headers: buyer.headers,
      payload: { passwordResets: false },
    });
    expect(unknown.statusCode).toBe(400);

    // The vendor writes; the renter turned those mails off, so none is queued for them.
    const [vendorRow] = await queryRows<{ vendor_id: string }>(
      ctx.database.db,
      sql`select vendor_id from rentals where id = ${rental.id}`,
    );
    const message = await ctx.app.services.rentalMessages.send(
      await vendorUser(vendorRow!.vendor_id),
      rental.id,
      'vendor',
      { message: 'Your server is ready, have fun!' },
    );
    expect(message.side).toBe('vendor');
    const [queued] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from mail_outbox
           where recipient = ${buyer.user.email} and kind = 'rental-message'`,
    );
    expect(queued!.n).toBe(0);
  });
});

async function vendorUser(id: string) {
  const user = await findUserById(ctx.database.db, id);
  if (!user) throw new Error('the vendor is gone');
  return user;
}

describe('unlinking Discord', () => {
  const unlink = (headers: Headers, password: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/account/discord/unlink',
      headers,
      payload: { password },
    });

  it('needs a password on the account, the right one, then unlinks and mails the owner', async () => {
    const me = await renter(ctx);
    const notLinked = await unlink(me.headers, me.user.password!);
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json().error.code).toBe('NOT_LINKED');

    await ctx.database.db.execute(
      sql`update users set discord_id = ${`d-${me.user.id}`} where id = ${me.user.id}`,
    );
    const wrong = await unlink(me.headers, 'not my password');
    expect(wrong.statusCode).toBe(401);
    const done = await unlink(me.headers, me.user.password!);
    expect(done.statusCode, done.body).toBe(200);
    const profile = await ctx.request({
      method: 'GET',
      url: '/api/auth/profile',
      headers: me.headers,
    });
    expect(profile.json().data.user.discordLinked).toBe(false);
    await expect
      .poll(() => ctx.mailer.sent.filter((m) => m.to === me.user.email).map((m) => m.subject))
      .toContain('Discord was unlinked from your CrimsonHost account');
  });

  it('refuses an account that signs in only with Discord, saying how to set a password', async () => {
    const me = await renter(ctx);
    await ctx.database.db.execute(
      sql`update users set discord_id = ${`d-${me.user.id}`}, password_hash = null
           where id = ${me.user.id}`,
    );
    const refused = await unlink(me.headers, 'anything');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'PASSWORD_NEEDED' });
    expect(refused.json().error.message).toMatch(/Forgot password/);
  });
});
