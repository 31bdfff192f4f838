// The mail outbox: a reset mail is written with its link and survives a mail server that is down;
// the outbox job sends it once the server is back, wipes the body once sent, gives up in the end,
// and two instances sending at once deliver every mail exactly once.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { enqueueMail, MAIL_MAX_ATTEMPTS, MailOutbox } from '../src/lib/mail-outbox';
import { smtpMailer, type Mailer } from '../src/lib/mailer';
import { createTestApp, type TestContext } from './app';
import { createUser } from './factories';
import { startMailServer } from '@crimsonhost/devnet/mail-server';

const FROM = 'CrimsonHost <no-reply@crimsonhost.test>';

let ctx: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;
let downServer: Server;
let downUrl: string;
/** Where mail goes now: switched between a mail server that is down and the SMTP server. */
let current: Mailer;

beforeAll(async () => {
  mail = await startMailServer();
  // A mail host whose server is down: the port stays ours (no other process can take it, as one
  // could a port we closed after asking for it) and every connection is dropped before a greeting.
  downServer = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => downServer.listen(0, '127.0.0.1', resolve));
  downUrl = `smtp://127.0.0.1:${(downServer.address() as AddressInfo).port}`;
  current = smtpMailer(mail.url, FROM);
  const switchable: Mailer = { destination: 'test', send: (message) => current.send(message) };
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' }, undefined, {
    mailer: switchable,
  });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
  await new Promise((resolve) => downServer?.close(resolve));
});

interface OutboxRow {
  status: string;
  attempts: number;
  text: string;
  last_error: string | null;
  sent_at: Date | null;
}
const outboxRows = (recipient: string) =>
  queryRows<OutboxRow>(
    ctx.database.db,
    sql`select status, attempts, text, last_error, sent_at from mail_outbox where recipient = ${recipient}`,
  );
const makeDue = () =>
  ctx.database.db.execute(
    sql`update mail_outbox set next_attempt_at = now() where status = 'PENDING'`,
  );

describe('the mail outbox', () => {
  it('keeps a reset mail while the mail server is down and sends it once it is back', async () => {
    const user = await createUser(ctx.database.db, { email: 'patient@example.com' });
    current = smtpMailer(downUrl, FROM);
    const answer = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(answer.statusCode).toBe(202);
    // The request's own attempt failed: the mail waits in the outbox with the reason.
    let rows: OutboxRow[] = [];
    for (let tries = 0; tries < 50; tries += 1) {
      rows = await outboxRows(user.email);
      if (rows[0]?.attempts === 1 && rows[0].last_error) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PENDING', attempts: 1, sent_at: null });
    expect(rows[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(rows[0]!.text).toContain('https://shop.example.com/recovery?token=');

    // Not yet due: the job leaves it for its next attempt time.
    current = smtpMailer(mail.url, FROM);
    expect(await ctx.app.services.mail.deliverDue()).toBe(0);
    await makeDue();
    expect(await ctx.app.services.mail.deliverDue()).toBe(1);
    const received = await mail.nextMailTo(user.email);
    expect(received.subject).toBe('Reset your CrimsonHost password');
    const link = /https:\/\/shop\.example\.com\/recovery\?token=([\w%-]+)/.exec(
      received.text ?? '',
    );
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(link![1]!), password: 'a patient new passphrase' },
    });
    expect(reset.statusCode).toBe(200);

    // Sent: the link (a password in all but name) is no longer in the database.
    rows = await outboxRows(user.email);
    expect(rows[0]).toMatchObject({ status: 'SENT', attempts: 2, text: '', last_error: null });
    expect(rows[0]!.sent_at).not.toBeNull();
    expect(await ctx.app.services.mail.deliverDue()).toBe(0);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, and never sends a mail past its use`, async () => {
    current = smtpMailer(downUrl, FROM);
    const outbox = ctx.app.services.mail;
    await enqueueMail(ctx.database.db, {
      to: 'unlucky@example.com',
      subject: 'Hello',
      text: 'secret link',
      html: '<p>secret link</p>',
      kind: 'test',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await makeDue();
      expect(await outbox.deliverDue()).toBe(0);
    }
    const [failed] = await outboxRows('unlucky@example.com');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: MAIL_MAX_ATTEMPTS });
    await makeDue();
    await outbox.deliverDue();
    expect((await outboxRows('unlucky@example.com'))[0]!.attempts).toBe(MAIL_MAX_ATTEMPTS);

    current = smtpMailer(mail.url, FROM);
    await enqueueMail(ctx.database.db, {
      to: 'too-late@example.com',
      subject: 'Hello',
      text: 'expired link',
      html: '<p>expired link</p>',
      kind: 'test',
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect(await outbox.deliverDue()).toBe(0);
    expect((await outboxRows('too-late@example.com'))[0]).toMatchObject({
      status: 'FAILED',
      attempts: 0,
      text: '',
    });
    expect(mail.received.some((m) => JSON.stringify(m.to).includes('too-late@'))).toBe(false);
  });

  it('sends each of 30 mails exactly once when two instances work the outbox at once', async () => {
    current = smtpMailer(mail.url, FROM);
    const recipients = Array.from({ length: 30 }, (_, i) => `crowd-${i}@example.com`);
    for (const to of recipients) {
      await enqueueMail(ctx.database.db, {
        to,
        subject: 'Crowd',
        text: 'hello',
        html: '<p>hello</p>',
        kind: 'test',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    }
    const silent = ctx.app.log;
    const first = new MailOutbox(ctx.database.db, current, silent);
    const second = new MailOutbox(ctx.database.db, current, silent);
    const [a, b] = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(a + b).toBe(30);
    for (const to of recipients) await mail.nextMailTo(to);
    const counts = recipients.map(
      (to) => mail.received.filter((m) => JSON.stringify(m.to).includes(`"${to}"`)).length,
    );
    expect(counts.every((n) => n === 1)).toBe(true);
  });
});

describe('the mail outbox against a receiving server at its worst', () => {
  const queue = (to: string) =>
    enqueueMail(ctx.database.db, {
      to,
      subject: 'Your link',
      text: `link for ${to}`,
      html: `<p>link for ${to}</p>`,
      kind: 'test',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  const delivered = (to: string) =>
    mail.received.filter((m) => JSON.stringify(m.to).includes(to)).length;
  /** When the outbox means to try again, in seconds from now. */
  const retryIn = async (to: string) => {
    const [row] = await queryRows<{ wait: number }>(
      ctx.database.db,
      sql`select extract(epoch from next_attempt_at - now())::float as wait from mail_outbox where recipient = ${to}`,
    );
    return row!.wait;
  };

  it.each([
    [
      'greylisted (451 4.7.1 at RCPT TO)',
      'greylist',
      'greylisted@example.com',
      /451.*4\.7\.1.*Greylisted/,
    ],
    ['busy (421 in the greeting)', 'busy', 'busy@example.com', /421/],
  ] as const)(
    'keeps a mail %s and sends it once on a later attempt',
    async (_name, kind, to, reason) => {
      current = smtpMailer(mail.url, FROM);
      mail.refuseNext(kind);
      const id = await queue(to);
      expect(await ctx.app.services.mail.deliver(id)).toBe(false);
      const [waiting] = await outboxRows(to);
      expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, sent_at: null });
      expect(waiting!.last_error).toMatch(reason);
      // The next attempt waits (30 s), as a greylisting server expects of a real sender.
      expect(await retryIn(to)).toBeGreaterThan(20);
      expect(await ctx.app.services.mail.deliverDue()).toBe(0);
      await makeDue();
      expect(await ctx.app.services.mail.deliverDue()).toBe(1);
      await mail.nextMailTo(to);
      expect(await outboxRows(to)).toMatchObject([{ status: 'SENT', attempts: 2, text: '' }]);
      expect(delivered(to)).toBe(1);
    },
  );

  it.each([
    ['refused for good (550 5.7.1 at RCPT TO)', 'reject', 'refused@example.com', /550.*5\.7\.1/],
    ['blocked (554 in the greeting)', 'block', 'blocked@example.com', /554/],
  ] as const)(
    'gives up a mail %s at once, with the reason, and never sends it',
    async (_name, kind, to, reason) => {
      current = smtpMailer(mail.url, FROM);
      mail.refuseNext(kind);
      const id = await queue(to);
      expect(await ctx.app.services.mail.deliver(id)).toBe(false);
      const [failed] = await outboxRows(to);
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, sent_at: null, text: '' });
      expect(failed!.last_error).toMatch(reason);
      await makeDue();
      await ctx.app.services.mail.deliverDue();
      expect((await outboxRows(to))[0]!.attempts).toBe(1);
      expect(delivered(to)).toBe(0);
    },
  );
});
