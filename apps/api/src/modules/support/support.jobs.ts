import type { FastifyBaseLogger } from 'fastify';
import {
  TICKET_AUTO_CLOSE_DAYS,
  TICKET_CLOSE_REMINDER_DAYS_BEFORE,
  type TicketStatus,
} from '@crimsonhost/shared/support';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../lib/jobs';
import { closeReminderMail, weeklyDigestMail } from './support-mail';
import * as repo from './support.repository';
import { SYSTEM, type MailIds, type TicketWorkflow } from './ticket-workflow';

const DAY_MS = 86_400_000;
const BATCH = 100;

/**
 * RESOLVED tickets close themselves after TICKET_AUTO_CLOSE_DAYS, with a reminder mail
 * TICKET_CLOSE_REMINDER_DAYS_BEFORE that. Each ticket is claimed with `FOR UPDATE SKIP LOCKED` and
 * its reminder marked in the same statement, so two instances running this at once send each
 * reminder and close each ticket once.
 */
export class TicketAutoClose {
  constructor(
    private readonly db: Database,
    private readonly workflow: TicketWorkflow,
  ) {}

  /** Sends the reminders that are due; answers how many. */
  async remind(now = new Date()): Promise<number> {
    const remindBefore = new Date(
      now.getTime() - (TICKET_AUTO_CLOSE_DAYS - TICKET_CLOSE_REMINDER_DAYS_BEFORE) * DAY_MS,
    );
    const queued: MailIds = [];
    const reminded = await this.db.transaction(async (tx) => {
      const claimed = await repo.claimCloseReminders(tx, remindBefore, now, BATCH);
      for (const ticket of claimed) {
        const settings = await this.workflow.recipientSettings(tx, ticket);
        const context = await this.workflow.mailContext(tx, ticket);
        if (!settings.notifyResolved || !context) continue;
        queued.push(
          await this.workflow.enqueue(
            tx,
            'support-close-reminder',
            closeReminderMail(context),
            now,
          ),
        );
      }
      return claimed.length;
    });
    this.workflow.deliver(queued);
    return reminded;
  }

  /** Closes the RESOLVED tickets past their time; answers how many. */
  async close(now = new Date()): Promise<number> {
    const closeBefore = new Date(now.getTime() - TICKET_AUTO_CLOSE_DAYS * DAY_MS);
    return this.db.transaction(async (tx) => {
      const due = await repo.lockTicketsToClose(tx, closeBefore, BATCH);
      for (const ticket of due) {
        await this.workflow.apply(tx, ticket, { type: 'auto_close' }, SYSTEM, now);
      }
      return due.length;
    });
  }

  /**
   * The weekly digest for those who asked for it: one mail a week listing their open tickets
   * (none when nothing is open). Answers how many mails went out.
   */
  async digest(now = new Date()): Promise<number> {
    const queued: MailIds = [];
    await this.db.transaction(async (tx) => {
      const due = await repo.claimDigests(tx, new Date(now.getTime() - 7 * DAY_MS), now, BATCH);
      for (const { userId } of due) {
        const [user, tickets] = await Promise.all([
          repo.findUser(tx, userId),
          repo.activeTicketsOf(tx, userId, 20),
        ]);
        if (!user || tickets.length === 0) continue;
        const { publicUrl } = this.workflow.deps;
        const mail = weeklyDigestMail(
          user.email,
          user.displayName,
          tickets.map((t) => ({
            number: t.number,
            subject: t.subject,
            status: t.status as TicketStatus,
            link: `${publicUrl}/support/tickets/${t.id}`,
          })),
          `${publicUrl}/support/settings`,
        );
        queued.push(await this.workflow.enqueue(tx, 'support-digest', mail, now));
      }
    });
    this.workflow.deliver(queued);
    return queued.length;
  }

  job(log: FastifyBaseLogger): JobDefinition {
    return {
      name: 'support-auto-close',
      intervalMs: 60_000,
      leaseMs: 120_000,
      run: async () => {
        const reminded = await this.remind();
        const closed = await this.close();
        const purged = await this.workflow.deps.attachments.purgeUnused();
        if (reminded + closed + purged > 0) {
          log.info(
            { reminded, closed, purged },
            'resolved tickets and unused uploads looked after',
          );
        }
      },
    };
  }
}
