import type { DeleteAccountRequest, UnlinkDiscordRequest } from '@crimsonhost/shared/account';
import { formatUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { enqueueMail, paragraphMail, type MailOutbox } from '../../lib/mail-outbox';
import type { AuditActor, AuditService } from '../audit/audit.service';
import type { UserRow } from '../auth/auth.repository';
import { revokeAllForUser } from '../auth/auth.repository';
import { verifyPassword } from '../auth/password';
import { vendorBalances } from '../vendors/vendor-money';
import { accountBalance, userCredit, userWallet } from '../wallet/ledger.service';

/** The name a deleted account shows wherever it appeared (tickets, threads, the books). */
export const DELETED_NAME = 'Deleted account';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The account's own data and its deletion (issue 18 point 6, privacy). The export is what the
 * platform keeps about the person: profile, sign-ins, wallet transactions, rentals, tickets with
 * their public messages, and what they wrote to vendors or renters. Deletion is refused, with
 * every reason in words, while money or a promise is still open; otherwise the account is
 * anonymised in one transaction: name and e-mail replaced, password, Discord link, recovery codes
 * and every session removed; the ledger keeps its entries (the books must still balance) under the
 * anonymised owner.
 */
export class AccountService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly outbox: MailOutbox,
    clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
  }

  async export(user: UserRow) {
    const { db } = this;
    const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
    const [usdt, credit] = await Promise.all([
      accountBalance(db, userWallet(user.id)),
      accountBalance(db, userCredit(user.id)),
    ]);
    const [signIns, transactions, rentals, tickets, messages, threadMessages] = await Promise.all([
      rows(sql`select created_at as at, ip, user_agent, client_kind, method
                 from sign_ins where user_id = ${user.id} order by created_at`),
      rows(sql`select id, type, status, currency, amount::text as amount, fee::text as fee,
                      description, network, address, tx_hash, created_at
                 from wallet_transactions where user_id = ${user.id} order by created_at`),
      rows(sql`select r.id, l.name as server, r.status, r.hours,
                      r.price_per_hour::text as price_per_hour, (r.paid - r.paid_discount)::text as paid,
                      r.refunded::text as refunded, r.starts_at, r.ends_at, r.ended_at
                 from rentals r join server_listings l on l.id = r.listing_id
                where r.renter_id = ${user.id} order by r.starts_at`),
      rows(sql`select id, number, subject, category, priority, status, created_at
                 from support_tickets where requester_id = ${user.id} order by created_at`),
      rows(sql`select m.ticket_id, m.author_name, m.author_role, m.body, m.created_at
                 from support_messages m join support_tickets t on t.id = m.ticket_id
                where t.requester_id = ${user.id} and m.kind = 'reply' order by m.seq`),
      rows(sql`select rental_id, side, body, created_at from rental_messages
                where author_id = ${user.id} order by seq`),
    ]);
    const money = (value: unknown) =>
      typeof value === 'string' ? toUsdtString(BigInt(value)) : value;
    return {
      exportedAt: this.clock.now().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        role: user.role,
        authProvider: user.authProvider,
        discordLinked: user.discordId !== null,
        emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
        createdAt: user.createdAt.toISOString(),
      },
      wallet: { usdt: toUsdtString(usdt), platformCredit: toUsdtString(credit) },
      signIns,
      transactions: transactions.map((row) => ({
        ...row,
        amount: money(row.amount),
        fee: money(row.fee),
      })),
      rentals: rentals.map((row) => ({
        ...row,
        price_per_hour: money(row.price_per_hour),
        paid: money(row.paid),
        refunded: money(row.refunded),
      })),
      tickets: tickets.map((ticket) => ({
        ...ticket,
        messages: messages.filter((message) => message.ticket_id === ticket.id),
      })),
      rentalMessages: threadMessages,
    };
  }

  /** What keeps the account from being deleted now, each in a sentence; empty when nothing does. */
  async blockers(db: Executor, user: UserRow): Promise<string[]> {
    const reasons: string[] = [];
    if (user.role === 'admin' || user.role === 'support') {
      reasons.push('Staff accounts are closed by an admin: ask one to change your role first.');
    }
    const usdt = await accountBalance(db, userWallet(user.id));
    if (usdt > 0n) {
      reasons.push(
        `You have ${formatUsdt(usdt)} USDT in your wallet: spend it on rentals or ask support to send it to you first.`,
      );
    }
    const [open] = await queryRows<{
      rentals: number;
      deposits: number;
      disputes: number;
      hosted: number;
    }>(
      db,
      sql`select
        (select count(*)::int from rentals where renter_id = ${user.id} and status = 'ACTIVE') as rentals,
        (select count(*)::int from wallet_transactions
          where user_id = ${user.id} and type = 'DEPOSIT' and status = 'PENDING') as deposits,
        (select count(*)::int from rental_disputes
          where (renter_id = ${user.id} or vendor_id = ${user.id}) and status = 'OPEN') as disputes,
        (select count(*)::int from rentals where vendor_id = ${user.id} and status = 'ACTIVE') as hosted`,
    );
    if (open!.rentals > 0) {
      reasons.push(
        `${count(open!.rentals, 'rental')} of yours ${open!.rentals === 1 ? 'is' : 'are'} still running: cancel or let ${open!.rentals === 1 ? 'it' : 'them'} end first.`,
      );
    }
    if (open!.deposits > 0) {
      reasons.push(
        `${count(open!.deposits, 'deposit')} ${open!.deposits === 1 ? 'is' : 'are'} still waiting for a payment: money sent to ${open!.deposits === 1 ? 'its address' : 'their addresses'} would have no owner. Wait until ${open!.deposits === 1 ? 'it expires' : 'they expire'}.`,
      );
    }
    if (open!.disputes > 0) {
      reasons.push(
        `${count(open!.disputes, 'dispute')} ${open!.disputes === 1 ? 'is' : 'are'} open: support decides ${open!.disputes === 1 ? 'it' : 'them'} first.`,
      );
    }
    if (user.role === 'vendor') {
      if (open!.hosted > 0) {
        reasons.push(
          `${count(open!.hosted, 'rental')} of your listings ${open!.hosted === 1 ? 'is' : 'are'} running for renters: wait until ${open!.hosted === 1 ? 'it ends' : 'they end'}.`,
        );
      }
      const money = await vendorBalances(db, user.id);
      const owed = [money.escrow, money.pending, money.available, money.payoutPending]
        .map((amount) => BigInt(amount.replace('.', '')))
        .reduce((a, b) => a + b, 0n);
      if (owed > 0n) {
        reasons.push(
          'Your earnings are not all paid out yet: ask for a payout of what is available and wait for the rest to clear.',
        );
      }
    }
    return reasons;
  }

  async delete(user: UserRow, input: DeleteAccountRequest, actor: AuditActor) {
    if (input.confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('VALIDATION_ERROR', 400, 'Type the e-mail address of this account.', {
        fields: [{ field: 'confirmEmail', message: 'This is not the e-mail of this account' }],
      });
    }
    if (user.passwordHash) {
      if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError('INVALID_CREDENTIALS', 401, 'The password is not right.', {
          fields: [{ field: 'password', message: 'The password is not right' }],
        });
      }
    }
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      // The user's row lock: a rental or deposit started in another tab waits for this, or this
      // waits for it and sees it.
      await tx.execute(sql`select id from users where id = ${user.id} for update`);
      const reasons = await this.blockers(tx, user);
      if (reasons.length > 0) {
        throw new AppError('ACCOUNT_NOT_DELETABLE', 409, 'Your account cannot be deleted yet.', {
          reasons,
        });
      }
      await this.audit.record(tx, actor, {
        action: 'user.account_deleted',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
      });
      await tx.execute(sql`update users
         set email = ${`deleted-${user.id}@deleted.invalid`}, display_name = ${DELETED_NAME},
             password_hash = null, discord_id = null, email_verified_at = null,
             deleted_at = ${now.toISOString()}::timestamptz, updated_at = now()
       where id = ${user.id}`);
      await tx.execute(sql`update support_messages set author_name = ${DELETED_NAME}
                            where author_id = ${user.id}`);
      await tx.execute(sql`update rental_messages set author_name = ${DELETED_NAME}
                            where author_id = ${user.id}`);
      for (const table of [
        'recovery_codes',
        'password_resets',
        'email_verifications',
        'pending_links',
      ]) {
        await tx.execute(sql`delete from ${sql.raw(table)} where user_id = ${user.id}`);
      }
      await tx.execute(sql`delete from sign_ins where user_id = ${user.id}`);
      await revokeAllForUser(tx, user.id);
      // Revoked, not deleted: every call checks its session's family, which must stay to say no.
      await tx.execute(sql`update refresh_tokens set ip = null, user_agent = null
                            where user_id = ${user.id}`);
    });
  }

  /**
   * Unlinks Discord: refused without a password on the account (it could not sign in again), and
   * with a wrong one. A security mail says it happened, in case it was not the owner.
   */
  async unlinkDiscord(user: UserRow, input: UnlinkDiscordRequest, actor: AuditActor) {
    if (!user.discordId) {
      throw new AppError('NOT_LINKED', 409, 'Discord is not linked to this account.');
    }
    if (!user.passwordHash) {
      throw new AppError(
        'PASSWORD_NEEDED',
        409,
        'Set a password first, so you can still sign in without Discord: use "Forgot password" on the sign-in page to get a link by mail.',
      );
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new AppError('INVALID_CREDENTIALS', 401, 'The password is not right.', {
        fields: [{ field: 'password', message: 'The password is not right' }],
      });
    }
    const mailId = await this.db.transaction(async (tx) => {
      await tx.execute(sql`update users set discord_id = null, updated_at = now()
                            where id = ${user.id}`);
      await this.audit.record(tx, actor, {
        action: 'user.discord_unlinked',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
      });
      return enqueueMail(
        tx,
        paragraphMail({
          to: user.email,
          subject: 'Discord was unlinked from your CrimsonHost account',
          paragraphs: [
            `Hello ${user.displayName},`,
            'Discord was unlinked from your CrimsonHost account just now. You sign in with your e-mail address and password from now on.',
            'If this was not you, change your password at once and write to support.',
          ],
          kind: 'security-discord-unlinked',
        }),
      );
    });
    // Sent now; the outbox job tries again if the mail server does not take it.
    this.outbox.deliver(mailId).catch(() => undefined);
  }
}
