import {
  DEFAULT_SUPPORT_SETTINGS,
  TICKET_REOPEN_WINDOW_DAYS,
  TICKET_SUBJECT_MAX,
  type CreateTicketRequest,
  type RateTicketRequest,
  type SupportSettings,
  type TicketCategory,
  type TicketDetail,
  type TicketListQuery,
  type TicketPriority,
} from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../auth/auth.repository';
import { disputeOfTicket } from '../disputes/disputes.repository';
import { holdingMessages, refuseContactDetails } from '../moderation/contact-guard';
import { slaOfNewTicket } from './sla';
import * as mails from './support-mail';
import * as repo from './support.repository';
import type { TicketRow } from './support.repository';
import {
  canRate,
  summaryOf,
  ticketNotFound,
  type Actor,
  type MailIds,
  type TicketWorkflow,
} from './ticket-workflow';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** Run states in which a rented server is not working: its ticket starts at HIGH at least. */
const BROKEN_RUN_STATES = new Set(['error', 'unknown']);
const PRIORITY_ORDER: TicketPriority[] = ['LOW', 'NORMAL', 'HIGH', 'URGENT'];

export const customerActor = (user: Pick<UserRow, 'id' | 'displayName'>): Actor => ({
  id: user.id,
  name: user.displayName,
  role: 'customer',
});

/** The customer's side of the support centre: my tickets, a new one, replies, rating, settings. */
export class SupportService {
  constructor(
    private readonly db: Database,
    private readonly workflow: TicketWorkflow,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(user: UserRow, query: TicketListQuery & { page: number; pageSize: number }) {
    await this.adoptGuestTickets(user);
    const { rows, total } = await repo.listTicketsOfRequester(this.db, user.id, query);
    return {
      data: rows.map(summaryOf),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /**
   * The tickets a visitor wrote with this account's address join it, once the account proved it
   * owns the address (decision 015); their guest links stop working.
   */
  async adoptGuestTickets(user: UserRow) {
    if (!user.emailVerifiedAt) return 0;
    return this.db.transaction(async (tx) => {
      const adopted = await repo.adoptGuestTickets(tx, user.id, user.email);
      await repo.revokeGuestLinks(
        tx,
        adopted.map((row) => row.id),
        this.clock(),
      );
      return adopted.length;
    });
  }

  /** One of my tickets; reading it marks what support wrote as seen. */
  async get(user: UserRow, id: string): Promise<TicketDetail> {
    await this.adoptGuestTickets(user);
    return this.read(await this.mine(this.db, user.id, id));
  }

  /** A ticket as its customer reads it, marking what support wrote as seen. */
  async read(ticket: TicketRow): Promise<TicketDetail> {
    const now = this.clock();
    const seen =
      ticket.lastStaffActivityAt &&
      (!ticket.customerSeenAt || ticket.customerSeenAt < ticket.lastStaffActivityAt)
        ? await repo.updateTicket(this.db, ticket.id, { customerSeenAt: now })
        : ticket;
    return this.workflow.customerDetail(this.db, seen, now);
  }

  /** A visitor's ticket: the confirmation mail carries the only way in. */
  async createForGuest(input: {
    email: string;
    subject: string;
    category: TicketCategory;
    message: string;
  }): Promise<TicketRow> {
    const now = this.clock();
    const actor: Actor = { id: null, name: input.email, role: 'customer' };
    const { ticket, mails: queued } = await this.db.transaction(async (tx) => {
      const ticket = await repo.insertTicket(tx, {
        guestEmail: input.email,
        subject: input.subject,
        category: input.category,
        priority: 'NORMAL',
        ...slaOfNewTicket('NORMAL', now, await this.workflow.deps.slaHours(tx)),
        lastActivityAt: now,
        customerSeenAt: now,
        createdAt: now,
      });
      const written = await this.workflow.write(tx, ticket, 'reply', actor, input.message, now);
      return { ticket: written.ticket, mails: await this.receivedMail(tx, written.ticket, now) };
    });
    this.workflow.deliver(queued);
    return ticket;
  }

  async create(user: UserRow, input: CreateTicketRequest): Promise<TicketDetail> {
    const now = this.clock();
    const priority = await this.startingPriority(user.id, input);
    const { ticket, mails: queued } = await this.db.transaction((tx) =>
      this.createIn(tx, user, input, priority, now),
    );
    this.workflow.deliver(queued);
    return this.workflow.customerDetail(this.db, ticket, now);
  }

  /**
   * A customer's new ticket inside the caller's transaction, at the priority given (a dispute
   * opens its ticket with the dispute, at HIGH); the caller delivers the mails once committed.
   */
  async createIn(
    tx: Executor,
    user: UserRow,
    input: CreateTicketRequest,
    priority: TicketPriority,
    now: Date,
  ): Promise<{ ticket: TicketRow; mails: MailIds }> {
    const ticket = await repo.insertTicket(tx, {
      requesterId: user.id,
      subject: input.subject,
      category: input.category,
      priority,
      rentalId: input.rentalId ?? null,
      transactionId: input.rentalId ? null : (input.transactionId ?? null),
      ...slaOfNewTicket(priority, now, await this.workflow.deps.slaHours(tx)),
      lastActivityAt: now,
      customerSeenAt: now,
      createdAt: now,
    });
    const written = await this.workflow.write(
      tx,
      ticket,
      'reply',
      customerActor(user),
      input.message,
      now,
      input.attachmentIds,
    );
    return { ticket: written.ticket, mails: await this.receivedMail(tx, written.ticket, now) };
  }

  /**
   * A customer reply. On a CLOSED ticket it reopens the ticket within the reopen window; later it
   * starts a new ticket that follows the old one, and answers that one.
   */
  async reply(
    user: UserRow,
    id: string,
    message: string,
    attachmentIds: readonly string[] = [],
  ): Promise<TicketDetail> {
    return this.respond(
      customerActor(user),
      (tx) => this.mine(tx, user.id, id, { lock: true }),
      message,
      attachmentIds,
    );
  }

  /** A reply of the ticket's customer (signed in or a guest), on the ticket `lock` finds. */
  async respond(
    actor: Actor,
    lock: (tx: Executor) => Promise<TicketRow>,
    message: string,
    attachmentIds: readonly string[] = [],
  ): Promise<TicketDetail> {
    const now = this.clock();
    const { ticket, mails: queued } = await holdingMessages(this.db, () =>
      this.db.transaction(async (tx) => {
        const ticket = await lock(tx);
        // A dispute's ticket is read by the rental's vendor too: no contact details through it.
        if (ticket.rentalId && ticket.requesterId && (await disputeOfTicket(tx, ticket.id))) {
          await refuseContactDetails(
            tx,
            { rentalId: ticket.rentalId, ticketId: ticket.id, senderId: ticket.requesterId },
            message,
          );
        }
        if (ticket.status === 'CLOSED') {
          const closedFor = now.getTime() - (ticket.closedAt ?? now).getTime();
          if (closedFor > TICKET_REOPEN_WINDOW_DAYS * DAY_MS) {
            return this.followUp(tx, actor, ticket, message, now, attachmentIds);
          }
          const reopened = await this.workflow.apply(
            tx,
            ticket,
            { type: 'customer_reopen' },
            actor,
            now,
          );
          const written = await this.workflow.write(
            tx,
            reopened.ticket,
            'reply',
            actor,
            message,
            now,
            attachmentIds,
          );
          return { ticket: written.ticket, mails: reopened.mails };
        }
        const moved = await this.workflow.apply(tx, ticket, { type: 'customer_reply' }, actor, now);
        const written = await this.workflow.write(
          tx,
          moved.ticket,
          'reply',
          actor,
          message,
          now,
          attachmentIds,
        );
        return { ticket: written.ticket, mails: moved.mails };
      }),
    );
    this.workflow.deliver(queued);
    return this.workflow.customerDetail(this.db, ticket, now);
  }

  /** The customer's Close ticket: CLOSED at once, no survey and no reminder. */
  async close(user: UserRow, id: string): Promise<TicketDetail> {
    return this.closeAs(customerActor(user), (tx) => this.mine(tx, user.id, id, { lock: true }));
  }

  async closeAs(actor: Actor, lock: (tx: Executor) => Promise<TicketRow>) {
    const now = this.clock();
    const ticket = await this.db.transaction(async (tx) => {
      const ticket = await lock(tx);
      return (await this.workflow.apply(tx, ticket, { type: 'customer_close' }, actor, now)).ticket;
    });
    return this.workflow.customerDetail(this.db, ticket, now);
  }

  /** One rating per resolution by staff; none for a ticket that closed by itself. */
  async rate(user: UserRow, id: string, input: RateTicketRequest): Promise<TicketDetail> {
    const now = this.clock();
    const ticket = await this.db.transaction(async (tx) => {
      const ticket = await this.mine(tx, user.id, id, { lock: true });
      const rating = await repo.latestRatingOf(tx, ticket.id);
      if (!canRate(ticket, rating?.resolution)) {
        throw new AppError(
          'RATING_NOT_OPEN',
          409,
          rating
            ? 'You already rated this answer.'
            : 'You can rate a ticket once our support team has resolved it.',
        );
      }
      const saved = await repo.insertRating(tx, {
        ticketId: ticket.id,
        resolution: ticket.resolutions,
        score: input.score,
        comment: input.comment ?? null,
        createdAt: now,
      });
      if (!saved) throw new AppError('RATING_NOT_OPEN', 409, 'You already rated this answer.');
      return ticket;
    });
    return this.workflow.customerDetail(this.db, ticket, now);
  }

  async settings(userId: string): Promise<SupportSettings> {
    const row = await repo.settingsOf(this.db, userId);
    return row ? settingsView(row) : DEFAULT_SUPPORT_SETTINGS;
  }

  async saveSettings(userId: string, input: SupportSettings): Promise<SupportSettings> {
    return settingsView(await repo.saveSettings(this.db, { userId, ...input }));
  }

  /** A ticket the user asked, or 404 as if it did not exist. */
  private async mine(db: Executor, userId: string, id: string, { lock = false } = {}) {
    if (!UUID.test(id)) throw ticketNotFound();
    const ticket = lock ? await repo.lockTicket(db, id) : await repo.findTicket(db, id);
    if (!ticket || ticket.requesterId !== userId) throw ticketNotFound();
    return ticket;
  }

  /**
   * URGENT is for a problem with an ACTIVE rental; a ticket about an ACTIVE rental whose server is
   * in error or cannot be read starts at HIGH at least. The linked records must be the user's own.
   */
  private async startingPriority(userId: string, input: CreateTicketRequest) {
    const asked = await this.atLeastTierPriority(userId, input.priority ?? 'NORMAL');
    if (input.transactionId && !input.rentalId) {
      await this.workflow.deps.wallet.transaction(userId, input.transactionId);
    }
    if (!input.rentalId) {
      if (asked === 'URGENT') throw urgentNeedsRental();
      return asked;
    }
    const rental = await this.workflow.deps.rentals.get(userId, input.rentalId);
    const active = rental.status === 'ACTIVE' && rental.secondsLeft > 0;
    if (asked === 'URGENT' && !active) throw urgentNeedsRental();
    const broken = active && BROKEN_RUN_STATES.has(rental.runState?.state ?? 'running');
    if (broken && PRIORITY_ORDER.indexOf(asked) < PRIORITY_ORDER.indexOf('HIGH')) return 'HIGH';
    return asked;
  }

  /** GOLD and PLATINUM renters' tickets start at HIGH at least (benefits tiers). */
  async atLeastTierPriority(userId: string, asked: TicketPriority): Promise<TicketPriority> {
    const tier = await this.workflow.deps.tierOf?.(this.db, userId);
    const raised = tier === 'GOLD' || tier === 'PLATINUM';
    if (raised && PRIORITY_ORDER.indexOf(asked) < PRIORITY_ORDER.indexOf('HIGH')) return 'HIGH';
    return asked;
  }

  private async receivedMail(tx: Executor, ticket: TicketRow, now: Date): Promise<MailIds> {
    const context = await this.workflow.mailContext(tx, ticket);
    if (!context) return [];
    return [
      await this.workflow.enqueue(tx, 'support-received', mails.ticketReceivedMail(context), now),
    ];
  }

  private async followUp(
    tx: Executor,
    actor: Actor,
    old: TicketRow,
    message: string,
    now: Date,
    attachmentIds: readonly string[],
  ) {
    const subject = `Follow-up to #${old.number}: ${old.subject}`;
    const priority = old.priority as TicketPriority;
    const ticket = await repo.insertTicket(tx, {
      requesterId: old.requesterId,
      guestEmail: old.guestEmail,
      subject: [...subject].slice(0, TICKET_SUBJECT_MAX).join(''),
      category: old.category,
      priority,
      rentalId: old.rentalId,
      transactionId: old.transactionId,
      followsTicketId: old.id,
      ...slaOfNewTicket(priority, now, await this.workflow.deps.slaHours(tx)),
      lastActivityAt: now,
      customerSeenAt: now,
      createdAt: now,
    });
    const written = await this.workflow.write(
      tx,
      ticket,
      'reply',
      actor,
      message,
      now,
      attachmentIds,
    );
    return { ticket: written.ticket, mails: await this.receivedMail(tx, written.ticket, now) };
  }
}

const urgentNeedsRental = () =>
  new AppError(
    'URGENT_NEEDS_ACTIVE_RENTAL',
    422,
    'Urgent is for a problem with an active rental: choose the rental this is about, or pick High.',
    { fields: [{ field: 'priority', message: 'Urgent needs an active rental linked' }] },
  );

function settingsView(row: repo.SettingsRow): SupportSettings {
  return {
    notifyStaffReply: row.notifyStaffReply,
    notifyStatusChange: row.notifyStatusChange,
    notifyResolved: row.notifyResolved,
    weeklyDigest: row.weeklyDigest,
    defaultCategory: row.defaultCategory as TicketCategory,
  };
}
