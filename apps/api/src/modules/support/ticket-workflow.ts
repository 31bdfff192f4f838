import type { LoyaltyTier } from '@crimsonhost/shared/benefits';
import type { FastifyBaseLogger } from 'fastify';
import {
  GUEST_LINK_TTL_DAYS,
  TICKET_REOPEN_WINDOW_DAYS,
  TICKET_STATUS_LABELS,
  type Attachment,
  type MessageAuthorRole,
  type TicketDetail,
  type TicketLink,
  type TicketMessageView,
  type TicketPriority,
  type TicketStatus,
  type TicketSummary,
} from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import type { RentalsService } from '../rentals/rentals.service';
import type { WalletService } from '../wallet/wallet.service';
import type { AttachmentsService } from './attachments.service';
import { digest, randomToken } from '../auth/tokens';
import { slaAfter, type SlaHours } from './sla';
import * as mails from './support-mail';
import * as repo from './support.repository';
import type { MessageRow, TicketRow } from './support.repository';
import { nextStatus, TicketTransitionError, type TicketEvent } from './ticket-status';

/** Who does something to a ticket. */
export interface Actor {
  id: string | null;
  name: string;
  role: MessageAuthorRole;
}

export const SYSTEM: Actor = { id: null, name: 'CrimsonHost', role: 'system' };

/** Support, admins and the system act for the platform; a customer or a rental's vendor do not. */
const isStaff = (actor: Actor) => actor.role !== 'customer' && actor.role !== 'vendor';

export const ticketNotFound = () => new AppError('NOT_FOUND', 404, 'Ticket not found');

const DAY_MS = 86_400_000;
const MAIL_TTL_MS = 7 * DAY_MS;

export interface WorkflowDeps {
  db: Database;
  rentals: RentalsService;
  wallet: WalletService;
  outbox: MailOutbox;
  attachments: AttachmentsService;
  publicUrl: string;
  /** The current hours per priority (the staff area's Settings), read where a clock is set. */
  slaHours: (db: Executor) => Promise<SlaHours>;
  log: FastifyBaseLogger;
  /** A customer's benefits tier: GOLD and PLATINUM tickets start at HIGH at least (decision 049). */
  tierOf?: (db: Executor, userId: string) => Promise<LoyaltyTier>;
}

/** Mails a change queued inside its transaction, sent once it committed. */
export type MailIds = string[];

/**
 * The rules every ticket change follows, whoever makes it: the status machine, the service-level
 * clock, the event line in the conversation, and the mail the customer asked for. Customer and
 * staff services call it inside their own transaction.
 */
export class TicketWorkflow {
  constructor(readonly deps: WorkflowDeps) {}

  /** Applies `event` to a locked ticket; answers the updated row and the mails it queued. */
  async apply(
    tx: Executor,
    ticket: TicketRow,
    event: TicketEvent,
    actor: Actor,
    now: Date,
    extra: Partial<TicketRow> = {},
  ): Promise<{ ticket: TicketRow; mails: MailIds }> {
    const from = ticket.status as TicketStatus;
    let to: TicketStatus;
    try {
      to = nextStatus(from, event);
    } catch (error) {
      if (error instanceof TicketTransitionError) {
        throw new AppError('TICKET_STATE', 409, error.message);
      }
      throw error;
    }
    const clock = slaAfter(
      {
        slaKind: ticket.slaKind as 'first' | 'next' | null,
        slaDueAt: ticket.slaDueAt,
        slaPausedSeconds: ticket.slaPausedSeconds,
      },
      { event, to, priority: ticket.priority as TicketPriority },
      now,
      await this.deps.slaHours(tx),
    );
    const patch: Partial<typeof ticket> = { ...clock, ...extra };
    if (to !== from) {
      if (to === 'RESOLVED') {
        patch.resolvedAt = now;
        patch.resolvedByStaff = actor.role === 'support' || actor.role === 'admin';
        patch.resolutions = ticket.resolutions + 1;
        patch.closeReminderSentAt = null;
      }
      if (to === 'CLOSED') {
        patch.closedAt = now;
        patch.closedAutomatically = event.type === 'auto_close';
      }
      if (from === 'CLOSED') {
        patch.closedAt = null;
        patch.closedAutomatically = false;
      }
      await repo.insertMessage(tx, {
        ticketId: ticket.id,
        kind: 'event',
        authorId: actor.id,
        authorRole: actor.role,
        authorName: actor.name,
        body: eventSentence(actor, from, to, event),
        fromStatus: from,
        toStatus: to,
        createdAt: now,
      });
      // The customer sees changes others made.
      if (isStaff(actor)) patch.lastStaffActivityAt = now;
      patch.lastActivityAt = now;
    }
    patch.status = to;
    const updated = await repo.updateTicket(tx, ticket.id, patch);
    const queued = to !== from ? await this.mailForStatus(tx, updated, from, to, actor, event) : [];
    return { ticket: updated, mails: queued };
  }

  /** A reply or a note, written in the conversation (after `apply` moved the status). */
  async write(
    tx: Executor,
    ticket: TicketRow,
    kind: 'reply' | 'note',
    actor: Actor,
    body: string,
    now: Date,
    attachmentIds: readonly string[] = [],
  ): Promise<{ ticket: TicketRow; mails: MailIds }> {
    const message = await repo.insertMessage(tx, {
      ticketId: ticket.id,
      kind,
      authorId: actor.id,
      authorRole: actor.role,
      authorName: actor.name,
      body,
      createdAt: now,
    });
    await this.deps.attachments.attach(tx, attachmentIds, actor.id, {
      ticketId: ticket.id,
      messageId: message.id,
    });
    if (kind === 'note') return { ticket, mails: [] };
    const staff = isStaff(actor);
    const patch: Partial<TicketRow> = { lastActivityAt: now };
    if (staff) {
      patch.lastStaffActivityAt = now;
      if (!ticket.firstResponseAt) patch.firstResponseAt = now;
    } else if (actor.role === 'customer') {
      // The customer saw everything up to their own reply.
      patch.customerSeenAt = now;
    }
    const updated = await repo.updateTicket(tx, ticket.id, patch);
    const queued: MailIds = [];
    // The customer hears of a reply from support, or from the vendor in a dispute.
    if (actor.role !== 'customer') {
      const settings = await this.recipientSettings(tx, updated);
      if (settings.notifyStaffReply) {
        const context = await this.mailContext(tx, updated);
        if (context) {
          queued.push(
            await this.enqueue(
              tx,
              'support-reply',
              mails.staffReplyMail(context, actor.name, body),
              now,
            ),
          );
        }
      }
    }
    return { ticket: updated, mails: queued };
  }

  /** Sends what a committed change queued; a failure is left to the outbox job. */
  deliver(mailIds: MailIds) {
    for (const id of mailIds) {
      this.deps.outbox.deliver(id).catch((error: unknown) => {
        this.deps.log.error({ err: error, mailId: id }, 'could not send a support mail');
      });
    }
  }

  async enqueue(
    tx: Executor,
    kind: string,
    mail: { to: string; subject: string; text: string; html: string },
    now: Date,
  ) {
    return enqueueMail(tx, { ...mail, kind, expiresAt: new Date(now.getTime() + MAIL_TTL_MS) });
  }

  /** The recipient's choices (the defaults for a guest or someone who never saved any). */
  async recipientSettings(db: Executor, ticket: TicketRow) {
    const saved = ticket.requesterId ? await repo.settingsOf(db, ticket.requesterId) : undefined;
    return {
      notifyStaffReply: saved?.notifyStaffReply ?? true,
      notifyStatusChange: saved?.notifyStatusChange ?? true,
      notifyResolved: saved?.notifyResolved ?? true,
    };
  }

  /**
   * Who a ticket's mail goes to, and the link it carries. A guest's link holds a fresh token for
   * this ticket alone, valid GUEST_LINK_TTL_DAYS: each mail refreshes the guest's access.
   */
  async mailContext(db: Executor, ticket: TicketRow): Promise<mails.TicketMailContext | null> {
    const requester = ticket.requesterId ? await repo.findUser(db, ticket.requesterId) : undefined;
    const to = requester?.email ?? ticket.guestEmail;
    if (!to) return null;
    let link = `${this.deps.publicUrl}/support/tickets/${ticket.id}`;
    if (!requester) {
      const token = randomToken();
      await repo.insertGuestLink(db, {
        ticketId: ticket.id,
        tokenHash: digest(token),
        expiresAt: new Date(Date.now() + GUEST_LINK_TTL_DAYS * DAY_MS),
      });
      link += `?token=${encodeURIComponent(token)}`;
    }
    return {
      to,
      name: requester?.displayName ?? to.split('@')[0]!,
      number: ticket.number,
      subject: ticket.subject,
      link,
      guest: !requester,
    };
  }

  private async mailForStatus(
    tx: Executor,
    ticket: TicketRow,
    from: TicketStatus,
    to: TicketStatus,
    actor: Actor,
    event: TicketEvent,
  ): Promise<MailIds> {
    // The customer knows what they did themselves; a claim or a reply is not news of its own.
    if (actor.role === 'customer' || actor.role === 'system' || actor.role === 'vendor') return [];
    if (event.type === 'claim' || event.type === 'staff_reply') return [];
    const settings = await this.recipientSettings(tx, ticket);
    const context = await this.mailContext(tx, ticket);
    if (!context) return [];
    const now = ticket.updatedAt;
    if (to === 'RESOLVED') {
      if (!settings.notifyResolved) return [];
      return [await this.enqueue(tx, 'support-resolved', mails.resolvedMail(context, true), now)];
    }
    if (!settings.notifyStatusChange || from === to) return [];
    return [await this.enqueue(tx, 'support-status', mails.statusChangeMail(context, to), now)];
  }

  /** The ticket as its customer sees it: no notes, ever. */
  async customerDetail(db: Executor, ticket: TicketRow, now = new Date()): Promise<TicketDetail> {
    return this.detail(db, ticket, { notes: false, now });
  }

  async detail(
    db: Executor,
    ticket: TicketRow,
    { notes, now }: { notes: boolean; now: Date },
  ): Promise<TicketDetail> {
    const [messages, link, follows, rating] = await Promise.all([
      repo.messagesOf(db, ticket.id, { notes }),
      this.linkOf(ticket),
      ticket.followsTicketId ? repo.findTicket(db, ticket.followsTicketId) : undefined,
      repo.latestRatingOf(db, ticket.id),
    ]);
    const files = await this.deps.attachments.ofMessages(
      db,
      messages.map((message) => message.id),
    );
    const closedFor = ticket.closedAt ? now.getTime() - ticket.closedAt.getTime() : 0;
    const closed = ticket.status === 'CLOSED';
    return {
      ...summaryOf(ticket),
      messages: messages.map((message) => messageView(message, files.get(message.id) ?? [])),
      link,
      followsTicket: follows ? { id: follows.id, number: follows.number } : null,
      resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
      closedAt: ticket.closedAt?.toISOString() ?? null,
      replyReopens: closed && closedFor <= TICKET_REOPEN_WINDOW_DAYS * DAY_MS,
      replyStartsNew: closed && closedFor > TICKET_REOPEN_WINDOW_DAYS * DAY_MS,
      canRate: canRate(ticket, rating?.resolution),
      rating: rating ? { score: rating.score, comment: rating.comment } : null,
    };
  }

  /**
   * The linked rental or transaction as its owner sees it now; gone records show nothing. It reads
   * through the rentals and wallet services on their own connection: never call it (nor `detail`)
   * inside a transaction, which on the embedded database would wait for itself.
   */
  async linkOf(ticket: TicketRow): Promise<TicketLink | null> {
    if (!ticket.requesterId) return null;
    try {
      if (ticket.rentalId) {
        const rental = await this.deps.rentals.get(ticket.requesterId, ticket.rentalId);
        return {
          kind: 'rental',
          id: rental.id,
          serverName: rental.server.name,
          game: rental.server.game,
          status: rental.status,
          endsAt: rental.endsAt,
          runState: rental.runState?.state ?? null,
        };
      }
      if (ticket.transactionId) {
        const transaction = await this.deps.wallet.transaction(
          ticket.requesterId,
          ticket.transactionId,
        );
        return {
          kind: 'transaction',
          id: transaction.id,
          type: transaction.type,
          status: transaction.status,
          amount: transaction.amount,
          currency: transaction.currency,
          description: transaction.description,
          createdAt: transaction.createdAt,
        };
      }
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
    return null;
  }
}

/**
 * A survey is open when staff resolved the ticket, this resolution is not rated yet, and the
 * ticket did not close by itself.
 */
export function canRate(ticket: TicketRow, lastRatedResolution: number | undefined): boolean {
  return (
    ticket.resolvedByStaff &&
    ticket.resolutions > 0 &&
    lastRatedResolution !== ticket.resolutions &&
    !ticket.closedAutomatically &&
    (ticket.status === 'RESOLVED' || ticket.status === 'CLOSED')
  );
}

export function summaryOf(ticket: TicketRow): TicketSummary {
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    status: ticket.status as TicketStatus,
    priority: ticket.priority as TicketSummary['priority'],
    category: ticket.category as TicketSummary['category'],
    createdAt: ticket.createdAt.toISOString(),
    lastActivityAt: ticket.lastActivityAt.toISOString(),
    unread:
      ticket.lastStaffActivityAt !== null &&
      (ticket.customerSeenAt === null || ticket.lastStaffActivityAt > ticket.customerSeenAt),
  };
}

export function messageView(row: MessageRow, attachments: Attachment[]): TicketMessageView {
  return {
    id: row.id,
    kind: row.kind as TicketMessageView['kind'],
    author: { name: row.authorName, role: row.authorRole as MessageAuthorRole },
    body: row.body,
    attachments,
    event:
      row.kind === 'event' && row.toStatus
        ? {
            from: (row.fromStatus as TicketStatus | null) ?? null,
            to: row.toStatus as TicketStatus,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function eventSentence(actor: Actor, from: TicketStatus, to: TicketStatus, event: TicketEvent) {
  const label = (status: TicketStatus) => TICKET_STATUS_LABELS[status];
  switch (event.type) {
    case 'auto_close':
      return `Closed automatically after being resolved for 7 days.`;
    case 'customer_reopen':
      return `${actor.name} replied and reopened the ticket.`;
    case 'customer_close':
      return `${actor.name} closed the ticket.`;
    case 'resolve':
      return `${actor.name} marked the ticket resolved.`;
    case 'claim':
      return `${actor.name} took the ticket.`;
    case 'staff_reply':
    case 'customer_reply':
    case 'internal_note':
    case 'set_status':
      return `${actor.name} changed the status from ${label(from)} to ${label(to)}.`;
  }
}
