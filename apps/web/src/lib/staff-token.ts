import { TOKEN_REFRESH_LEAD_S } from '@crimsonhost/shared/constants';

/**
 * The staff area's access token (issue 14 point 13): the API serves `/api/admin/*` only to a
 * token issued to the staff area, with client kind SUPPORT (support) or ADMIN (admin). It is asked
 * for with the storefront's token of the same sign-in, kept in memory only (a new tab asks again),
 * and asked again a minute before it expires or when the storefront's token changes.
 */
export type StaffClient = 'SUPPORT' | 'ADMIN';

interface Cached {
  token: string;
  expiresAt: number;
  /** The storefront token it was asked with: a sign-out or another sign-in drops it. */
  askedWith: string;
}

let cached: Cached | null = null;
let asking: Promise<string> | null = null;

/** The role in a JWT's payload, read without checking it (the server checks). */
export function roleOfToken(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

export function staffClientOf(role: string | null): StaffClient | null {
  if (role === 'admin') return 'ADMIN';
  if (role === 'support') return 'SUPPORT';
  return null;
}

/**
 * A staff-area token for the storefront token `webToken`, asked for with `exchange` when none is
 * held or it is about to expire; null when the account is not staff (the API answers 403 then).
 */
export async function staffToken(
  webToken: string,
  exchange: (client: StaffClient) => Promise<{ token: string; expiresIn: number }>,
  now = Date.now(),
): Promise<string | null> {
  if (
    cached &&
    cached.askedWith === webToken &&
    cached.expiresAt - TOKEN_REFRESH_LEAD_S * 1000 > now
  ) {
    return cached.token;
  }
  const client = staffClientOf(roleOfToken(webToken));
  if (!client) return null;
  asking ??= exchange(client)
    .then(({ token, expiresIn }) => {
      cached = { token, expiresAt: now + expiresIn * 1000, askedWith: webToken };
      return token;
    })
    .catch((error: unknown) => {
      const code = codeOf(error);
      if (code) requireStaffSignIn(code);
      throw error;
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/**
 * Keeps a staff token the staff sign-in got with a code (or a confirmed enrolment), asked for with
 * the storefront token `askedWith`: later staff calls use it until it nears its expiry.
 */
export function holdStaffToken(
  token: string,
  expiresIn: number,
  askedWith: string,
  now = Date.now(),
) {
  cached = { token, expiresAt: now + expiresIn * 1000, askedWith };
}

/** Forgets the held token: the next staff call asks for a new one. */
export function dropStaffToken() {
  cached = null;
}

// --- The staff sign-in ended: the staff area asks for a code again --------------------------

/**
 * Why the staff area needs its sign-in again: STAFF_SIGN_IN_REQUIRED (idle too long, or too old:
 * enter a code) or STAFF_FACTOR_REQUIRED (two-step verification is not set up).
 */
export type StaffSignInReason = 'STAFF_SIGN_IN_REQUIRED' | 'STAFF_FACTOR_REQUIRED';
type StaffSignInListener = (reason: StaffSignInReason) => void;
const staffSignInListeners = new Set<StaffSignInListener>();

export const isStaffSignInReason = (code: unknown): code is StaffSignInReason =>
  code === 'STAFF_SIGN_IN_REQUIRED' || code === 'STAFF_FACTOR_REQUIRED';

/** The error code of a failed exchange when it says the staff sign-in is needed. */
function codeOf(error: unknown): StaffSignInReason | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : 0;
  return isStaffSignInReason(code) ? code : null;
}

/** Hears when the staff sign-in must be done again. Returns unsubscribe. */
export function onStaffSignInRequired(listener: StaffSignInListener): () => void {
  staffSignInListeners.add(listener);
  return () => staffSignInListeners.delete(listener);
}

/** The API refused the staff sign-in: the held token is dropped and the staff area is told. */
export function requireStaffSignIn(reason: StaffSignInReason) {
  cached = null;
  for (const listener of [...staffSignInListeners]) listener(reason);
}

/** Calls of the staff area's API (paths relative to the API base, as the client takes them). */
export const isStaffAreaCall = (url: string) => url.startsWith('/admin/');
