import { TOTP_PERIOD_SECONDS } from '@crimsonhost/shared/auth';
import type { ApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';

/** Which code the person gives: from the authenticator app, or one of the backup codes. */
export type StaffCodeKind = 'app' | 'backup';

export const APP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const BACKUP_CODE_MESSAGE = 'Enter the whole backup code, e.g. K7QP-M2XD-9RTF';

/** What is sent: the app's digits without spaces; a backup code as printed, in capitals. */
export function normaliseStaffCode(value: string, kind: StaffCodeKind): string {
  if (kind === 'app') return value.replace(/\s/g, '');
  const compact = value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 12
    ? `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`
    : compact;
}

/** Whether `value` looks like a whole code of its kind (the API has the last word). */
export function isWholeStaffCode(value: string, kind: StaffCodeKind): boolean {
  const code = normaliseStaffCode(value, kind);
  return kind === 'app' ? /^\d{6}$/.test(code) : /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code);
}

/** A base32 secret in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string) =>
  (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');

/**
 * A refused code in words, for under the field: the API's codes get sentences that say what to
 * do; anything else goes through the app's usual wording.
 */
export function describeStaffCodeError(error: ApiError, kind: StaffCodeKind): string {
  if (error.code === 'STAFF_CODE_INVALID') {
    return kind === 'app'
      ? `That code is not right. Enter the code your authenticator app shows now: it changes every ${TOTP_PERIOD_SECONDS} seconds.`
      : 'That backup code is not right, or it has been used already. Check it, or use your authenticator app.';
  }
  if (error.code === 'VALIDATION_ERROR')
    return kind === 'app' ? APP_CODE_MESSAGE : BACKUP_CODE_MESSAGE;
  return describeApiError(error);
}
