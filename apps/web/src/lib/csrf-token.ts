import axios from 'axios';
import { csrfTokenSchema } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { config } from './config';

const CSRF_FETCH_TIMEOUT_MS = 8000;
const csrfAnswerSchema = dataEnvelope(csrfTokenSchema);

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
  fetching ??= axios
    .get<unknown>(`${config.apiBaseUrl}/auth/csrf`, {
      timeout: CSRF_FETCH_TIMEOUT_MS,
      headers: { Accept: 'application/json' },
    })
    .then((response) => {
      fetched = csrfAnswerSchema.parse(response.data).data.csrfToken;
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
