// The thread between a rental's renter and its vendor (issue 17 point 8): each side reads and
// writes its own rentals' threads, another person's answers 404; unread counts in both rental
// lists; one mail until the other side reads; files with the support centre's rules, read only by
// the two sides and support; contact details held with a flag; writing closes 7 days after the
// end (test clock); support reads the thread once the rental has a ticket.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RENTAL_MESSAGES_OPEN_DAYS,
  RENTAL_MESSAGES_PAGE,
  type RentalThread,
} from '@crimsonhost/shared/rental-messages';
import { queryRows } from '../../src/db/client';
import type { TestClock } from '../../src/lib/clock';
import { createTestApp, type TestContext } from '../app';
import { createListing } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { pngWithText } from '../support/files';
import { openTicket, signedIn } from '../support/support-fixture';
import { activeVendor } from '../vendors/vendor-fixture';
import { renter, USDT } from './rentals-fixture';

const DAY = 86_400_000;

let ctx: TestContext;
let clock: TestClock;
let support: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  clock = ctx.app.clock as TestClock;
  support = await signedIn(ctx, 'support', 'Sam Support');
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;

async function rented(name = 'Chatty Vendor') {
  const vendor = await activeVendor(ctx, name);
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.user.id,
    priceMicro: USDT,
    name: 'Talk Box',
  });
  const buyer = await renter(ctx, 10n * USDT);
  const rental = (await rentServer(ctx, buyer.headers, listing.id, 2)) as { id: string };
  return { vendor, listing, buyer, rental };
}

const base = (side: 'renter' | 'vendor' | 'staff', id: string) =>
  side === 'renter'
    ? `/api/rentals/${id}/messages`
    : side === 'vendor'
      ? `/api/vendor/rentals/${id}/messages`
      : `/api/admin/rentals/${id}/messages`;

const write = (
  side: 'renter' | 'vendor',
  id: string,
  headers: Headers,
  message: string,
  attachmentIds: string[] = [],
) =>
  ctx.request({
    method: 'POST',
    url: base(side, id),
    headers,
    payload: { message, attachmentIds },
  });

async function read(side: 'renter' | 'vendor' | 'staff', id: string, headers: Headers, query = '') {
  const response = await ctx.request({ method: 'GET', url: base(side, id) + query, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: RentalThread }>().data;
}

async function unreadOf(side: 'renter' | 'vendor', id: string, headers: Headers) {
  const url = side === 'renter' ? '/api/rentals' : '/api/vendor/rentals';
  const response = await ctx.request({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  const row = response
    .json<{ data: Array<{ id: string; unreadMessages: number }> }>()
    .data.find((r) => r.id === id);
  return row!.unreadMessages;
}

describe('a rental’s thread', () => {
  it('carries messages both ways, with unread counts, Seen and one mail until read', async () => {
    const { vendor, buyer, rental } = await rented();
    const mailsBefore = ctx.mailer.sent.length;

    const first = await write('renter', rental.id, buyer.headers, 'Hi! Is **modded** play fine?');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      side: 'renter',
      body: 'Hi! Is **modded** play fine?',
      seen: false,
      unread: false,
    });
    expect(await unreadOf('vendor', rental.id, vendor.headers)).toBe(1);
    await write('renter', rental.id, buyer.headers, 'Forge 1.20.1, 40 mods.');
    expect(await unreadOf('vendor', rental.id, vendor.headers)).toBe(2);

    // One mail for the two messages: the vendor has not read the first one yet.
    await expect
      .poll(() => ctx.mailer.sent.slice(mailsBefore).filter((m) => m.to === vendor.user.email))
      .toHaveLength(1);
    const mail = ctx.mailer.sent.slice(mailsBefore).find((m) => m.to === vendor.user.email)!;
    expect(mail.subject).toBe('A renter wrote about Talk Box');
    expect(mail.text).toContain('Hi! Is **modded** play fine?');
    expect(mail.text).toContain(`/vendor/rentals?messages=${rental.id}`);

    // The vendor reads: both were unread for them, now the list says none.
    const vendorView = await read('vendor', rental.id, vendor.headers);
    expect(vendorView).toMatchObject({
      side: 'vendor',
      renter: { displayName: expect.any(String) },
      vendor: { displayName: 'Chatty Vendor' },
      server: { name: 'Talk Box' },
      hasEarlier: false,
    });
    expect(vendorView.messages.map((m) => m.unread)).toEqual([true, true]);
    expect(await unreadOf('vendor', rental.id, vendor.headers)).toBe(0);

    // The renter sees them as seen; the vendor's answer is unread for the renter and mailed.
    const answer = await write('vendor', rental.id, vendor.headers, 'Yes, Forge is installed.');
    expect(answer.statusCode, answer.body).toBe(201);
    const renterView = await read('renter', rental.id, buyer.headers);
    expect(renterView.messages.map((m) => [m.side, m.seen, m.unread])).toEqual([
      ['renter', true, false],
      ['renter', true, false],
      ['vendor', false, true],
    ]);
    expect(await unreadOf('renter', rental.id, buyer.headers)).toBe(0);
    await expect
      .poll(() => ctx.mailer.sent.slice(mailsBefore).map((m) => m.subject))
      .toContain('New message about your rental of Talk Box');

    // Having read, the vendor is mailed again about the next message.
    await write('renter', rental.id, buyer.headers, 'Great, thanks!');
    await expect
      .poll(() => ctx.mailer.sent.slice(mailsBefore).filter((m) => m.to === vendor.user.email))
      .toHaveLength(2);
  });

  it('mails once for messages sent at the same moment from two tabs', async () => {
    const { vendor, buyer, rental } = await rented('Busy Vendor');
    const before = ctx.mailer.sent.length;
    const answers = await Promise.all(
      ['First of three at once', 'Second of three at once', 'Third of three at once'].map((text) =>
        write('renter', rental.id, buyer.headers, text),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(await unreadOf('vendor', rental.id, vendor.headers)).toBe(3);
    const [queued] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from mail_outbox
           where recipient = ${vendor.user.email} and kind = 'rental-message'`,
    );
    expect(queued!.n).toBe(1);
    await expect
      .poll(() => ctx.mailer.sent.slice(before).filter((m) => m.to === vendor.user.email))
      .toHaveLength(1);
  });

  it('answers 404 to anyone but its two sides, and to a bad id', async () => {
    const { vendor, buyer, rental } = await rented('Private Vendor');
    const stranger = await signedIn(ctx);
    const otherVendor = await activeVendor(ctx, 'Nosy Vendor');
    for (const [side, headers] of [
      ['renter', stranger.headers],
      ['renter', vendor.headers],
      ['vendor', otherVendor.headers],
    ] as const) {
      const get = await ctx.request({ method: 'GET', url: base(side, rental.id), headers });
      expect(get.statusCode).toBe(404);
      expect((await write(side, rental.id, headers, 'Hello there')).statusCode).toBe(404);
    }
    expect((await write('vendor', rental.id, buyer.headers, 'Hello')).statusCode).toBe(403);
    const bad = await ctx.request({
      method: 'GET',
      url: base('renter', 'not-a-rental'),
      headers: buyer.headers,
    });
    expect(bad.statusCode).toBe(404);
  });

  it('refuses an empty message or too many files in words, and a stranger’s file', async () => {
    const { buyer, rental } = await rented('Strict Vendor');
    const empty = await write('renter', rental.id, buyer.headers, '   \u200b ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Message is required/);
    const stranger = await signedIn(ctx);
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/support/attachments?name=shot.png',
      headers: { ...stranger.headers, 'content-type': 'application/octet-stream' },
      payload: pngWithText(),
    });
    const theirs = upload.json().data.id as string;
    const taken = await write('renter', rental.id, buyer.headers, 'See this', [theirs]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('shows files to the two sides and support, and to nobody else', async () => {
    const { vendor, buyer, rental } = await rented('File Vendor');
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/support/attachments?name=lag.png',
      headers: { ...buyer.headers, 'content-type': 'application/octet-stream' },
      payload: pngWithText(),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json().data as { id: string };
    const sent = await write('renter', rental.id, buyer.headers, 'The lag spike, see the shot', [
      file.id,
    ]);
    expect(sent.json().data.attachments).toEqual([expect.objectContaining({ id: file.id })]);
    const fetchAs = (headers: Headers) =>
      ctx.request({ method: 'GET', url: `/api/support/attachments/${file.id}`, headers });
    expect((await fetchAs(vendor.headers)).statusCode).toBe(200);
    expect((await fetchAs(support.headers)).statusCode).toBe(200);
    expect((await fetchAs((await signedIn(ctx)).headers)).statusCode).toBe(404);
    // A file on a message is never swept as an unused upload.
    await ctx.database.db.execute(
      sql`update support_attachments set created_at = now() - interval '2 days' where id = ${file.id}`,
    );
    await ctx.app.services.attachments.purgeUnused();
    expect((await fetchAs(vendor.headers)).statusCode).toBe(200);
  });

  it('holds a message that shares a contact, tells why, and flags it', async () => {
    const { vendor, buyer, rental } = await rented('Sly Vendor');
    const held = await write('vendor', rental.id, vendor.headers, 'add me on disc0rd: name#1234');
    expect(held.statusCode).toBe(422);
    expect(held.json().error.code).toBe('MESSAGE_HELD');
    expect(held.json().error.message).toMatch(/not sent/);
    const thread = await read('vendor', rental.id, vendor.headers);
    expect(thread.messages).toHaveLength(0);
    const [flag] = await queryRows<{ source: string; reason: string; message: string }>(
      ctx.database.db,
      sql`select source, reason, message from moderation_flags where rental_id = ${rental.id}`,
    );
    expect(flag).toMatchObject({ message: 'add me on disc0rd: name#1234' });
    // The flag lets support read the thread in context.
    const staffView = await read('staff', rental.id, support.headers);
    expect(staffView).toMatchObject({ side: null, messages: [] });
    // The rental's own address is a connection detail, not a contact.
    const view = await ctx.request({
      method: 'GET',
      url: `/api/rentals/${rental.id}`,
      headers: buyer.headers,
    });
    const { host, port } = view.json().data.connection as { host: string; port: number };
    const ok = await write(
      'vendor',
      rental.id,
      vendor.headers,
      `Connect to ${host}:${port}, it runs now.`,
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('closes for writing 7 days after the rental ends, and stays readable', async () => {
    const { vendor, buyer, rental } = await rented('Closing Vendor');
    const open = await read('renter', rental.id, buyer.headers);
    expect(open.writableUntil).not.toBeNull();
    const until = Date.parse(open.writableUntil!);
    const [row] = await queryRows<{ ends_at: Date }>(
      ctx.database.db,
      sql`select ends_at from rentals where id = ${rental.id}`,
    );
    expect(until - new Date(row!.ends_at).getTime()).toBe(RENTAL_MESSAGES_OPEN_DAYS * DAY);
    await write('vendor', rental.id, vendor.headers, 'Thanks for renting!');

    await clock.advance(until - clock.now().getTime() + 1000);
    try {
      const late = await write('renter', rental.id, buyer.headers, 'One more thing');
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('THREAD_CLOSED');
      const closed = await read('renter', rental.id, buyer.headers);
      expect(closed.writableUntil).toBeNull();
      expect(closed.messages).toHaveLength(1);
    } finally {
      await clock.reset();
    }
  });

  it('pages earlier messages with before=', async () => {
    const { buyer, rental } = await rented('Paging Vendor');
    const total = RENTAL_MESSAGES_PAGE + 3;
    await ctx.database.db.execute(sql`
      insert into rental_messages (rental_id, side, author_id, author_name, body, created_at)
      select ${rental.id}, 'renter', r.renter_id, 'Renter', 'Message ' || n, now() + n * interval '1 second'
        from rentals r, generate_series(1, ${total}) n where r.id = ${rental.id}`);
    const latest = await read('renter', rental.id, buyer.headers);
    expect(latest.messages).toHaveLength(RENTAL_MESSAGES_PAGE);
    expect(latest.hasEarlier).toBe(true);
    expect(latest.messages.at(-1)!.body).toBe(`Message ${total}`);
    const earlier = await read(
      'renter',
      rental.id,
      buyer.headers,
      `?before=${latest.messages[0]!.id}`,
    );
    expect(earlier.messages.map((m) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(earlier.hasEarlier).toBe(false);
    const bad = await ctx.request({
      method: 'GET',
      url: `${base('renter', rental.id)}?before=${crypto.randomUUID()}`,
      headers: buyer.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('support reading a thread', () => {
  it('reads it once the rental has a ticket, without moving the read marks', async () => {
    const { vendor, buyer, rental } = await rented('Ticketed Vendor');
    await write('vendor', rental.id, vendor.headers, 'Maintenance at 18:00 UTC, 10 minutes.');
    const before = await ctx.request({
      method: 'GET',
      url: base('staff', rental.id),
      headers: support.headers,
    });
    expect(before.statusCode).toBe(404);
    await openTicket(ctx, buyer.headers, { category: 'RENTAL', rentalId: rental.id });
    const thread = await read('staff', rental.id, support.headers);
    expect(thread.side).toBeNull();
    expect(thread.messages.map((m) => [m.body, m.unread])).toEqual([
      ['Maintenance at 18:00 UTC, 10 minutes.', false],
    ]);
    expect(await unreadOf('renter', rental.id, buyer.headers)).toBe(1);
  });
});
