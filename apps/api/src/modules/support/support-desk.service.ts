import type {
  CustomerSummary,
  DeskQueueFilter,
  DeskStats,
  DeskTicket,
  DeskTicketDetail,
  StaffPerson,
} from '@crimsonhost/shared/support-desk';
import type { TicketPriority, TicketStatus } from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../auth/auth.repository';
import { slaView, slaWithPriority, type SlaClock } from './sla';
import * as repo from './support.repository';
import type { TicketRow } from './support.repository';
import {
  summaryOf,
  ticketNotFound,
  type Actor,
  type MailIds,
  type TicketWorkflow,
} from './ticket-workflow';
import { toDispute } from '../disputes/dispute-view';
import { disputeOfTicket } from '../disputes/disputes.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type StaffStatus = Exclude<TicketStatus, 'OPEN'>;

export const staffActor = (user: Pick<UserRow, 'id' | 'displayName' | 'role'>): Actor => ({
  id: user.id,
  name: user.displayName,
  role: user.role === 'admin' ? 'admin' : 'support',
});

const clockOf = (ticket: TicketRow): SlaClock => ({
  slaKind: ticket.slaKind as SlaClock['slaKind'],
  slaDueAt: ticket.slaDueAt,
  slaPausedSeconds: ticket.slaPausedSeconds,
});

/** The support desk: the queue, a ticket with its notes and customer, and what agents do to it. */
export class SupportDeskService {
  constructor(
    private readonly db: Database,
    private readonly workflow: TicketWorkflow,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async queue(staff: UserRow, query: DeskQueueFilter) {
    const assignee =
      query.assignee === 'me' ? staff.id : query.assignee === 'none' ? null : query.assignee;
    const { rows, total } = await repo.listQueue(this.db, {
      ...query,
      assignee,
    });
    const now = this.clock();
    const data: DeskTicket[] = rows.map((row) => ({
      ...summaryOf(row.ticket),
      requester: {
        id: row.ticket.requesterId,
        name: row.requesterName ?? row.ticket.guestEmail ?? 'Guest',
        email: row.requesterEmail ?? row.ticket.guestEmail ?? '',
      },
      assignee:
        row.ticket.assigneeId && row.assigneeEmail
          ? { id: row.ticket.assigneeId, name: row.assigneeName ?? '', email: row.assigneeEmail }
          : null,
      sla: slaView(clockOf(row.ticket), now),
    }));
    return { data, meta: { page: query.page, pageSize: query.pageSize, total } };
  }

  async stats(staff: UserRow): Promise<DeskStats> {
    return repo.queueCounts(this.db, staff.id);
  }

  async agents(): Promise<StaffPerson[]> {
    return (await repo.staffMembers(this.db)).map((s) => ({
      id: s.id,
      name: s.displayName,
      email: s.email,
    }));
  }

  async get(staff: UserRow, id: string): Promise<DeskTicketDetail> {
    const ticket = await this.find(this.db, id);
    return this.detail(ticket, staff);
  }

  async claim(staff: UserRow, id: string) {
    return this.change(staff, id, async (tx, ticket, now) =>
      this.workflow.apply(tx, ticket, { type: 'claim' }, staffActor(staff), now, {
        assigneeId: staff.id,
      }),
    );
  }

  async assign(staff: UserRow, id: string, assigneeId: string | null) {
    if (assigneeId) {
      const agents = await repo.staffMembers(this.db);
      if (!agents.some((agent) => agent.id === assigneeId)) {
        throw new AppError('VALIDATION_ERROR', 400, 'assigneeId: Choose a member of staff', {
          fields: [{ field: 'assigneeId', message: 'Choose a member of staff' }],
        });
      }
    }
    return this.change(staff, id, async (tx, ticket) => ({
      ticket: await repo.updateTicket(tx, ticket.id, { assigneeId }),
      mails: [],
    }));
  }

  async setPriority(staff: UserRow, id: string, priority: TicketPriority) {
    return this.change(staff, id, async (tx, ticket) => ({
      ticket: await repo.updateTicket(tx, ticket.id, {
        priority,
        ...slaWithPriority(
          clockOf(ticket),
          ticket.priority as TicketPriority,
          priority,
          await this.workflow.deps.slaHours(tx),
        ),
      }),
      mails: [],
    }));
  }

  async setStatus(staff: UserRow, id: string, status: StaffStatus) {
    return this.change(staff, id, (tx, ticket, now) => this.moveTo(tx, ticket, status, staff, now));
  }

  /** Each ticket changes in its own transaction; answers how many moved. */
  async bulkStatus(staff: UserRow, ids: string[], status: StaffStatus) {
    let updated = 0;
    for (const id of new Set(ids)) {
      try {
        await this.setStatus(staff, id, status);
        updated += 1;
      } catch (error) {
        // Already in that status, or gone: the rest still move.
        if (!(error instanceof AppError) || ![404, 409].includes(error.status)) throw error;
      }
    }
    return { updated };
  }

  /** A public reply (which may also set a status) or an internal note. */
  async write(
    staff: UserRow,
    id: string,
    input: {
      message: string;
      internal: boolean;
      status?: StaffStatus;
      attachmentIds?: readonly string[];
    },
  ) {
    const actor = staffActor(staff);
    return this.change(staff, id, async (tx, ticket, now) => {
      if (input.internal) {
        await this.workflow.apply(tx, ticket, { type: 'internal_note' }, actor, now);
        return this.workflow.write(
          tx,
          ticket,
          'note',
          actor,
          input.message,
          now,
          input.attachmentIds,
        );
      }
      const replied = await this.workflow.apply(tx, ticket, { type: 'staff_reply' }, actor, now, {
        assigneeId: ticket.assigneeId ?? staff.id,
      });
      const written = await this.workflow.write(
        tx,
        replied.ticket,
        'reply',
        actor,
        input.message,
        now,
        input.attachmentIds,
      );
      await repo.stopTyping(tx, ticket.id, staff.id);
      if (!input.status || input.status === written.ticket.status) return written;
      const moved = await this.moveTo(tx, written.ticket, input.status, staff, now);
      return { ticket: moved.ticket, mails: [...written.mails, ...moved.mails] };
    });
  }

  async typing(staff: UserRow, id: string) {
    await this.find(this.db, id);
    await repo.markTyping(this.db, id, staff.id);
  }

  private async moveTo(
    tx: Executor,
    ticket: TicketRow,
    status: StaffStatus,
    staff: UserRow,
    now: Date,
  ) {
    const event =
      status === 'RESOLVED'
        ? ({ type: 'resolve' } as const)
        : ({ type: 'set_status', to: status } as const);
    return this.workflow.apply(tx, ticket, event, staffActor(staff), now);
  }

  private async change(
    staff: UserRow,
    id: string,
    work: (
      tx: Executor,
      ticket: TicketRow,
      now: Date,
    ) => Promise<{ ticket: TicketRow; mails: MailIds }>,
  ): Promise<DeskTicketDetail> {
    const now = this.clock();
    const { ticket, mails } = await this.db.transaction(async (tx) => {
      const locked = await this.find(tx, id, { lock: true });
      return work(tx, locked, now);
    });
    this.workflow.deliver(mails);
    return this.detail(ticket, staff);
  }

  private async find(db: Executor, id: string, { lock = false } = {}) {
    if (!UUID.test(id)) throw ticketNotFound();
    const ticket = lock ? await repo.lockTicket(db, id) : await repo.findTicket(db, id);
    if (!ticket) throw ticketNotFound();
    return ticket;
  }

  private async detail(ticket: TicketRow, staff: UserRow): Promise<DeskTicketDetail> {
    const now = this.clock();
    const [base, requester, assignee, customer, others, rating, dispute] = await Promise.all([
      this.workflow.detail(this.db, ticket, { notes: true, now }),
      ticket.requesterId ? repo.findUser(this.db, ticket.requesterId) : undefined,
      ticket.assigneeId ? repo.findUser(this.db, ticket.assigneeId) : undefined,
      this.customerSummary(ticket),
      repo.othersTyping(this.db, ticket.id, staff.id),
      repo.latestRatingOf(this.db, ticket.id),
      disputeOfTicket(this.db, ticket.id),
    ]);
    return {
      ...base,
      requester: {
        id: ticket.requesterId,
        name: requester?.displayName ?? ticket.guestEmail ?? 'Guest',
        email: requester?.email ?? ticket.guestEmail ?? '',
      },
      assignee: assignee
        ? { id: assignee.id, name: assignee.displayName, email: assignee.email }
        : null,
      sla: slaView(clockOf(ticket), now),
      customer,
      othersReplying: others.map((o) => ({ name: o.name, since: o.since.toISOString() })),
      satisfaction: rating
        ? { score: rating.score, comment: rating.comment, ratedAt: rating.createdAt.toISOString() }
        : null,
      dispute: dispute ? toDispute(dispute) : null,
    };
  }

  /** The customer's account at a glance: balance, rentals, recent money, other open tickets. */
  private async customerSummary(ticket: TicketRow): Promise<CustomerSummary> {
    const { rentals, wallet } = this.workflow.deps;
    if (!ticket.requesterId) {
      const email = ticket.guestEmail ?? '';
      return {
        id: null,
        name: email,
        email,
        memberSince: null,
        balance: null,
        activeRentals: 0,
        rentals: [],
        recentTransactions: [],
        openTickets: [],
      };
    }
    const userId = ticket.requesterId;
    const [user, balance, rentalPage, active, transactions, openTickets] = await Promise.all([
      repo.findUser(this.db, userId),
      wallet.wallet(userId),
      rentals.list(userId, { page: 1, pageSize: 10 }),
      rentals.list(userId, { page: 1, pageSize: 10, status: 'ACTIVE' }),
      wallet.listTransactions(userId, { page: 1, pageSize: 10 }),
      repo.openTicketsOf(this.db, userId, ticket.id),
    ]);
    return {
      id: userId,
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      memberSince: user?.createdAt.toISOString() ?? null,
      balance: balance.usdt.available,
      activeRentals: active.meta.total,
      rentals: rentalPage.data.map((r) => ({
        id: r.id,
        serverName: r.server.name,
        status: r.status,
        endsAt: r.endsAt,
      })),
      recentTransactions: transactions.data.slice(0, 5).map((t) => ({
        id: t.id,
        type: t.type,
        status: t.status,
        amount: t.amount,
        createdAt: t.createdAt,
      })),
      openTickets,
    };
  }
}
