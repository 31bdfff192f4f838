import type { Penalty } from '@crimsonhost/shared/admin';
import { PENALTY_LABELS } from '@crimsonhost/shared/admin';
import {
  PENALTY_APPEAL_DAYS,
  type AppealOutcome,
  type AppealRequest,
  type AppealView,
  type DecideAppealRequest,
  type StaffAppeal,
} from '@crimsonhost/shared/moderation';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { userPenalties } from '../../db/schema/admin';
import { users } from '../../db/schema/auth';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { enqueueMail, paragraphMail, type MailOutbox } from '../../lib/mail-outbox';
import * as usersRepo from '../admin/users.repository';
import type { AdminUsersService } from '../admin/users.service';
import type { Principal } from '../auth/auth.guard';
import type { RequestMeta } from '../auth/session.service';
import { digest } from '../auth/tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const linkNotFound = () =>
  new AppError('NOT_FOUND', 404, 'This appeal link is not valid. Use the link in the mail.');

export interface AppealsDeps {
  db: Database;
  users: AdminUsersService;
  outbox: MailOutbox;
  clock?: Clock;
}

/**
 * Appeals of penalties (issue 17 point 10). The mail that tells a person of a penalty carries a
 * link (a token whose digest is kept on the penalty), since a suspended person cannot sign in.
 * From it they appeal once, within PENALTY_APPEAL_DAYS; support or an admin upholds the penalty
 * or overturns it, which lifts a suspension or ban in the same transaction. Either way the person
 * is told by mail, and an overturned penalty no longer counts toward escalation.
 */
export class AppealsService {
  private readonly clock: Clock;

  constructor(private readonly deps: AppealsDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  private async byToken(db: Executor, token: string, lock = false) {
    if (!TOKEN.test(token)) throw linkNotFound();
    const query = db
      .select({ penalty: userPenalties, name: users.displayName, email: users.email })
      .from(userPenalties)
      .innerJoin(users, eq(users.id, userPenalties.userId))
      .where(eq(userPenalties.appealTokenHash, digest(token)));
    const [row] = await (lock ? query.for('update', { of: userPenalties }) : query);
    if (!row) throw linkNotFound();
    return row;
  }

  async view(token: string): Promise<AppealView> {
    const { penalty, name } = await this.byToken(this.deps.db, token);
    return toView(penalty, name);
  }

  /** The one appeal: refused once made, past the window, or when the penalty was lifted. */
  async appeal(token: string, input: AppealRequest): Promise<AppealView> {
    const now = this.clock.now();
    const { penalty, name } = await this.deps.db.transaction(async (tx) => {
      const { penalty, name } = await this.byToken(tx, token, true);
      if (penalty.appealedAt) {
        throw new AppError(
          'APPEAL_MADE',
          409,
          'You have already appealed this penalty; support answers by mail.',
        );
      }
      if (now.getTime() > appealUntil(penalty).getTime()) {
        throw new AppError(
          'APPEAL_WINDOW_CLOSED',
          409,
          `A penalty can be appealed for ${PENALTY_APPEAL_DAYS} days; this one was given on ${penalty.createdAt.toUTCString()}.`,
        );
      }
      if (penalty.liftedAt) {
        throw new AppError('PENALTY_LIFTED', 409, 'This penalty has been lifted already.');
      }
      const [updated] = await tx
        .update(userPenalties)
        .set({ appealMessage: input.message.trim(), appealedAt: now })
        .where(eq(userPenalties.id, penalty.id))
        .returning();
      return { penalty: updated!, name };
    });
    return toView(penalty, name);
  }

  /** Appeals waiting for an answer, oldest first, then the last 20 answered. */
  async list(): Promise<StaffAppeal[]> {
    const { db } = this.deps;
    const select = () =>
      db
        .select({
          penalty: userPenalties,
          name: users.displayName,
          email: users.email,
          issuer: sql<
            string | null
          >`(select display_name from users i where i.id = ${userPenalties.issuedBy})`,
        })
        .from(userPenalties)
        .innerJoin(users, eq(users.id, userPenalties.userId));
    const [open, answered] = await Promise.all([
      select()
        .where(and(isNotNull(userPenalties.appealedAt), isNull(userPenalties.appealOutcome)))
        .orderBy(userPenalties.appealedAt),
      select()
        .where(isNotNull(userPenalties.appealOutcome))
        .orderBy(desc(userPenalties.appealDecidedAt))
        .limit(20),
    ]);
    return [...open, ...answered].map(({ penalty, name, email, issuer }) => ({
      penaltyId: penalty.id,
      user: { id: penalty.userId, name, email },
      penalty: penalty.penalty as Penalty,
      reason: penalty.reason,
      issuedAt: penalty.createdAt.toISOString(),
      issuedBy: issuer,
      message: penalty.appealMessage ?? '',
      appealedAt: penalty.appealedAt!.toISOString(),
      outcome: (penalty.appealOutcome as AppealOutcome | null) ?? null,
      decidedAt: penalty.appealDecidedAt?.toISOString() ?? null,
    }));
  }

  /**
   * Upholds or overturns an appealed penalty, once. Overturning lifts a suspension or ban still
   * running; the person is told either way.
   */
  async decide(
    principal: Principal,
    meta: RequestMeta,
    penaltyId: string,
    input: DecideAppealRequest,
  ): Promise<StaffAppeal[]> {
    if (!UUID.test(penaltyId)) throw new AppError('NOT_FOUND', 404, 'Appeal not found');
    const { db, users: accounts, outbox } = this.deps;
    const now = this.clock.now();
    const mails = await db.transaction(async (tx) => {
      const [penalty] = await tx
        .select()
        .from(userPenalties)
        .where(eq(userPenalties.id, penaltyId))
        .for('update');
      if (!penalty?.appealedAt) throw new AppError('NOT_FOUND', 404, 'Appeal not found');
      if (penalty.appealOutcome) {
        throw new AppError('APPEAL_DECIDED', 409, 'This appeal has already been answered.');
      }
      if (penalty.userId === principal.user.id) {
        throw new AppError('OWN_ACCOUNT', 422, 'An appeal of your own penalty is for a colleague.');
      }
      const user = await usersRepo.lockUser(tx, penalty.userId);
      if (!user) throw new AppError('NOT_FOUND', 404, 'Appeal not found');
      await tx
        .update(userPenalties)
        .set({
          appealOutcome: input.outcome,
          appealDecidedBy: principal.user.id,
          appealDecidedAt: now,
        })
        .where(eq(userPenalties.id, penalty.id));
      const queued: string[] = [];
      const running =
        penalty.penalty !== 'warning' &&
        !penalty.liftedAt &&
        (!penalty.endsAt || penalty.endsAt > now);
      if (input.outcome === 'overturned' && running && user.status !== 'active') {
        queued.push(
          await accounts.liftLocked(tx, principal, meta, user, `Appeal upheld: ${input.note}`, now),
        );
      }
      queued.push(
        await enqueueMail(
          tx,
          paragraphMail({
            to: user.email,
            subject:
              input.outcome === 'overturned'
                ? 'Your appeal was accepted'
                : 'Your appeal was answered: the penalty stands',
            paragraphs: [
              `Hello ${user.displayName},`,
              input.outcome === 'overturned'
                ? `Support accepted your appeal of the ${PENALTY_LABELS[penalty.penalty as Penalty].toLowerCase()} given on ${penalty.createdAt.toUTCString()}: it is withdrawn and no longer counts on your account.`
                : `Support read your appeal of the ${PENALTY_LABELS[penalty.penalty as Penalty].toLowerCase()} given on ${penalty.createdAt.toUTCString()} and decided that it stands.`,
              `Support's answer: ${input.note}`,
            ],
            kind: 'penalty-appeal',
          }),
        ),
      );
      return queued;
    });
    for (const id of mails) void outbox.deliver(id).catch(() => undefined);
    return this.list();
  }
}

const appealUntil = (penalty: typeof userPenalties.$inferSelect) =>
  new Date(penalty.createdAt.getTime() + PENALTY_APPEAL_DAYS * DAY_MS);

function toView(penalty: typeof userPenalties.$inferSelect, name: string): AppealView {
  return {
    name,
    penalty: penalty.penalty as Penalty,
    reason: penalty.reason,
    issuedAt: penalty.createdAt.toISOString(),
    endsAt: penalty.endsAt?.toISOString() ?? null,
    appealUntil: appealUntil(penalty).toISOString(),
    appeal: penalty.appealedAt
      ? {
          message: penalty.appealMessage ?? '',
          at: penalty.appealedAt.toISOString(),
          outcome: (penalty.appealOutcome as AppealOutcome | null) ?? null,
          decidedAt: penalty.appealDecidedAt?.toISOString() ?? null,
        }
      : null,
  };
}
