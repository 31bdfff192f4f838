import { config } from './config';
import { sendRequest } from './http-client';

const CSRF_FETCH_TIMEOUT_MS = 8000;

/** `data.csrfToken` of the answer (`dataEnvelope(csrfTokenSchema)`), checked by hand. */
function readCsrfAnswer(body: unknown): string {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : null;
  const token =
    typeof data === 'object' && data !== null ? (data as { csrfToken?: unknown }).csrfToken : null;
  if (typeof token !== 'string') throw new Error('The CSRF token answer has no data.csrfToken');
  return token;
}

/** A token fetched from the API; it is newer than the page's meta tag, so it wins over it. */
let fetched: string | null = null;
let fetching: Promise<string | null> | null = null;

function readMetaToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/**
 * Asks the API for a fresh token (GET /api/auth/csrf), once at a time. Null when it cannot be had:
 * the write then goes without one and the API answers CSRF_FAILED, which the caller reports.
 */
export function fetchCsrfToken(): Promise<string | null> {
  // Straight to the API, not through the client: its rules would ask for this very token.
  fetching ??= sendRequest(config.apiBaseUrl, {
    url: '/auth/csrf',
    method: 'get',
    timeout: CSRF_FETCH_TIMEOUT_MS,
    headers: new Headers({ Accept: 'application/json' }),
  })
    .then((response) => {
      fetched = readCsrfAnswer(response.data);
      return fetched;
    })
    .catch(() => null)
    .finally(() => {
      fetching = null;
    });
  return fetching;
}

/**
 * The token for X-CSRF-Token: the one fetched last, else the page's `<meta name="csrf-token">`,
 * else one fetched now. The meta tag is missing when the service worker served a cached shell.
 */
export async function csrfToken(): Promise<string | null> {
  return fetched ?? readMetaToken() ?? fetchCsrfToken();
}

/** Forgets the fetched token (tests, and nothing else). */
export function forgetCsrfToken(): void {
  fetched = null;
  fetching = null;
}
