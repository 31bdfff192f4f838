import type {
  LoginRequest,
  RegisterRequest,
  Session,
  Tokens,
  User,
} from '@crimsonhost/shared/auth';
import { RECOVERY_CODE_COUNT } from '@crimsonhost/shared/auth';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import {
  clearFailures,
  countAttempt,
  type FailureRule,
  type ThrottleSubject,
} from '../../lib/failure-throttle';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import * as repo from './auth.repository';
import { registrationFor, type EmailVerificationService } from './email-verification.service';
import { assertPasswordPolicy, hashPassword, verifyPassword } from './password';
import { assertCanSignIn, toUser, type RequestMeta, type SessionIssuer } from './session.service';
import { digest, recoveryCode } from './tokens';

const wait = 'Too many attempts. Wait a little and try again.';
export const LIMITS = {
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 900, message: wait },
  registerIp: { name: 'register:ip', limit: 5, windowSeconds: 3600, message: wait },
  forgotIp: { name: 'forgot:ip', limit: 5, windowSeconds: 900, message: wait },
  forgotAccount: { name: 'forgot:account', limit: 3, windowSeconds: 3600, message: wait },
  recoveryIp: { name: 'recovery:ip', limit: 10, windowSeconds: 900, message: wait },
  recoveryAccount: { name: 'recovery:account', limit: 5, windowSeconds: 900, message: wait },
} satisfies Record<string, RateLimitRule>;

const signInWait =
  'Too many failed sign-in attempts. Wait a little and try again, or reset your password.';
/**
 * Failed sign-ins slow down, never lock (decision 016). Counted by e-mail, whether or not it has
 * an account, so the answers cannot tell which do.
 */
export const FAILURES = {
  /** One address guessing one e-mail: 5 free, then 30 s doubling up to 15 minutes. */
  loginPair: {
    name: 'login:pair',
    freeFailures: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 15 * 60,
    message: signInWait,
  },
  /** Every address together on one e-mail: the owner waits a minute at most. */
  loginEmail: {
    name: 'login:email',
    freeFailures: 20,
    baseDelaySeconds: 30,
    maxDelaySeconds: 60,
    message: signInWait,
  },
  /** Checks of the current password of a signed-in account (or one being linked). */
  password: {
    name: 'password',
    freeFailures: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 15 * 60,
    message: 'Too many wrong passwords. Wait a little and try again.',
  },
} satisfies Record<string, FailureRule>;

/**
 * Checks the password of a known account through the per-account limit of password checks, so
 * a stolen access token or link cannot be turned into the password by guessing.
 */
export async function checkAccountPassword(
  db: Executor,
  user: { id: string; passwordHash: string | null },
  password: string,
): Promise<boolean> {
  const subjects: ThrottleSubject[] = [[FAILURES.password, user.id]];
  await countAttempt(db, subjects);
  const valid = await verifyPassword(user.passwordHash, password);
  if (valid) await clearFailures(db, subjects);
  return valid;
}

export const loginFailed = () => new AppError('LOGIN_FAILED', 401, 'Incorrect e-mail or password');

export async function newRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await repo.replaceRecoveryCodes(db, userId, codes.map(digest));
  return codes;
}

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionIssuer,
    private readonly verification: EmailVerificationService,
    /** Accounts one address may register per clock hour (REGISTRATIONS_PER_IP_HOUR). */
    private readonly registrationsPerIpHour = LIMITS.registerIp.limit,
  ) {}

  async register(input: RegisterRequest, meta: RequestMeta) {
    await hitRateLimit(
      this.db,
      { ...LIMITS.registerIp, limit: this.registrationsPerIpHour },
      meta.ip,
    );
    assertPasswordPolicy(input.password, 'password', input.email);
    const passwordHash = await hashPassword(input.password);
    const taken = () =>
      new AppError(
        'EMAIL_TAKEN',
        409,
        'An account with this e-mail already exists. Sign in, or reset your password.',
        { fields: [{ field: 'email', message: 'An account with this e-mail already exists' }] },
      );
    // An address nobody has verified yet is not "taken": this registration gets its own link, and
    // whoever verifies the address first owns it (decision 015).
    const { mailId, ...registered } = await this.db.transaction(async (tx) => {
      if ((await repo.findUserByEmail(tx, input.email))?.emailVerifiedAt) throw taken();
      const user = await repo
        .insertUser(tx, {
          email: input.email,
          displayName: input.displayName,
          passwordHash,
          authProvider: 'local',
          lastLoginAt: new Date(),
        })
        .catch((error: unknown) => {
          // Two registrations of one e-mail at once: the unique index decides.
          throw isUniqueViolation(error) ? taken() : error;
        });
      const recoveryCodes = await newRecoveryCodes(tx, user.id);
      const mailId = await this.verification.enqueue(tx, user);
      return {
        ...(await this.sessions.session(tx, user, meta, 'register')),
        recoveryCodes,
        mailId,
      };
    });
    void this.verification.deliver(mailId, registered.user.id);
    return registered;
  }

  async login(input: LoginRequest, meta: RequestMeta): Promise<Session> {
    await hitRateLimit(this.db, LIMITS.loginIp, meta.ip);
    const email = input.email.toLowerCase();
    const subjects: ThrottleSubject[] = [
      [FAILURES.loginPair, `${meta.ip}:${email}`],
      [FAILURES.loginEmail, email],
    ];
    await countAttempt(this.db, subjects);
    // While nobody has proven the address, several registrations may name it (decision 015).
    const user = await registrationFor(
      await repo.findUsersByEmail(this.db, input.email),
      input.password,
    );
    // An unknown e-mail costs the same argon2 work (against a fixed hash) as a known one.
    const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !valid) throw loginFailed();
    await clearFailures(this.db, subjects);
    assertCanSignIn(user);
    return this.db.transaction(async (tx) => {
      await repo.recordLogin(tx, user.id);
      return this.sessions.session(tx, { ...user, lastLoginAt: new Date() }, meta);
    });
  }

  /**
   * Rotates a refresh token. A token that was already rotated means someone kept a copy: the
   * whole family is revoked, which signs out both the thief and the owner.
   */
  async refresh(refreshToken: string, meta: RequestMeta): Promise<Session> {
    const failed = (message = 'Failed to refresh session') =>
      new AppError('REFRESH_FAILED', 401, message);
    const outcome: { error: AppError } | { session: Session } = await this.db.transaction(
      async (tx) => {
        const row = await repo.lockRefreshToken(tx, digest(refreshToken));
        if (!row || row.revokedAt) return { error: failed() };
        if (row.rotatedAt) {
          await repo.revokeFamily(tx, row.familyId);
          return { error: failed('This session was ended for your safety. Please sign in again.') };
        }
        if (row.expiresAt <= new Date())
          return { error: failed('Your session has expired. Please login again.') };
        const user = await repo.findUserById(tx, row.userId);
        if (!user) return { error: failed() };
        assertCanSignIn(user);
        await repo.markRotated(tx, row.id);
        const tokens: Tokens = await this.sessions.issue(tx, user, meta, row.familyId);
        return { session: { user: toUser(user), tokens } };
      },
    );
    // The revocation above must be committed, so the error is thrown only after the transaction.
    if ('error' in outcome) throw outcome.error;
    return outcome.session;
  }

  async logout(sessionId: string) {
    await repo.revokeFamily(this.db, sessionId);
  }

  async logoutEverywhere(userId: string) {
    await repo.revokeAllForUser(this.db, userId);
  }

  async profile(userId: string) {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in');
    return {
      user: toUser(user),
      recoveryCodesLeft: await repo.countUnusedRecoveryCodes(this.db, userId),
    };
  }

  async updateProfile(userId: string, displayName: string): Promise<User> {
    const user = await repo.updateUser(this.db, userId, { displayName });
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in');
    return toUser(user);
  }

  /** Proves the current password when the account has one (a Discord-only account has none). */
  private async assertCurrentPassword(userId: string, currentPassword: string | undefined) {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in');
    if (user.passwordHash && !(await checkAccountPassword(this.db, user, currentPassword ?? ''))) {
      const message = 'Current password is incorrect';
      throw new AppError('WRONG_PASSWORD', 400, message, {
        fields: [{ field: 'currentPassword', message }],
      });
    }
    return user;
  }

  /** Sets a new password and signs out every other session of the user. */
  async changePassword(
    userId: string,
    sessionId: string,
    currentPassword: string | undefined,
    password: string,
  ) {
    const user = await this.assertCurrentPassword(userId, currentPassword);
    assertPasswordPolicy(password, 'password', user.email);
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await repo.updateUser(tx, userId, { passwordHash });
      await repo.revokeAllForUser(tx, userId, sessionId);
    });
  }

  async regenerateRecoveryCodes(userId: string, currentPassword: string | undefined) {
    await this.assertCurrentPassword(userId, currentPassword);
    return this.db.transaction((tx) => newRecoveryCodes(tx, userId));
  }
}
