import { PASSWORD_RESET_TTL_MINUTES } from '@crimsonhost/shared/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import { hitRateLimit } from '../../lib/rate-limit';
import * as repo from './auth.repository';
import type { UserRow } from './auth.repository';
import { LIMITS, newRecoveryCodes } from './auth.service';
import { claimAddress } from './email-verification.service';
import { assertPasswordPolicy, hashPassword } from './password';
import { assertCanSignIn, type RequestMeta, type SessionIssuer } from './session.service';
import { digest, normaliseRecoveryCode, randomToken } from './tokens';
import { escapeHtml } from '../../lib/escape-html';

export function resetMail(to: string, name: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    'Someone asked to reset the password of your CrimsonHost account.',
    `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password (it works once):`,
    '',
    link,
    '',
    'If it was not you, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your CrimsonHost account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> within ${PASSWORD_RESET_TTL_MINUTES} minutes. The link works once.</p>
<p>If it was not you, ignore this mail: your password stays as it is.</p>`;
  return { to, subject: 'Reset your CrimsonHost password', text, html };
}

export class RecoveryService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionIssuer,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Always answers the same way, whether or not the account exists. The link and its mail are
   * written together (the mail into the outbox, so a crash cannot lose it); the mail is sent
   * after the answer, so the response time does not tell either, and retried by the outbox job
   * if the mail server is down.
   */
  async forgotPassword(email: string, meta: RequestMeta): Promise<{ delivery: Promise<void> }> {
    const nothing = { delivery: Promise.resolve() };
    await hitRateLimit(this.db, LIMITS.forgotIp, meta.ip);
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status === 'banned') return nothing;
    try {
      await hitRateLimit(this.db, LIMITS.forgotAccount, user.id);
    } catch {
      return nothing; // silently: telling would reveal the account
    }
    return this.sendResetLink(user);
  }

  /**
   * Mails a new reset link to an account (a forgotten password, or staff sending one): the link
   * and its mail are written together, the mail sent after the answer and retried by the outbox.
   */
  async sendResetLink(user: UserRow): Promise<{ delivery: Promise<void> }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    const link = `${this.publicUrl}/recovery?token=${encodeURIComponent(token)}`;
    const mailId = await this.db.transaction(async (tx) => {
      await repo.insertPasswordReset(tx, { userId: user.id, tokenHash: digest(token), expiresAt });
      return enqueueMail(tx, {
        ...resetMail(user.email, user.displayName, link),
        kind: 'password-reset',
        expiresAt,
      });
    });
    const delivery = this.outbox.deliver(mailId).then(
      () => undefined,
      (error: unknown) => {
        this.log.error({ err: error, userId: user.id }, 'could not send the password reset mail');
      },
    );
    return { delivery };
  }

  /**
   * Uses a reset link once: sets the password, ends every session of the account and replaces its
   * recovery codes (answered, to be shown once). The link proves the mailbox, so the address is
   * verified and taken from any other registration waiting for it.
   */
  async resetPassword(token: string, password: string): Promise<string[]> {
    const invalid = () =>
      new AppError(
        'RESET_LINK_INVALID',
        400,
        'This reset link has expired or was already used. Ask for a new one.',
      );
    return this.db.transaction(async (tx) => {
      // The address first, then the link: claims on one address take turns without deadlocks.
      const owner = await repo.findLinkUser(tx, 'password-reset', digest(token));
      if (owner) await repo.lockAddress(tx, owner.email);
      const userId = await repo.consumePasswordReset(tx, digest(token));
      if (!userId) throw invalid();
      const user = await repo.findUserById(tx, userId);
      if (!user) throw invalid();
      assertPasswordPolicy(password, 'password', user.email);
      await repo.updateUser(tx, userId, {
        passwordHash: await hashPassword(password),
        failedLogins: 0,
        lockedUntil: null,
      });
      if (!(await claimAddress(tx, user))) throw invalid();
      await repo.revokeAllForUser(tx, userId);
      return newRecoveryCodes(tx, userId);
    });
  }

  /**
   * Signs in with a one-time recovery code and sets a new password; every other session ends and
   * the ten codes are replaced (the new ones answered, to be shown once).
   */
  async recoveryLogin(email: string, code: string, password: string, meta: RequestMeta) {
    await hitRateLimit(this.db, LIMITS.recoveryIp, meta.ip);
    await hitRateLimit(this.db, LIMITS.recoveryAccount, email.toLowerCase());
    const failed = () =>
      new AppError(
        'RECOVERY_FAILED',
        401,
        'This e-mail and recovery code do not match an unused code',
      );
    // Hash first, whether or not the account exists, so the answer's timing does not tell.
    assertPasswordPolicy(password, 'password', email);
    const passwordHash = await hashPassword(password);
    const codeHash = digest(normaliseRecoveryCode(code));
    const codeOwner = await repo.findRecoveryCodeOwner(this.db, codeHash);
    const user = (await repo.findUsersByEmail(this.db, email)).find((u) => u.id === codeOwner);
    if (!user) throw failed();
    const outcome = await this.db.transaction(async (tx) => {
      if (!(await repo.consumeRecoveryCode(tx, user.id, codeHash))) return null;
      assertCanSignIn(user);
      await repo.updateUser(tx, user.id, { passwordHash, failedLogins: 0, lockedUntil: null });
      await repo.revokeAllForUser(tx, user.id);
      await repo.recordLogin(tx, user.id);
      const recoveryCodes = await newRecoveryCodes(tx, user.id);
      return {
        ...(await this.sessions.session(tx, { ...user, passwordHash }, meta, 'recovery')),
        recoveryCodes,
      };
    });
    if (!outcome) throw failed();
    return { ...outcome, recoveryCodesLeft: outcome.recoveryCodes.length };
  }
}
