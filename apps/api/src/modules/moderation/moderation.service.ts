import type { Penalty } from '@crimsonhost/shared/admin';
import {
  escalatedPenalty,
  heavierPenalty,
  PENALTY_ESCALATION_DAYS,
  type DecideFlagRequest,
  type FlagDetail,
  type FlagQueueQuery,
  type FlagSource,
  type FlagSummary,
  type RaiseFlagRequest,
  type ReportRenterRequest,
} from '@crimsonhost/shared/moderation';
import { decideFlagRequestSchema, flagQueueQuerySchema } from '@crimsonhost/shared/moderation';
import type { Database, Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { MailOutbox } from '../../lib/mail-outbox';
import * as usersRepo from '../admin/users.repository';
import { findUserById } from '../auth/auth.repository';
import type { AdminUsersService } from '../admin/users.service';
import type { Principal } from '../auth/auth.guard';
import type { RequestMeta } from '../auth/session.service';
import * as rentalsRepo from '../rentals/rentals.repository';
import * as repo from './moderation.repository';
import type { FlagRow } from './moderation.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const flagNotFound = () => new AppError('NOT_FOUND', 404, 'Flag not found');

export interface ModerationDeps {
  db: Database;
  users: AdminUsersService;
  outbox: MailOutbox;
  clock?: Clock;
}

/**
 * The moderation queue of the staff area (issue 17 point 10), for support and admins: flags from
 * the contact detector, vendors, support and admins; claimed by one moderator (pending →
 * reviewing), read in context with the person's history, then resolved, with a penalty or not, or
 * dismissed. A penalty for a repeat offence within PENALTY_ESCALATION_DAYS is at least the next
 * step up the ladder; it is given through the admin area's penalties, so it is enforced at
 * sign-in, refresh and every call, mailed and audit-logged the same way.
 */
export class ModerationService {
  private readonly clock: Clock;

  constructor(private readonly deps: ModerationDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  queue(query: FlagQueueQuery) {
    const { view, page, pageSize } = flagQueueQuerySchema.parse(query);
    return repo.flagQueue(this.deps.db, view, page, pageSize);
  }

  async get(id: string): Promise<FlagDetail> {
    if (!UUID.test(id)) throw flagNotFound();
    const { db } = this.deps;
    const row = await repo.findFlag(db, id);
    if (!row) throw flagNotFound();
    return this.detail(db, row);
  }

  /** Takes a pending flag (or one already mine) for review; another's claim answers 409. */
  async claim(principal: Principal, id: string): Promise<FlagDetail> {
    if (!UUID.test(id)) throw flagNotFound();
    const { db } = this.deps;
    const row = await db.transaction(async (tx) => {
      const flag = await repo.lockFlag(tx, id);
      if (!flag) throw flagNotFound();
      if (flag.status === 'reviewing' && flag.assigneeId === principal.user.id) return flag;
      if (flag.status !== 'pending') {
        throw new AppError(
          'FLAG_TAKEN',
          409,
          flag.status === 'reviewing'
            ? 'Another moderator is reviewing this flag.'
            : 'This flag has already been decided.',
        );
      }
      return repo.updateFlag(tx, id, { status: 'reviewing', assigneeId: principal.user.id });
    });
    return this.detail(db, row);
  }

  /**
   * Resolves (with a penalty or none) or dismisses a flag, once. A penalty is raised to the
   * escalation's least penalty for a repeat offence and given in the same transaction.
   */
  async decide(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    input: DecideFlagRequest,
  ): Promise<FlagDetail> {
    if (!UUID.test(id)) throw flagNotFound();
    const decision = decideFlagRequestSchema.parse(input);
    const { db, users, outbox } = this.deps;
    const now = this.clock.now();
    const { row, mailId } = await db.transaction(async (tx) => {
      const flag = await repo.lockFlag(tx, id);
      if (!flag) throw flagNotFound();
      if (flag.status === 'resolved' || flag.status === 'dismissed') {
        throw new AppError('FLAG_DECIDED', 409, 'This flag has already been decided.');
      }
      if (flag.status === 'reviewing' && flag.assigneeId && flag.assigneeId !== principal.user.id) {
        throw new AppError('FLAG_TAKEN', 409, 'Another moderator is reviewing this flag.');
      }
      if (flag.userId === principal.user.id) {
        throw new AppError('OWN_ACCOUNT', 422, 'A flag about your own account is for a colleague.');
      }
      let penaltyId: string | null = null;
      let mailId: string | undefined;
      if (decision.outcome === 'resolved' && decision.penalty) {
        const user = await usersRepo.lockUser(tx, flag.userId);
        if (!user) throw flagNotFound();
        const least = await this.leastPenalty(tx, flag.userId, now);
        const penalty = heavierPenalty(decision.penalty, least);
        const given = await users.penaliseLocked(
          tx,
          principal,
          meta,
          user,
          penalty,
          decision.note,
          now,
        );
        penaltyId = given.penaltyId;
        mailId = given.mailId;
      }
      const row = await repo.updateFlag(tx, id, {
        status: decision.outcome,
        assigneeId: flag.assigneeId ?? principal.user.id,
        decidedBy: principal.user.id,
        decidedAt: now,
        decisionNote: decision.note,
        penaltyId,
      });
      return { row, mailId };
    });
    if (mailId) void outbox.deliver(mailId).catch(() => undefined);
    return this.detail(db, row);
  }

  /** Support (support_user) or an admin (admin_action) flags an account. */
  async raise(principal: Principal, input: RaiseFlagRequest): Promise<FlagSummary> {
    const { db } = this.deps;
    const user = UUID.test(input.userId) ? await findUserById(db, input.userId) : undefined;
    if (!user) throw new AppError('NOT_FOUND', 404, 'User not found');
    const source: FlagSource = principal.user.role === 'admin' ? 'admin_action' : 'support_user';
    const row = await repo.insertFlag(db, {
      userId: input.userId,
      source,
      reason: input.reason,
      message: input.message,
      raisedBy: principal.user.id,
    });
    return (await repo.flagSummary(db, row.id))!;
  }

  /** A vendor reports the renter of one of their rentals (vendor_user); another's rental is 404. */
  async reportRenter(
    vendorId: string,
    rentalId: string,
    input: ReportRenterRequest,
  ): Promise<FlagSummary> {
    const { db } = this.deps;
    const rental = UUID.test(rentalId) ? await rentalsRepo.findRental(db, rentalId) : undefined;
    if (!rental || rental.vendorId !== vendorId) {
      throw new AppError('NOT_FOUND', 404, 'Rental not found');
    }
    const row = await repo.insertFlag(db, {
      userId: rental.renterId,
      source: 'vendor_user',
      reason: input.reason,
      message: input.message,
      raisedBy: vendorId,
      rentalId: rental.id,
    });
    return (await repo.flagSummary(db, row.id))!;
  }

  private async leastPenalty(db: Executor, userId: string, now: Date): Promise<Penalty> {
    const since = new Date(now.getTime() - PENALTY_ESCALATION_DAYS * DAY_MS);
    return escalatedPenalty(await repo.heaviestPenaltySince(db, userId, since));
  }

  private async detail(db: Executor, row: FlagRow): Promise<FlagDetail> {
    const now = this.clock.now();
    const [summary, flags, penalties, least, names] = await Promise.all([
      repo.flagSummary(db, row.id),
      repo.flagsOfUser(db, row.userId, row.id),
      usersRepo.penaltiesOf(db, row.userId),
      this.leastPenalty(db, row.userId, now),
      repo.namesOf(
        db,
        [row.raisedBy, row.decidedBy].filter((id): id is string => !!id),
      ),
    ]);
    const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
    const given = penalties.find(({ penalty }) => penalty.id === row.penaltyId);
    return {
      ...summary!,
      message: row.message,
      raisedBy: person(row.raisedBy),
      ticketId: row.ticketId,
      rentalId: row.rentalId,
      decidedBy: person(row.decidedBy),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      penalty: (given?.penalty.penalty as Penalty | undefined) ?? null,
      history: {
        flags,
        penalties: penalties.map(({ penalty }) => ({
          id: penalty.id,
          penalty: penalty.penalty as Penalty,
          reason: penalty.reason,
          issuedAt: penalty.createdAt.toISOString(),
          endsAt: penalty.endsAt?.toISOString() ?? null,
          liftedAt: penalty.liftedAt?.toISOString() ?? null,
        })),
      },
      leastPenalty: least,
    };
  }
}
