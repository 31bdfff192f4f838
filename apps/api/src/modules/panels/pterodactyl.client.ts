/**
 * The two calls of the Pterodactyl Client API (`/api/client`, authenticated with a user's client
 * API key) that server control needs, as the panel defines them:
 *
 * - `POST {panel}/api/client/servers/{identifier}/power` with `{"signal": "start"|"stop"|"restart"|"kill"}`:
 *   `204 No Content` once the panel handed the signal to Wings (which acts on it asynchronously).
 * - `GET {panel}/api/client/servers/{identifier}/resources`: `200` with
 *   `{"object": "stats", "attributes": {"current_state", "is_suspended", "resources": {memory_bytes,
 *   cpu_absolute, disk_bytes, network_rx_bytes, network_tx_bytes, uptime}}}`.
 *
 * Every request sends `Authorization: Bearer <key>`, `Accept: Application/vnd.pterodactyl.v1+json`
 * and `Content-Type: application/json`. Failures come back as
 * `{"errors": [{"code": "<exception class>", "status": "<http status>", "detail": "…"}]}`; a rate
 * limit as 429 with `Retry-After`. Each call is bounded by `AbortSignal.timeout`, body included.
 */

import { OutboundAddressError, type OutboundGuard } from '../../lib/outbound-guard';

export type PowerSignal = 'start' | 'stop' | 'restart' | 'kill';

export const POWER_SIGNALS: readonly PowerSignal[] = ['start', 'stop', 'restart', 'kill'];

export interface PanelTarget {
  /** The panel's base URL, such as https://panel.example.com (a trailing slash is ignored). */
  panelUrl: string;
  /** The server's identifier: the 8-character short form (or the full UUID). */
  identifier: string;
  /** The client API key (ptlc_…) of a panel user who may control the server. */
  apiKey: string;
}

export interface PterodactylStats {
  current_state: string;
  is_suspended: boolean;
  resources: Record<string, number>;
}

export interface PterodactylApiError {
  code: string;
  status: string;
  detail: string;
}

export type PanelFailureKind =
  /** No connection: refused, DNS, TLS, reset. */
  | 'unreachable'
  /** No complete answer within the time limit. */
  | 'timeout'
  /** 429: the panel's rate limit. */
  | 'busy'
  /** 404: no such server for this key. */
  | 'not_found'
  /** 401 or 403: the key is missing, wrong or revoked. */
  | 'unauthorized'
  /** 409: the server is suspended, installing, being transferred or restored. */
  | 'conflict'
  /** Any other error status, a redirect, or an answer that is not the documented shape. */
  | 'panel_error'
  /** The outbound guard refused the address (decision 040): not https, or not a public address. */
  | 'address_refused';

export class PanelRequestError extends Error {
  constructor(
    readonly kind: PanelFailureKind,
    message: string,
    readonly info: {
      /** HTTP status of the panel's answer, when there was one. */
      status?: number;
      /** The panel's `errors` array, when it sent one. */
      errors?: PterodactylApiError[];
      /** From Retry-After on a 429. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'PanelRequestError';
  }

  /** The first `detail` the panel sent, if any. */
  get panelDetail(): string | null {
    const detail = this.info.errors?.[0]?.detail;
    return detail ? detail : null;
  }
}

export const PTERODACTYL_ACCEPT = 'Application/vnd.pterodactyl.v1+json';
const DEFAULT_RETRY_AFTER_SECONDS = 30;
const MAX_RETRY_AFTER_SECONDS = 3600;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), within 1..3600. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return DEFAULT_RETRY_AFTER_SECONDS;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_SECONDS;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, seconds));
}

/** The panel URL as the client uses it: http(s) only, no trailing slash, no query or fragment. */
export function normalizePanelUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('The panel URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error('The panel URL must start with https:// (or http://)');
  }
  if (url.username || url.password) throw new Error('The panel URL must not contain a password');
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

function parseErrors(body: unknown): PterodactylApiError[] | undefined {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) {
    return undefined;
  }
  return (body.errors as unknown[])
    .filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object')
    .map((entry) => ({
      code: typeof entry.code === 'string' ? entry.code : '',
      status:
        typeof entry.status === 'string'
          ? entry.status
          : typeof entry.status === 'number'
            ? String(entry.status)
            : '',
      detail: typeof entry.detail === 'string' ? entry.detail.slice(0, 500) : '',
    }));
}

function parseStats(body: unknown): PterodactylStats | null {
  if (!body || typeof body !== 'object') return null;
  const { object, attributes } = body as { object?: unknown; attributes?: unknown };
  if (object !== 'stats' || !attributes || typeof attributes !== 'object') return null;
  const { current_state, is_suspended, resources } = attributes as Record<string, unknown>;
  if (typeof current_state !== 'string') return null;
  return {
    current_state,
    is_suspended: is_suspended === true,
    resources:
      resources && typeof resources === 'object'
        ? Object.fromEntries(
            Object.entries(resources).filter(
              (entry): entry is [string, number] => typeof entry[1] === 'number',
            ),
          )
        : {},
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Why the connection failed, from undici's `fetch failed` cause (ECONNREFUSED, ENOTFOUND, …). */
function connectionProblem(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown }) : null;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export interface PterodactylClientOptions {
  /** For tests; default: the guard's fetch, else the global fetch. */
  fetch?: typeof fetch;
  /**
   * The outbound address guard (decision 040): every call checks the URL and connects only to an
   * address it checked. Without one (unit tests of the client), calls go anywhere.
   */
  guard?: OutboundGuard;
}

export class PterodactylClient {
  private readonly fetchImpl: typeof fetch;

  constructor(options: PterodactylClientOptions = {}) {
    this.fetchImpl = options.fetch ?? options.guard?.fetch ?? fetch;
  }

  /** Sends a power signal; resolves on 204 (any 2xx), throws PanelRequestError otherwise. */
  async power(target: PanelTarget, signal: PowerSignal, timeoutMs: number): Promise<void> {
    await this.request(target, 'POST', 'power', { signal }, timeoutMs);
  }

  /** The server's live state and resource use. */
  async resources(target: PanelTarget, timeoutMs: number): Promise<PterodactylStats> {
    const { body } = await this.request(target, 'GET', 'resources', undefined, timeoutMs);
    const stats = parseStats(body);
    if (!stats) {
      throw new PanelRequestError(
        'panel_error',
        'The panel answered the resources call without the documented stats object',
        { status: 200 },
      );
    }
    return stats;
  }

  private async request(
    target: PanelTarget,
    method: 'GET' | 'POST',
    action: 'power' | 'resources',
    payload: unknown,
    timeoutMs: number,
  ): Promise<{ status: number; body: unknown }> {
    const url = `${target.panelUrl.replace(/\/+$/, '')}/api/client/servers/${encodeURIComponent(
      target.identifier,
    )}/${action}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: {
          Authorization: `Bearer ${target.apiKey}`,
          Accept: PTERODACTYL_ACCEPT,
          'Content-Type': 'application/json',
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        // A panel API does not redirect; following one could carry the key elsewhere.
        redirect: 'manual',
        signal,
      });
      // Read the body under the same deadline: a panel that sends headers and then stalls must not hang us.
      text = await response.text();
    } catch (error) {
      if (error instanceof OutboundAddressError) {
        throw new PanelRequestError('address_refused', error.message);
      }
      if (isTimeout(error) || signal.aborted) {
        throw new PanelRequestError('timeout', `No answer from the panel within ${timeoutMs} ms`);
      }
      throw new PanelRequestError(
        'unreachable',
        `Cannot connect to the panel at ${target.panelUrl}: ${connectionProblem(error)}`,
      );
    }

    const status = response.status;
    let body: unknown = null;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    if (status >= 200 && status < 300) return { status, body };

    const errors = parseErrors(body);
    const detail = errors?.[0]?.detail ? `: ${errors[0].detail}` : '';
    const info = { status, errors };
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location');
      throw new PanelRequestError(
        'panel_error',
        `The panel redirected (${status}${location ? ` to ${location}` : ''}); the panel URL may need https:// or another address`,
        info,
      );
    }
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      throw new PanelRequestError(
        'busy',
        `The panel's rate limit was reached (429); retry after ${retryAfterSeconds} s`,
        { ...info, retryAfterSeconds },
      );
    }
    if (status === 404) {
      throw new PanelRequestError(
        'not_found',
        `The panel has no server '${target.identifier}' for this API key (404)${detail}`,
        info,
      );
    }
    if (status === 401 || status === 403) {
      throw new PanelRequestError(
        'unauthorized',
        `The panel refused the client API key (${status})${detail}`,
        info,
      );
    }
    if (status === 409) {
      throw new PanelRequestError(
        'conflict',
        `The panel cannot act on the server in its current state (409)${detail}`,
        info,
      );
    }
    throw new PanelRequestError('panel_error', `The panel answered ${status}${detail}`, info);
  }
}
