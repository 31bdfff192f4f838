// First: the bundler may run this module's chunk before main.tsx's own first import, and the
// schemas imported below must be created with zod's eval probe switched off (see that module).
import './zod-without-eval';
import { SLOW_REFRESH_WARN_MS } from '@crimsonhost/shared/constants';
import type { ErrorCode, ErrorEnvelope } from '@crimsonhost/shared/errors';
import { config } from './config';
import { csrfToken, fetchCsrfToken } from './csrf-token';
import { HttpFailure, createHttpClient, type HttpRequest, type HttpResponse } from './http-client';
import { readTokenAnswer, toStoredTokens } from './session-tokens';
import {
  dropStaffToken,
  isStaffAreaCall,
  isStaffSignInReason,
  requireStaffSignIn,
  staffToken,
  type StaffClient,
} from './staff-token';
import { clearStoredTokens, readStoredTokens, storeLastTokenRefresh, storeTokens } from './storage';

/** Codes the client itself gives to failures that never produced an API error envelope. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** Spec section 7: sign-in and profile calls give up after 8 seconds, a refresh after 5. */
export const LOGIN_TIMEOUT_MS = 8000;
export const PROFILE_TIMEOUT_MS = 8000;
export const REFRESH_TIMEOUT_MS = 5000;

/** Any failed API call: the API's error envelope, or a client-side failure with its own code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** Usually an ApiErrorCode; kept as a string so a newer server's code still comes through. */
    readonly code: ApiErrorCode | (string & {}),
    message: string,
    readonly details?: unknown,
    /** From the Retry-After header of a 429: how long until trying again may work. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function retryAfterSeconds(header: unknown): number | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const seconds = /^\d+$/.test(header)
    ? Number(header)
    : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The `error` of the API's envelope (`errorEnvelopeSchema` of the shared contracts), checked by
 * hand: the entry of the app does without zod's parser for it.
 */
export function readErrorEnvelope(body: unknown): ErrorEnvelope['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, details } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return details === undefined ? { code, message } : { code, message, details };
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!(error instanceof HttpFailure)) {
    return new ApiError(
      0,
      'UNEXPECTED_RESPONSE',
      'Something unexpected happened. Please try again.',
    );
  }
  const { response } = error;
  if (!response) {
    return error.kind === 'timeout'
      ? new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE)
      : new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const envelope = readErrorEnvelope(response.data);
  if (envelope) {
    const { code, message, details } = envelope;
    const retryAfter = retryAfterSeconds(response.headers['retry-after']);
    return new ApiError(response.status, code, message, details, retryAfter);
  }
  return new ApiError(
    response.status,
    'UNEXPECTED_RESPONSE',
    `The server answered with an unexpected error (HTTP ${response.status}). Please try again.`,
  );
}

// Which calls the general request rules of spec section 7 leave out.
interface Call {
  method?: string;
  path: string;
}
const matches = (request: HttpRequest, calls: Call[]) => {
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  const method = request.method.toLowerCase();
  return calls.some((call) => path.endsWith(call.path) && (!call.method || call.method === method));
};
/** No Bearer header: the calls that create a session. */
const WITHOUT_BEARER: Call[] = [
  { path: '/auth/login' },
  { path: '/auth/register' },
  { path: '/auth/refresh' },
];
/**
 * No retry after a refresh: refresh, login and the profile check (spec), logout (failures are
 * ignored), and the other calls whose 401 means wrong credentials, not an expired access token.
 */
const WITHOUT_REFRESH_RETRY: Call[] = [
  { path: '/auth/refresh' },
  { path: '/auth/login' },
  { method: 'get', path: '/auth/profile' },
  { path: '/auth/logout' },
  { path: '/auth/register' },
  { path: '/auth/recovery' },
  { path: '/auth/discord/callback' },
  { path: '/auth/discord/link' },
];
/**
 * 401 answers that judge a password the call carried (deleting the account asks for it), not the
 * access token: a refresh would not change them, and a retry would count as a second wrong try.
 */
const CREDENTIAL_REFUSALS = new Set(['INVALID_CREDENTIALS']);
const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Asks the API for a staff-area token of this sign-in (issue 14 point 13). */
async function exchangeForStaffToken(client: StaffClient) {
  const response = await apiClient.post<{ data: { access_token: string; expires_in: number } }>(
    '/auth/client-token',
    { client },
  );
  return { token: response.data.data.access_token, expiresIn: response.data.data.expires_in };
}

async function applyRequestRules(request: HttpRequest): Promise<HttpRequest> {
  const { headers } = request;
  if (!matches(request, WITHOUT_BEARER) && !headers.has('Authorization')) {
    const accessToken = readStoredTokens()?.accessToken;
    if (accessToken) {
      // The staff area's API takes only a token issued to the staff area.
      const staff = isStaffAreaCall(request.url)
        ? await staffToken(accessToken, exchangeForStaffToken)
        : null;
      headers.set('Authorization', `Bearer ${staff ?? accessToken}`);
      request.bearerFromStorage = true;
    }
  }
  if (UNSAFE_METHODS.has(request.method.toLowerCase())) {
    const token = await csrfToken();
    if (token) headers.set('X-CSRF-Token', token);
  }
  return request;
}

// --- The session's end, as the rest of the app hears of it ---------------------------------

export interface SessionEnd {
  /**
   * Why: REFRESH_FAILED, or ACCOUNT_SUSPENDED / ACCOUNT_BANNED (staff stopped the account while it
   * was signed in), with the message to show.
   */
  error: ApiError;
}
type SessionEndListener = (end: SessionEnd) => void;
const sessionEndListeners = new Set<SessionEndListener>();

/**
 * Called when a refresh failed for good, or a signed-in call found the account suspended or
 * banned: the tokens are already cleared. Returns unsubscribe.
 */
export function onSessionEnded(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

function endSession(error: ApiError): void {
  clearStoredTokens();
  dropStaffToken();
  for (const listener of [...sessionEndListeners]) listener({ error });
}

// --- Refresh: one at a time in this tab, and one at a time across tabs ----------------------

const REFRESH_FAILED_MESSAGE = 'Failed to refresh session';
/** Server answers to a refresh whose own message is worth showing as it is. */
const TELLING_REFRESH_CODES = new Set(['REFRESH_FAILED', 'ACCOUNT_SUSPENDED', 'ACCOUNT_BANNED']);
const REFRESH_LOCK_NAME = 'crimsonhost.token-refresh';

const refreshFailed = (message: string, status = 401, details?: unknown) =>
  new ApiError(status, 'REFRESH_FAILED', message, details);

/** A refresh the server refused (4xx, except a stale CSRF token) ends the session. */
function asRefreshFailure(error: ApiError): ApiError {
  if (error.code === 'REFRESH_FAILED') return error;
  if (error.status < 400 || error.status >= 500 || error.code === 'CSRF_FAILED') return error;
  const message = TELLING_REFRESH_CODES.has(error.code) ? error.message : REFRESH_FAILED_MESSAGE;
  return refreshFailed(message, error.status, error.details);
}

/**
 * Refresh tokens rotate and a reused one revokes the whole family, so two tabs must never present
 * the same one: the Web Locks API serialises refreshes across tabs where the browser has it.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK_NAME, task) : task();
}

async function postRefresh(refreshToken: string): Promise<string> {
  const started = performance.now();
  let body: unknown;
  let status: number;
  try {
    const response = await apiClient.post<unknown>(
      '/auth/refresh',
      { refresh_token: refreshToken },
      { timeout: REFRESH_TIMEOUT_MS },
    );
    body = response.data;
    status = response.status;
  } finally {
    const elapsed = Math.round(performance.now() - started);
    if (elapsed > SLOW_REFRESH_WARN_MS) {
      console.warn(`Token refresh took ${elapsed} ms (more than ${SLOW_REFRESH_WARN_MS} ms)`);
    }
  }
  const answer = readTokenAnswer(body);
  if (!answer.accessToken) throw refreshFailed('Refresh response missing access token', status);
  storeTokens(
    toStoredTokens(answer.accessToken, answer.refreshToken ?? refreshToken, answer.expiresIn),
  );
  storeLastTokenRefresh(Date.now());
  return answer.accessToken;
}

async function refreshOnce(): Promise<string> {
  const known = readStoredTokens()?.refreshToken ?? null;
  try {
    return await withRefreshLock(async () => {
      // Read again inside the lock: another tab may have rotated the token meanwhile.
      const current = readStoredTokens();
      if (!current?.refreshToken) throw refreshFailed('No refresh token available');
      if (current.refreshToken !== known) return current.accessToken;
      return postRefresh(current.refreshToken);
    });
  } catch (error) {
    const failure = asRefreshFailure(toApiError(error));
    if (failure.code === 'REFRESH_FAILED') endSession(failure);
    throw failure;
  }
}

let refreshing: Promise<string> | null = null;

/**
 * Rotates the tokens and resolves with the new access token. Concurrent callers share one
 * refresh. When the server refuses it, the tokens are cleared and onSessionEnded listeners hear
 * of it; a network failure leaves the session as it is.
 */
export function refreshSession(): Promise<string> {
  refreshing ??= refreshOnce().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// --- The client --------------------------------------------------------------------------------

/** Answers of a signed-in call whose account staff stopped: the session ends in this tab. */
const ACCOUNT_STOPPED_CODES = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_BANNED']);

async function recoverFromError(raw: unknown): Promise<HttpResponse<unknown>> {
  const error = toApiError(raw);
  const request = raw instanceof HttpFailure ? raw.request : undefined;
  if (!request) throw error;

  if (error.status === 403 && ACCOUNT_STOPPED_CODES.has(error.code)) {
    // Only once, for the call that carried this tab's session (not a sign-in attempt).
    if (request.bearerFromStorage && readStoredTokens()) endSession(error);
    throw error;
  }

  if (error.status === 403 && isStaffAreaCall(request.url) && isStaffSignInReason(error.code)) {
    // The staff sign-in went idle or reached its longest life: the staff area asks for a code.
    requireStaffSignIn(error.code);
    throw error;
  }

  if (error.status === 403 && error.code === 'CSRF_FAILED' && !request.csrfRetried) {
    request.csrfRetried = true;
    const token = await fetchCsrfToken();
    if (!token) throw error;
    request.headers.set('X-CSRF-Token', token);
    return apiClient.request(request);
  }

  if (
    error.status === 401 &&
    !request.refreshRetried &&
    !CREDENTIAL_REFUSALS.has(error.code) &&
    !matches(request, WITHOUT_REFRESH_RETRY)
  ) {
    request.refreshRetried = true;
    if (isStaffAreaCall(request.url) && request.bearerFromStorage) {
      // Ask for a new staff token with a storefront token that still works.
      dropStaffToken();
      request.headers.delete('Authorization');
      await refreshSession();
      return apiClient.request(request);
    }
    const stored = readStoredTokens()?.accessToken;
    // A refresh that finished while this request was out already gave a newer token.
    const accessToken =
      request.bearerFromStorage &&
      stored &&
      request.headers.get('Authorization') !== `Bearer ${stored}`
        ? stored
        : await refreshSession();
    if (request.bearerFromStorage) request.headers.set('Authorization', `Bearer ${accessToken}`);
    return apiClient.request(request);
  }
  throw error;
}

/** The one HTTP client of the app: every call goes to the API through it. */
export const apiClient = createHttpClient({
  baseUrl: config.apiBaseUrl,
  headers: { Accept: 'application/json' },
  onFailure: recoverFromError,
});

apiClient.interceptors.request.use(applyRequestRules);
