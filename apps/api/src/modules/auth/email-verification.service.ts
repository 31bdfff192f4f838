import { EMAIL_VERIFICATION_TTL_HOURS } from '@crimsonhost/shared/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueMail, type MailOutbox } from '../../lib/mail-outbox';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import * as repo from './auth.repository';
import type { UserRow } from './auth.repository';
import { verifyPassword } from './password';
import { digest, randomToken } from './tokens';
import { escapeHtml } from '../../lib/escape-html';

export const VERIFICATION_LIMITS = {
  resendAccount: {
    name: 'verify-resend:account',
    limit: 3,
    windowSeconds: 3600,
    message: 'Too many verification mails. Wait a little and try again.',
  },
} satisfies Record<string, RateLimitRule>;

export const emailNotVerified = () =>
  new AppError(
    'EMAIL_NOT_VERIFIED',
    403,
    'Please verify your e-mail address first: open the link we mailed you, or ask for a new one.',
  );

/** Deposits and Discord links need an address whose owner proved the mailbox. */
export function assertEmailVerified(user: UserRow) {
  if (!user.emailVerifiedAt) throw emailNotVerified();
}

export function verificationMail(to: string, name: string, link: string) {
  const text = [
    `Hello ${name},`,
    '',
    'Someone registered a CrimsonHost account with this e-mail address.',
    `If it was you, open this link within ${EMAIL_VERIFICATION_TTL_HOURS} hours to confirm the address (it works once):`,
    '',
    link,
    '',
    'If it was not you, ignore this mail: without this link nobody can use your address here.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone registered a CrimsonHost account with this e-mail address.</p>
<p>If it was you, <a href="${escapeHtml(link)}">confirm your e-mail address</a> within ${EMAIL_VERIFICATION_TTL_HOURS} hours. The link works once.</p>
<p>If it was not you, ignore this mail: without this link nobody can use your address here.</p>`;
  return { to, subject: 'Confirm your e-mail address for CrimsonHost', text, html };
}

/**
 * Until an address is verified several registrations may name it (decision 015): the one whose
 * password matches is the one signing in. With one candidate there is nothing to choose.
 */
export async function registrationFor(candidates: UserRow[], password: string) {
  if (candidates.length <= 1) return candidates[0];
  for (const candidate of candidates)
    if (await verifyPassword(candidate.passwordHash, password)) return candidate;
  return candidates[0];
}

/**
 * The mailbox of `user`'s address was proven: the account owns the address from now on, and every
 * other registration still waiting for it loses it, with its sessions and recovery codes. Answers
 * false when another account already owns the address.
 */
export async function claimAddress(tx: Executor, user: UserRow): Promise<boolean> {
  await repo.lockAddress(tx, user.email);
  const [owner] = await repo.findUsersByEmail(tx, user.email);
  if (owner?.emailVerifiedAt && owner.id !== user.id) return false;
  for (const rival of await repo.findUnverifiedRivals(tx, user.email, user.id))
    await repo.releaseAddress(tx, rival.id);
  await repo.markEmailVerified(tx, user.id);
  return true;
}

export class EmailVerificationService {
  constructor(
    private readonly db: Database,
    private readonly outbox: MailOutbox,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes a verification link and its mail inside the caller's transaction; answers the mail id. */
  async enqueue(tx: Executor, user: Pick<UserRow, 'id' | 'email' | 'displayName'>) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
    const link = `${this.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await repo.insertEmailVerification(tx, {
      userId: user.id,
      tokenHash: digest(token),
      expiresAt,
    });
    return enqueueMail(tx, {
      ...verificationMail(user.email, user.displayName, link),
      kind: 'email-verification',
      expiresAt,
    });
  }

  /** Sends a queued mail now; a failure is logged and left to the outbox job. */
  deliver(mailId: string, userId: string): Promise<void> {
    return this.outbox.deliver(mailId).then(
      () => undefined,
      (error: unknown) => {
        this.log.error({ err: error, userId }, 'could not send the verification mail');
      },
    );
  }

  /** Uses a link once: its account owns the address from now on. */
  async verify(token: string) {
    const invalid = () =>
      new AppError(
        'VERIFY_LINK_INVALID',
        400,
        'This verification link has expired or was already used. Sign in and ask for a new one.',
      );
    await this.db.transaction(async (tx) => {
      const user = await repo.findLinkUser(tx, 'email-verification', digest(token));
      if (!user) throw invalid();
      // The address first, then the link: claims on one address take turns without deadlocks.
      await repo.lockAddress(tx, user.email);
      if (!(await repo.consumeEmailVerification(tx, digest(token)))) throw invalid();
      if (!(await claimAddress(tx, user))) throw invalid();
    });
  }

  /** Mails a fresh link to a signed-in account that has not verified its address yet. */
  async resend(userId: string) {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in');
    if (user.emailVerifiedAt) {
      throw new AppError('EMAIL_ALREADY_VERIFIED', 409, 'Your e-mail address is already verified.');
    }
    await hitRateLimit(this.db, VERIFICATION_LIMITS.resendAccount, user.id);
    const mailId = await this.db.transaction((tx) => this.enqueue(tx, user));
    void this.deliver(mailId, user.id);
  }
}
