import {
  STAFF_BACKUP_CODE_COUNT,
  type ClientToken,
  type StaffEnrolConfirm,
  type StaffEnrolment,
  type StaffFactorStatus,
} from '@crimsonhost/shared/auth';
import type { Role } from '@crimsonhost/shared/constants';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { clearFailures, countAttempt, type FailureRule } from '../../lib/failure-throttle';
import type { AuditService } from '../audit/audit.service';
import { decryptPanelKey, encryptPanelKey } from '../panels/panel-crypto';
import { staffClientKind, type Principal } from './auth.guard';
import * as repo from './staff.repository';
import type { RequestMeta } from './session.service';
import { digest, normaliseRecoveryCode, recoveryCode, type TokenService } from './tokens';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp';

export type StaffClient = 'ADMIN' | 'SUPPORT';

/** The HKDF info of the key the TOTP secrets are encrypted under (apart from the panel keys'). */
export const STAFF_FACTOR_KEY_INFO = 'crimsonhost staff factors';

/** Wrong codes slow down like passwords: 5 free, then 30 s doubling up to 15 minutes. */
export const STAFF_CODE_FAILURES: FailureRule = {
  name: 'staff-code',
  freeFailures: 5,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  message: 'Too many wrong codes. Wait a little and try again.',
};

export interface StaffSignInSettings {
  idleMinutes: number;
  maxHours: number;
}

const forbidden = () => new AppError('FORBIDDEN', 403, 'Your account does not have access to this');
const codeInvalid = () =>
  new AppError(
    'STAFF_CODE_INVALID',
    422,
    'That code is not right. Enter the 6-digit code your authenticator app shows now, or a backup code.',
  );

/**
 * The staff area's sign-in (issue 15 point 1): a staff account sets up a TOTP second factor once
 * and gives a code each time it opens the staff area. A code opens a staff sign-in (a grant) for
 * the storefront sign-in it came from; staff tokens are issued without a code while it is alive:
 * used within the idle timeout and younger than its longest life.
 */
export class StaffSignInService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    /** Encrypts the TOTP secrets at rest (a key derived from the server's secret). */
    private readonly secretKey: Uint8Array,
    private readonly settings: StaffSignInSettings,
  ) {}

  private clientOf(principal: Principal, client: StaffClient) {
    const kind = staffClientKind(principal.user.role as Role);
    if (!kind || kind !== client) throw forbidden();
    return kind;
  }

  async status(principal: Principal, now = new Date()): Promise<StaffFactorStatus> {
    const { user, sessionId } = principal;
    const kind = staffClientKind(user.role as Role);
    if (!kind) throw forbidden();
    const factor = await repo.findFactor(this.db, user.id);
    const enrolled = Boolean(factor?.enrolledAt);
    return {
      enrolled,
      backupCodesLeft: enrolled ? await repo.countBackupCodesLeft(this.db, user.id) : 0,
      signedIn:
        enrolled &&
        (await repo.useGrant(this.db, sessionId, kind, now, this.settings.idleMinutes * 60)),
      idleTimeoutMinutes: this.settings.idleMinutes,
    };
  }

  async enrol(principal: Principal): Promise<StaffEnrolment> {
    const { user } = principal;
    if (!staffClientKind(user.role as Role)) throw forbidden();
    const secret = newTotpSecret();
    const row = await repo.putPendingFactor(
      this.db,
      user.id,
      encryptPanelKey(secret, this.secretKey),
    );
    // The insert did not replace a confirmed factor: set up already.
    if (!row) {
      throw new AppError(
        'STAFF_FACTOR_ENROLLED',
        409,
        'Two-step verification is already set up for this account. Sign in with a code from your app.',
      );
    }
    return { secret, otpauthUri: otpauthUri(secret, user.email) };
  }

  /** The first code from the app proves it holds the secret: the factor is set up, and signed in. */
  async confirm(
    principal: Principal,
    client: StaffClient,
    code: string,
    meta: RequestMeta,
    now = new Date(),
  ): Promise<StaffEnrolConfirm> {
    const kind = this.clientOf(principal, client);
    const { user } = principal;
    await countAttempt(this.db, [[STAFF_CODE_FAILURES, user.id]]);
    const backupCodes = Array.from({ length: STAFF_BACKUP_CODE_COUNT }, () => recoveryCode());
    const outcome = await this.db.transaction(async (tx) => {
      const factor = await repo.lockFactor(tx, user.id);
      if (!factor) {
        return new AppError(
          'STAFF_FACTOR_REQUIRED',
          403,
          'Start setting up two-step verification first.',
        );
      }
      if (factor.enrolledAt) {
        return new AppError(
          'STAFF_FACTOR_ENROLLED',
          409,
          'Two-step verification is already set up for this account.',
        );
      }
      const step = verifyTotp(decryptPanelKey(factor.secret, this.secretKey), code, now);
      if (step === null) return codeInvalid();
      await repo.markFactorUsed(tx, user.id, step, true);
      await repo.replaceBackupCodes(tx, user.id, backupCodes.map(digest));
      const actor = { user, clientKind: kind, ip: meta.ip };
      await this.audit.record(tx, actor, {
        action: 'staff.factor_enrolled',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
      });
      await this.openGrant(tx, principal, kind, meta, 'staff_code', now);
      return null;
    });
    if (outcome) throw outcome;
    await clearFailures(this.db, [[STAFF_CODE_FAILURES, user.id]]);
    return { backupCodes, token: await this.token(principal, kind) };
  }

  /**
   * A staff-area token for this sign-in: at once while its staff sign-in is alive, else only
   * with a code (TOTP or backup), which opens a new staff sign-in.
   */
  async clientToken(
    principal: Principal,
    client: StaffClient,
    code: string | undefined,
    meta: RequestMeta,
    now = new Date(),
  ): Promise<ClientToken> {
    const kind = this.clientOf(principal, client);
    const { user, sessionId } = principal;
    const factor = await repo.findFactor(this.db, user.id);
    if (!factor?.enrolledAt) {
      throw new AppError(
        'STAFF_FACTOR_REQUIRED',
        403,
        'Set up two-step verification to open the staff area.',
      );
    }
    if (!code) {
      if (await repo.useGrant(this.db, sessionId, kind, now, this.settings.idleMinutes * 60)) {
        return this.token(principal, kind);
      }
      throw new AppError(
        'STAFF_SIGN_IN_REQUIRED',
        403,
        'Enter the code from your authenticator app to open the staff area.',
      );
    }
    await countAttempt(this.db, [[STAFF_CODE_FAILURES, user.id]]);
    const actor = { user, clientKind: kind, ip: meta.ip };
    const accepted = await this.db.transaction(async (tx) => {
      const locked = await repo.lockFactor(tx, user.id);
      if (!locked?.enrolledAt) return false;
      const digits = code.replace(/\s/g, '');
      if (/^\d{6}$/.test(digits)) {
        const secret = decryptPanelKey(locked.secret, this.secretKey);
        const step = verifyTotp(secret, digits, now, locked.lastStep);
        if (step === null) return false;
        await repo.markFactorUsed(tx, user.id, step, false);
        await this.openGrant(tx, principal, kind, meta, 'staff_code', now);
        return true;
      }
      if (!(await repo.consumeBackupCode(tx, user.id, digest(normaliseRecoveryCode(code))))) {
        return false;
      }
      await this.audit.record(tx, actor, {
        action: 'staff.backup_code_used',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        after: { backupCodesLeft: await repo.countBackupCodesLeft(tx, user.id) },
      });
      await this.openGrant(tx, principal, kind, meta, 'staff_backup_code', now);
      return true;
    });
    if (!accepted) {
      await this.audit.record(this.db, actor, {
        action: 'staff.sign_in_failed',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
      });
      throw codeInvalid();
    }
    await clearFailures(this.db, [[STAFF_CODE_FAILURES, user.id]]);
    return this.token(principal, kind);
  }

  /** Whether the staff sign-in behind a staff token is alive; a use keeps it alive. */
  isSignedIn(sessionId: string, kind: StaffClient, now = new Date()) {
    return repo.useGrant(this.db, sessionId, kind, now, this.settings.idleMinutes * 60);
  }

  /** For a staff member who lost the app and the backup codes: the next sign-in enrols again. */
  async reset(db: Executor, userId: string) {
    await repo.deleteFactor(db, userId);
  }

  /** Ends the staff sign-in of this session (the staff area went idle in the browser). */
  async signOut(principal: Principal) {
    await repo.deleteGrantsOfSession(this.db, principal.sessionId);
  }

  /** Ends the account's staff sign-ins (a sign-out everywhere, a role change, a penalty). */
  async endAll(db: Executor, userId: string) {
    await repo.deleteGrantsOfUser(db, userId);
  }

  private async openGrant(
    tx: Executor,
    principal: Principal,
    kind: StaffClient,
    meta: RequestMeta,
    method: 'staff_code' | 'staff_backup_code',
    now: Date,
  ) {
    const { user, sessionId } = principal;
    await repo.putGrant(tx, {
      sessionId,
      clientKind: kind,
      userId: user.id,
      expiresAt: new Date(now.getTime() + this.settings.maxHours * 3_600_000),
    });
    await repo.insertSignIn(tx, {
      userId: user.id,
      clientKind: kind,
      method,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await this.audit.record(
      tx,
      { user, clientKind: kind, ip: meta.ip },
      {
        action: 'staff.sign_in',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        after: { method },
      },
    );
  }

  private async token(principal: Principal, kind: StaffClient): Promise<ClientToken> {
    const { user, sessionId } = principal;
    return {
      access_token: await this.tokens.signAccess({
        userId: user.id,
        role: user.role as Role,
        sessionId,
        clientKind: kind,
      }),
      expires_in: this.tokens.accessTtlSeconds,
      token_type: 'Bearer',
      client: kind,
    };
  }
}
