import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import type { JobDefinition } from './jobs';
import type { Mail, Mailer } from './mailer';
import { escapeHtml } from './escape-html';

/**
 * Attempts before a mail is given up; the waits between them double from 30 s (to 1 h). A
 * permanent refusal (5yz) gives it up at once.
 */
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
/** How long an instance holds a mail it is sending before another may try it. */
const CLAIM_SECONDS = 120;

export interface QueuedMail extends Mail {
  kind: string;
  /** Not sent after this (a reset link past its time is no use). */
  expiresAt: Date;
}

/** Writes a mail into the outbox, inside the caller's transaction. Answers its id. */
/**
 * A mail of plain paragraphs, as the staff area's and the vendor area's notices are written: the
 * text joins them with blank lines, the HTML makes each an escaped paragraph. Undelivered for a
 * week, it is dropped.
 */
export function paragraphMail(mail: {
  to: string;
  subject: string;
  paragraphs: readonly string[];
  kind: string;
}): QueuedMail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.paragraphs.join('\n\n'),
    html: mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
    kind: mail.kind,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  };
}

export async function enqueueMail(db: Executor, mail: QueuedMail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      kind: mail.kind,
      expiresAt: mail.expiresAt,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

interface ClaimedRow {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  attempts: number;
}

/**
 * Sends what the outbox holds. Each mail is claimed with one statement (`FOR UPDATE SKIP LOCKED`
 * and a claim time), sent with no transaction open, then marked sent and wiped; a failure
 * schedules the next attempt. Two instances never send the same mail at once; a crash between
 * sending and marking sends it again after the claim runs out (at least once, never lost).
 */
export class MailOutbox {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends one mail now if it is still due: what a request does right after queueing it. */
  async deliver(id: string): Promise<boolean> {
    const [claimed] = await this.claim(sql`id = ${id}`, 1);
    return claimed ? this.send(claimed) : false;
  }

  /** Sends every due mail, up to `limit`; answers how many went out. */
  async deliverDue(limit = 50): Promise<number> {
    await this.giveUpExpired();
    const claimed = await this.claim(sql`true`, limit);
    let sent = 0;
    for (const row of claimed) if (await this.send(row)) sent += 1;
    return sent;
  }

  job(): JobDefinition {
    return {
      name: 'mail-outbox',
      intervalMs: 5_000,
      leaseMs: 60_000,
      run: async () => {
        await this.deliverDue();
      },
    };
  }

  private claim(where: ReturnType<typeof sql>, limit: number) {
    return queryRows<ClaimedRow>(
      this.db,
      sql`
        update mail_outbox set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
                               attempts = attempts + 1
         where id in (
           select id from mail_outbox
            where status = 'PENDING' and next_attempt_at <= now() and expires_at > now()
              and (claimed_until is null or claimed_until < now())
              and ${where}
            order by next_attempt_at
            limit ${limit}
            for update skip locked)
        returning id, recipient, subject, text, html, kind, attempts`,
    );
  }

  private async send(row: ClaimedRow): Promise<boolean> {
    try {
      await this.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A 5yz answer (550 at RCPT TO, 554 in the greeting) is permanent: RFC 5321 (4.2.1) says
      // not to send the same again. 4yz (451 greylisting, 421 busy) and no answer are retried.
      const code = (error as { responseCode?: unknown } | null)?.responseCode;
      const permanent = typeof code === 'number' && code >= 500 && code < 600;
      const last = permanent || row.attempts >= MAIL_MAX_ATTEMPTS;
      const wait = Math.min(FIRST_RETRY_SECONDS * 2 ** (row.attempts - 1), MAX_RETRY_SECONDS);
      await this.db.execute(sql`
        update mail_outbox
           set status = ${last ? 'FAILED' : 'PENDING'},
               next_attempt_at = now() + make_interval(secs => ${wait}),
               text = case when ${last} then '' else text end,
               html = case when ${last} then '' else html end,
               claimed_until = null,
               last_error = ${message.slice(0, 500)}
         where id = ${row.id}`);
      this.log.error(
        { err: error, mailId: row.id, kind: row.kind, attempt: row.attempts, givenUp: last },
        permanent
          ? 'mail refused for good by the mail server; given up'
          : last
            ? 'mail given up after its last attempt'
            : 'mail not sent; will try again',
      );
      return false;
    }
    await this.db.execute(sql`
      update mail_outbox
         set status = 'SENT', sent_at = now(), claimed_until = null, last_error = null,
             text = '', html = ''
       where id = ${row.id}`);
    return true;
  }

  /** Mails past their use are not sent later: marked FAILED and wiped; old rows are dropped. */
  private async giveUpExpired() {
    await this.db.execute(sql`
      update mail_outbox
         set status = 'FAILED', last_error = coalesce(last_error, 'expired before it could be sent'),
             text = '', html = ''
       where status = 'PENDING' and expires_at <= now()`);
    await this.db.execute(sql`
      delete from mail_outbox where status <> 'PENDING' and created_at < now() - interval '30 days'`);
  }
}
