import {
  PENALTY_HOURS,
  PENALTY_LABELS,
  type AdminUser,
  type AdminUserDetail,
  type AdminUsersQuery,
  type Penalty,
} from '@crimsonhost/shared/admin';
import type { Role } from '@crimsonhost/shared/constants';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import type { Principal } from '../auth/auth.guard';
import * as authRepo from '../auth/auth.repository';
import type { RecoveryService } from '../auth/recovery.service';
import type { RequestMeta } from '../auth/session.service';
import type { StaffSignInService } from '../auth/staff-sign-in.service';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { RentalsService } from '../rentals/rentals.service';
import type { SupportService } from '../support/support.service';
import type { WalletService } from '../wallet/wallet.service';
import { PENALTY_APPEAL_DAYS } from '@crimsonhost/shared/moderation';
import { digest, randomToken } from '../auth/tokens';
import { penaltyMail } from './users.mail';
import * as repo from './users.repository';

type LockedUser = NonNullable<Awaited<ReturnType<typeof repo.lockUser>>>;

const notFound = () => new AppError('NOT_FOUND', 404, 'No account with this id');
const ownAccount = () =>
  new AppError('OWN_ACCOUNT', 422, 'You cannot do this to your own account: ask another admin.');

/** A suspension past its end reads as active: the account can sign in again. */
function effectiveStatus(row: repo.ListedUser['user'], now = new Date()) {
  if (row.status === 'suspended' && row.suspendedUntil && row.suspendedUntil <= now) {
    return { status: 'active' as const, suspendedUntil: null, statusReason: null };
  }
  return {
    status: row.status as AdminUser['status'],
    suspendedUntil: row.status === 'suspended' ? (row.suspendedUntil?.toISOString() ?? null) : null,
    statusReason: row.status === 'active' ? null : row.statusReason,
  };
}

export function toAdminUser({ user, signInLocked, factorEnrolled }: repo.ListedUser): AdminUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role as Role,
    ...effectiveStatus(user),
    authProvider: user.authProvider as AdminUser['authProvider'],
    emailVerified: user.emailVerifiedAt !== null,
    signInLocked: Boolean(signInLocked),
    staffFactorEnrolled: Boolean(factorEnrolled),
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

export interface AdminUsersDeps {
  db: Database;
  /** The storefront's address, for the appeal link a penalty's mail carries. */
  publicUrl?: string;
  audit: AuditService;
  staffSignIn: StaffSignInService;
  recovery: RecoveryService;
  outbox: MailOutbox;
  wallet: WalletService;
  rentals: RentalsService;
  support: SupportService;
}

/**
 * Users in the staff area (issue 15 point 3): support and admin find and read accounts; admin
 * changes roles, gives and lifts penalties, unlocks sign-in, signs an account out everywhere and
 * sends a password reset. Each change and its audit record are written in one transaction.
 */
export class AdminUsersService {
  constructor(private readonly deps: AdminUsersDeps) {}

  private actorOf(principal: Principal, meta: RequestMeta): AuditActor {
    return { user: principal.user, clientKind: principal.clientKind, ip: meta.ip };
  }

  async search(query: AdminUsersQuery & { page: number; pageSize: number }) {
    const { rows, total } = await repo.searchUsers(this.deps.db, query);
    return {
      data: rows.map(toAdminUser),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async get(id: string): Promise<AdminUser> {
    const row = await repo.findListedUser(this.deps.db, id);
    if (!row) throw notFound();
    return toAdminUser(row);
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const { db, wallet, rentals, support } = this.deps;
    const listed = await repo.findListedUser(db, id);
    if (!listed) throw notFound();
    const firstPage = { page: 1, pageSize: 10 };
    const penalties = await repo.penaltiesOf(db, id);
    const signIns = await repo.signInsOf(db, id);
    const sessions = await repo.activeSessionsOf(db, id);
    const balances = await wallet.wallet(id);
    const transactions = await wallet.listTransactions(id, firstPage);
    const rented = await rentals.list(id, firstPage);
    const tickets = await support.list(listed.user, firstPage);
    return {
      user: toAdminUser(listed),
      penalties: penalties.map(({ penalty, issuedByName }) => ({
        id: penalty.id,
        penalty: penalty.penalty as Penalty,
        reason: penalty.reason,
        endsAt: penalty.endsAt?.toISOString() ?? null,
        issuedAt: penalty.createdAt.toISOString(),
        issuedBy: penalty.issuedBy ? { id: penalty.issuedBy, name: issuedByName ?? '' } : null,
        liftedAt: penalty.liftedAt?.toISOString() ?? null,
        liftReason: penalty.liftReason,
      })),
      signIns: signIns.map((row) => ({
        at: row.createdAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
        clientKind: row.clientKind as AdminUserDetail['signIns'][number]['clientKind'],
        method: row.method,
      })),
      sessions: sessions.map((row) => ({
        id: row.id,
        startedAt: row.startedAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        ip: row.ip,
        userAgent: row.userAgent,
      })),
      wallet: balances,
      rentals: rented.data,
      transactions: transactions.data,
      tickets: tickets.data,
    };
  }

  /** Runs a change to one account in a transaction with its row locked; answers the account. */
  private async change(
    id: string,
    work: (tx: Executor, user: LockedUser) => Promise<string | void>,
  ): Promise<AdminUser> {
    const mailId = await this.deps.db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, id);
      if (!user) throw notFound();
      return work(tx, user);
    });
    // The mail was queued with the change; send it now rather than at the outbox's next round.
    if (mailId) void this.deps.outbox.deliver(mailId).catch(() => undefined);
    return this.get(id);
  }

  async changeRole(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    role: Role,
    reason: string,
  ) {
    if (id === principal.user.id) throw ownAccount();
    return this.change(id, async (tx, user) => {
      // No admin can demote themselves (OWN_ACCOUNT), so the one acting stays: never none left.
      if (user.role === role) return;
      await repo.updateUserAccess(tx, id, { role });
      // A staff sign-in belongs to the role it was made for.
      await this.deps.staffSignIn.endAll(tx, id);
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: 'user.role_changed',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
        before: { role: user.role },
        after: { role, reason },
      });
    });
  }

  async penalise(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    penalty: Penalty,
    reason: string,
    now = new Date(),
  ) {
    if (id === principal.user.id) throw ownAccount();
    return this.change(
      id,
      async (tx, user) =>
        (await this.penaliseLocked(tx, principal, meta, user, penalty, reason, now)).mailId,
    );
  }

  /**
   * Gives a penalty to a user whose row the caller has locked, in the caller's transaction (the
   * moderation queue decides a flag and penalises at once): the penalty, the account's status,
   * the end of its staff sign-ins, the audit record and the mail that tells them, with the link
   * to appeal once within PENALTY_APPEAL_DAYS (only the token's digest is kept). Answers the
   * penalty's id and the queued mail's.
   */
  async penaliseLocked(
    tx: Executor,
    principal: Principal,
    meta: RequestMeta,
    user: LockedUser,
    penalty: Penalty,
    reason: string,
    now = new Date(),
  ) {
    const id = user.id;
    const hours = PENALTY_HOURS[penalty];
    const endsAt = hours === null ? null : new Date(now.getTime() + hours * 3_600_000);
    const before = effectiveStatus(user, now);
    const appealToken = randomToken();
    const row = await repo.insertPenalty(tx, {
      userId: id,
      penalty,
      reason,
      endsAt,
      issuedBy: principal.user.id,
      appealTokenHash: digest(appealToken),
      createdAt: now,
    });
    let after: Record<string, unknown> = { penalty, reason };
    if (penalty !== 'warning') {
      const status = penalty === 'permanent_ban' ? 'banned' : 'suspended';
      await repo.updateUserAccess(tx, id, {
        status,
        suspendedUntil: endsAt,
        statusReason: reason,
      });
      await this.deps.staffSignIn.endAll(tx, id);
      after = { ...after, status, suspendedUntil: endsAt?.toISOString() ?? null };
    }
    await this.deps.audit.record(tx, this.actorOf(principal, meta), {
      action: 'user.penalised',
      targetType: 'user',
      targetId: id,
      targetLabel: user.email,
      before: { status: before.status, suspendedUntil: before.suspendedUntil },
      after: { ...after, label: PENALTY_LABELS[penalty] },
    });
    const appeal = {
      url: `${this.deps.publicUrl ?? ''}/appeal/${appealToken}`,
      until: new Date(now.getTime() + PENALTY_APPEAL_DAYS * 86_400_000),
    };
    const mailId = await enqueueMail(tx, penaltyMail(user, penalty, reason, endsAt, appeal));
    return { penaltyId: row.id, mailId };
  }

  async lift(
    principal: Principal,
    meta: RequestMeta,
    id: string,
    reason: string,
    now = new Date(),
  ) {
    return this.change(id, (tx, user) => this.liftLocked(tx, principal, meta, user, reason, now));
  }

  /**
   * Lifts the suspension or ban of a user whose row the caller has locked, in the caller's
   * transaction (an appeal upheld for the person lifts the penalty with its decision).
   */
  async liftLocked(
    tx: Executor,
    principal: Principal,
    meta: RequestMeta,
    user: LockedUser,
    reason: string,
    now = new Date(),
  ) {
    const before = effectiveStatus(user, now);
    if (before.status === 'active') {
      throw new AppError('NOT_SUSPENDED', 422, 'This account is not suspended or banned.');
    }
    await repo.updateUserAccess(tx, user.id, {
      status: 'active',
      suspendedUntil: null,
      statusReason: null,
    });
    await repo.liftPenalties(tx, user.id, principal.user.id, reason);
    await this.deps.audit.record(tx, this.actorOf(principal, meta), {
      action: 'user.suspension_lifted',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { status: before.status, suspendedUntil: before.suspendedUntil },
      after: { status: 'active', reason },
    });
    return enqueueMail(tx, penaltyMail(user, 'lifted', reason, null));
  }

  async unlock(principal: Principal, meta: RequestMeta, id: string) {
    return this.change(id, async (tx, user) => {
      await repo.clearSignInThrottles(tx, user);
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: 'user.sign_in_unlocked',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
      });
    });
  }

  async signOutEverywhere(principal: Principal, meta: RequestMeta, id: string) {
    return this.change(id, async (tx, user) => {
      await authRepo.revokeAllForUser(tx, id);
      await this.deps.staffSignIn.endAll(tx, id);
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: 'user.signed_out_everywhere',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
      });
    });
  }

  async resetStaffFactor(principal: Principal, meta: RequestMeta, id: string) {
    if (id === principal.user.id) throw ownAccount();
    return this.change(id, async (tx, user) => {
      await this.deps.staffSignIn.reset(tx, id);
      await this.deps.audit.record(tx, this.actorOf(principal, meta), {
        action: 'staff.factor_reset',
        targetType: 'user',
        targetId: id,
        targetLabel: user.email,
      });
    });
  }

  async sendPasswordReset(principal: Principal, meta: RequestMeta, id: string) {
    const user = await authRepo.findUserById(this.deps.db, id);
    if (!user) throw notFound();
    if (user.status === 'banned') {
      throw new AppError('ACCOUNT_BANNED', 422, 'This account is banned: lift the ban first.');
    }
    await this.deps.audit.record(this.deps.db, this.actorOf(principal, meta), {
      action: 'user.password_reset_sent',
      targetType: 'user',
      targetId: id,
      targetLabel: user.email,
    });
    await this.deps.recovery.sendResetLink(user);
    return this.get(id);
  }
}
