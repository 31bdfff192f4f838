import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorldLog } from './log';

/**
 * A local stand-in for a Pterodactyl panel: a real HTTP server on loopback that answers the two
 * Client API endpoints server control uses, with the panel's documented shapes:
 *
 * - `POST /api/client/servers/{identifier}/power {"signal": start|stop|restart|kill}` → 204. The
 *   server's process then moves like Wings moves it: offline → starting → running after a short
 *   delay, running → stopping → offline, restart through both, kill straight to offline.
 * - `GET /api/client?page=&per_page=` → 200 `{object: 'list', data: [{object: 'server',
 *   attributes: {server_owner, identifier, uuid, name, status, is_suspended, is_installing, …}}],
 *   meta: {pagination}}`: the servers the key may use, 50 to a page by default as the panel pages
 *   them (a vendor's panel admin finds a server by name this way).
 * - `GET /api/client/servers/{identifier}/resources` → 200 `{object: 'stats', attributes:
 *   {current_state, is_suspended, resources: {memory_bytes, cpu_absolute, disk_bytes,
 *   network_rx_bytes, network_tx_bytes, uptime}}}`.
 * - Errors in the panel's shape `{errors: [{code, status, detail}]}`: 401 without a bearer key,
 *   403 for a key it does not know, 404 for a server the key does not own, 409
 *   (ServerStateConflictException) for power on a suspended or not-installed server and for
 *   resources of a not-installed one (a suspended one still reports, with is_suspended), 422 for a
 *   bad signal, 429 with Retry-After and 500/503 on demand.
 *
 * And the panel at its worst, as its users meet it:
 * - `failNext(502 | 504)`: the answer of the nginx proxy in front of the panel when PHP-FPM is
 *   down or slow, an HTML page with `text/html` and `Server: nginx`, not the panel's JSON
 *   (pterodactyl/panel#5123, pterodactyl-installer/pterodactyl-installer#330);
 * - `setLatency(ms)`: a panel that answers late or, longer than the client waits, not at all;
 * - `stickInStarting(identifier, { forMs })`: a server that Wings keeps in `starting` because the
 *   game never printed the line its egg waits for (pterodactyl/panel#899,
 *   pterodactyl-installer/pterodactyl-installer#185). Its `uptime` counts from the container's
 *   start, as Wings reports it, so `forMs` makes it one that has been starting that long.
 *
 * The offline demo links every demo listing to one of these; the tests drive one through its hooks
 * (latency, failures, server status) and read the requests it received.
 */

export type DemoProcessState = 'offline' | 'starting' | 'running' | 'stopping';
/** Pterodactyl's server `status` column: null once installed. */
export type DemoServerStatus = null | 'installing' | 'install_failed' | 'suspended';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

interface DemoServer {
  identifier: string;
  apiKey: string;
  name: string;
  state: DemoProcessState;
  status: DemoServerStatus;
  /** When the process (the container) came up: uptime counts from here, `starting` included. */
  upSince: number | null;
  timer: NodeJS.Timeout | null;
  /** What the timer will do when it fires. */
  next: (() => void) | null;
}

interface QueuedFailure {
  status: number;
  retryAfterSeconds: number;
}

export interface DemoPanelOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How long `starting` lasts before `running`. */
  startDelayMs?: number;
  /** How long `stopping` lasts before `offline`. */
  stopDelayMs?: number;
}

export interface DemoServerOptions {
  identifier: string;
  apiKey: string;
  /** The server's name in the panel (the listing's name in the demo). */
  name?: string;
  state?: DemoProcessState;
  status?: DemoServerStatus;
}

const NOT_FOUND_DETAIL = 'The requested resource could not be found on the server.';
const SUSPENDED_DETAIL =
  'This server is currently suspended and the functionality requested is unavailable.';
const NOT_INSTALLED_DETAIL =
  'This server has not yet completed its installation process, please try again later.';
const DAEMON_DETAIL =
  'Could not establish a connection to the machine running this server. Please try again.';

const errorBody = (code: string, status: number, detail: string, extra: object = {}) =>
  JSON.stringify({ errors: [{ code, status: String(status), detail, ...extra }] });

const SERVER_PATH = /^\/api\/client\/servers\/([^/]+)\/(power|resources)\/?$/;
const LIST_PATH = /^\/api\/client\/?$/;
/** The panel's page size for lists, and the most `per_page` may ask for. */
const LIST_PAGE = 50;
const LIST_PAGE_MAX = 100;

export class DemoPanel {
  readonly requests: RecordedRequest[] = [];
  private readonly servers = new Map<string, DemoServer>();
  private readonly keys = new Set<string>();
  private readonly failures: QueuedFailure[] = [];
  private readonly pending = new Set<NodeJS.Timeout>();
  private latencyMs = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly startDelayMs: number,
    private readonly stopDelayMs: number,
  ) {}

  static async start(options: DemoPanelOptions = {}): Promise<DemoPanel> {
    const host = options.host ?? '127.0.0.1';
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const panel = new DemoPanel(
      server,
      `http://${host}:${port}`,
      options.startDelayMs ?? 1500,
      options.stopDelayMs ?? 1000,
    );
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      panel.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      });
    });
    return panel;
  }

  /** A server the key owns. The key becomes one the panel accepts. */
  addServer({
    identifier,
    apiKey,
    name = identifier,
    state = 'offline',
    status = null,
  }: DemoServerOptions): void {
    this.keys.add(apiKey);
    this.servers.set(identifier, {
      identifier,
      apiKey,
      name,
      state,
      status,
      upSince: state === 'running' || state === 'starting' ? Date.now() : null,
      timer: null,
      next: null,
    });
  }

  /** A key the panel accepts, whether or not it owns servers. */
  addKey(apiKey: string): void {
    this.keys.add(apiKey);
  }

  serverState(identifier: string): { state: DemoProcessState; status: DemoServerStatus } {
    const server = this.mustGet(identifier);
    return { state: server.state, status: server.status };
  }

  setState(identifier: string, state: DemoProcessState): void {
    const server = this.mustGet(identifier);
    this.transition(server, state);
  }

  /** Suspended, installing, install failed, or null for a normal installed server. */
  setStatus(identifier: string, status: DemoServerStatus): void {
    this.mustGet(identifier).status = status;
  }

  /** Delays every answer by this much (0 to stop). */
  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  /** The next `times` requests answer with this status, before anything else is checked. */
  failNext(status: 429 | 500 | 502 | 503 | 504, { times = 1, retryAfterSeconds = 30 } = {}): void {
    for (let i = 0; i < times; i += 1) this.failures.push({ status, retryAfterSeconds });
  }

  /**
   * The server goes to `starting` and stays there until told otherwise; `forMs` back-dates its
   * start, as if it had been starting that long.
   */
  stickInStarting(identifier: string, { forMs = 0 }: { forMs?: number } = {}): void {
    const server = this.mustGet(identifier);
    this.transition(server, 'starting');
    server.upSince = Date.now() - forMs;
  }

  /** Forgets recorded requests, queued failures and latency. */
  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
    this.latencyMs = 0;
  }

  async close(): Promise<void> {
    for (const server of this.servers.values()) if (server.timer) clearTimeout(server.timer);
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private mustGet(identifier: string): DemoServer {
    const server = this.servers.get(identifier);
    if (!server) throw new Error(`the demo panel has no server ${identifier}`);
    return server;
  }

  private delay(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.pending.add(timer);
    });
  }

  private schedule(server: DemoServer, ms: number, next: () => void) {
    if (server.timer) clearTimeout(server.timer);
    server.next = next;
    server.timer = setTimeout(() => {
      server.timer = null;
      server.next = null;
      next();
    }, ms);
    server.timer.unref();
  }

  /**
   * Finishes every move under way now, as if its delay had passed: a test sees `starting`, then
   * calls this and sees `running`, however fast or slow the machine is.
   */
  settle(): void {
    for (let moved = true; moved;) {
      moved = false;
      for (const server of this.servers.values()) {
        const next = server.next;
        if (!next) continue;
        if (server.timer) clearTimeout(server.timer);
        server.timer = null;
        server.next = null;
        next();
        moved = true;
      }
    }
  }

  private transition(server: DemoServer, state: DemoProcessState) {
    if (server.timer) clearTimeout(server.timer);
    server.timer = null;
    server.next = null;
    const wasUp = server.state !== 'offline' && server.upSince !== null;
    server.state = state;
    if (state === 'offline') server.upSince = null;
    else if (!wasUp) server.upSince = Date.now();
  }

  private startProcess(server: DemoServer) {
    this.transition(server, 'starting');
    this.schedule(server, this.startDelayMs, () => this.transition(server, 'running'));
  }

  private stopProcess(server: DemoServer, then?: () => void) {
    this.transition(server, 'stopping');
    this.schedule(server, this.stopDelayMs, () => {
      this.transition(server, 'offline');
      then?.();
    });
  }

  private power(server: DemoServer, signal: string) {
    switch (signal) {
      case 'start':
        // Wings ignores a start for a process that is already up.
        if (server.state === 'offline' || server.state === 'stopping') this.startProcess(server);
        return;
      case 'stop':
        if (server.state === 'running' || server.state === 'starting') this.stopProcess(server);
        return;
      case 'restart':
        if (server.state === 'offline') this.startProcess(server);
        else this.stopProcess(server, () => this.startProcess(server));
        return;
      case 'kill':
        this.transition(server, 'offline');
        return;
    }
  }

  /** The key's servers as the Client API lists them, one page at a time. */
  private list(apiKey: string, query: URLSearchParams) {
    const owned = [...this.servers.values()].filter((server) => server.apiKey === apiKey);
    const perPage = Math.min(
      LIST_PAGE_MAX,
      Math.max(1, Number.parseInt(query.get('per_page') ?? '', 10) || LIST_PAGE),
    );
    const totalPages = Math.max(1, Math.ceil(owned.length / perPage));
    const page = Math.max(1, Number.parseInt(query.get('page') ?? '', 10) || 1);
    const data = owned.slice((page - 1) * perPage, page * perPage).map((server) => ({
      object: 'server',
      attributes: {
        server_owner: true,
        identifier: server.identifier,
        uuid: `${server.identifier}-0000-4000-8000-000000000000`,
        name: server.name,
        description: '',
        status: server.status,
        is_suspended: server.status === 'suspended',
        is_installing: server.status === 'installing',
        is_transferring: false,
      },
    }));
    return {
      object: 'list',
      data,
      meta: {
        pagination: {
          total: owned.length,
          count: data.length,
          per_page: perPage,
          current_page: page,
          total_pages: totalPages,
          links: {},
        },
      },
    };
  }

  private stats(server: DemoServer) {
    const up = server.state === 'running' || server.state === 'starting';
    const uptime = server.upSince && up ? Date.now() - server.upSince : 0;
    return {
      object: 'stats',
      attributes: {
        current_state: server.state,
        is_suspended: server.status === 'suspended',
        resources: {
          memory_bytes: up ? 1_610_612_736 : 0,
          cpu_absolute: server.state === 'running' ? 23.5 : up ? 88.1 : 0,
          disk_bytes: 4_294_967_296,
          network_rx_bytes: up ? 1_048_576 : 0,
          network_tx_bytes: up ? 2_097_152 : 0,
          uptime,
        },
      },
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '/').split('?')[0]!;
    const method = request.method ?? 'GET';
    this.requests.push({ method, path, headers: request.headers, body, at: Date.now() });

    await this.delay(this.latencyMs);
    if (response.destroyed) return;

    const send = (status: number, json?: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      });
      response.end(json);
    };

    const failure = this.failures.shift();
    if (failure?.status === 429) {
      return send(429, errorBody('TooManyRequestsHttpException', 429, 'Too Many Attempts.'), {
        'Retry-After': String(failure.retryAfterSeconds),
        'X-RateLimit-Limit': '720',
        'X-RateLimit-Remaining': '0',
      });
    }
    if (failure && (failure.status === 502 || failure.status === 504)) {
      // nginx's own error page: the request never reached the panel.
      const title = failure.status === 502 ? '502 Bad Gateway' : '504 Gateway Time-out';
      response.writeHead(failure.status, { 'Content-Type': 'text/html', Server: 'nginx' });
      response.end(
        `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
      );
      return;
    }
    if (failure) {
      return send(
        failure.status,
        errorBody('DaemonConnectionException', failure.status, DAEMON_DETAIL),
      );
    }

    const listing = LIST_PATH.test(path);
    const match = SERVER_PATH.exec(path);
    if (!match && !listing) {
      return send(404, errorBody('NotFoundHttpException', 404, NOT_FOUND_DETAIL));
    }
    const [, identifier, action] = (match ?? ['', '', 'list']) as [
      string,
      string,
      'power' | 'resources' | 'list',
    ];
    const allowed = action === 'power' ? 'POST' : 'GET';
    if (method !== allowed) {
      return send(
        405,
        errorBody(
          'MethodNotAllowedHttpException',
          405,
          `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allowed}.`,
        ),
        { Allow: allowed },
      );
    }

    const authorization = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!bearer) {
      return send(401, errorBody('AuthenticationException', 401, 'Unauthenticated.'), {
        'WWW-Authenticate': 'Bearer',
      });
    }
    if (!this.keys.has(bearer)) {
      return send(403, errorBody('AccessDeniedHttpException', 403, 'This action is unauthorized.'));
    }
    if (action === 'list') {
      const query = new URL(request.url ?? '/', 'http://panel').searchParams;
      return send(200, JSON.stringify(this.list(bearer, query)));
    }
    const server = this.servers.get(decodeURIComponent(identifier));
    if (!server || server.apiKey !== bearer) {
      return send(404, errorBody('NotFoundHttpException', 404, NOT_FOUND_DETAIL));
    }

    const notInstalled = server.status === 'installing' || server.status === 'install_failed';
    if (notInstalled || (server.status === 'suspended' && action === 'power')) {
      return send(
        409,
        errorBody(
          'ServerStateConflictException',
          409,
          notInstalled ? NOT_INSTALLED_DETAIL : SUSPENDED_DETAIL,
        ),
      );
    }

    if (action === 'resources') return send(200, JSON.stringify(this.stats(server)));

    let signal: unknown;
    try {
      signal = (JSON.parse(body) as { signal?: unknown }).signal;
    } catch {
      signal = undefined;
    }
    if (typeof signal !== 'string' || signal === '') {
      return send(
        422,
        errorBody('required', 422, 'The signal field is required.', {
          meta: { source_field: 'signal', rule: 'required' },
        }),
      );
    }
    if (!['start', 'stop', 'restart', 'kill'].includes(signal)) {
      return send(
        422,
        errorBody('in', 422, 'The selected signal is invalid.', {
          meta: { source_field: 'signal', rule: 'in' },
        }),
      );
    }
    this.power(server, signal);
    return send(204);
  }
}

/**
 * Runs a panel on loopback with the given servers, all stopped. A port that is taken is logged and
 * answered with null, so that the demo goes on without it: power control then reports the panel
 * unreachable.
 */
export async function startDemoPanel(
  log: WorldLog,
  options: DemoPanelOptions & { servers: DemoServerOptions[] },
): Promise<DemoPanel | null> {
  const { servers, ...panelOptions } = options;
  try {
    const panel = await DemoPanel.start(panelOptions);
    for (const server of servers) panel.addServer(server);
    log.info(
      { url: panel.url, servers: servers.length },
      'demo Pterodactyl panel answering on loopback',
    );
    return panel;
  } catch (error) {
    log.warn(
      { port: options.port, err: error },
      'the demo panel could not start; starting and stopping demo servers will report the panel unreachable',
    );
    return null;
  }
}
