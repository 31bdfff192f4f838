import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  listingPanels,
  panelEvents,
  panelPowerActions,
  panelStates,
} from '../../db/schema/rentals';
import { AppError } from '../../lib/errors';
import { OutboundAddressError, type OutboundGuard } from '../../lib/outbound-guard';
import { decryptPanelKey, encryptPanelKey, PanelKeyError } from './panel-crypto';
import {
  normalizePanelUrl,
  PanelRequestError,
  PterodactylClient,
  type PanelFailureKind,
  type PanelTarget,
  type PterodactylStats,
} from './pterodactyl.client';

/**
 * What the panel reported; `unknown` only while a first read is still under way when a page of
 * rentals has waited as long as it may (`runStates`).
 */
export type RunState = 'starting' | 'running' | 'stopping' | 'stopped' | 'error' | 'unknown';

export interface RunStateView {
  state: RunState;
  /** ISO time the state was read from the panel. */
  checkedAt: string;
  /** Whole seconds since then. */
  ageSeconds: number;
  /** Why the state is 'error', in words a renter understands; null otherwise. */
  detail: string | null;
}

export type RenterPowerSignal = 'start' | 'stop' | 'restart';

/** What a power call knows beyond the listing: kept with the power action it records. */
export interface PowerContext {
  /** The rental the signal is sent for. */
  rentalId?: string;
}

export interface PanelControl {
  /**
   * Sends start/stop/restart; throws AppError with a clear message (PANEL_UNREACHABLE 502,
   * PANEL_TIMEOUT 504, PANEL_BUSY 429 with Retry-After, PANEL_ERROR 502, PANEL_NOT_LINKED 422).
   * Never hangs: bounded timeout. Each signal sent is recorded with its outcome.
   */
  power(listingId: string, signal: RenterPowerSignal, context?: PowerContext): Promise<void>;
  /**
   * The run state, from panel_states when younger than the cache age, else read from the panel
   * and stored; null when the listing has no panel. A panel failure gives state 'error' with a
   * detail, not a throw.
   */
  runState(listingId: string): Promise<RunStateView | null>;
  /** The run states of many listings at once, for a page of rentals (see the class). */
  runStates(listingIds: readonly string[]): Promise<Map<string, RunStateView | null>>;
}

export interface PanelServiceOptions {
  /** Bound of one power call, connection to last byte. Default 8 s. */
  powerTimeoutMs?: number;
  /** Bound of one state read. Default 4 s. */
  stateTimeoutMs?: number;
  /** How long a stored run state is served without asking the panel. Default 10 s. */
  cacheMs?: number;
  /** How long a page of rentals waits for panels being read before it answers. Default 1.5 s. */
  pageWaitMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  client?: PterodactylClient;
  /**
   * The outbound address guard (decision 040): a link is checked when it is saved, and every
   * call connects only to an address the guard checked. Without one (the panel module's own
   * tests), links and calls go anywhere.
   */
  guard?: OutboundGuard;
}

/** A listing's panel link without its key: what a route may show. */
export interface PanelLinkView {
  panelUrl: string;
  serverIdentifier: string;
  /** The demo's local panel rather than a vendor's real one. */
  demo: boolean;
}

export interface PanelLinkInput {
  panelUrl: string;
  serverIdentifier: string;
  /** The vendor's client API key, in plain text; stored encrypted. */
  apiKey: string;
  demo?: boolean;
}

export interface PanelEventView {
  kind: string;
  message: string;
  createdAt: string;
}

const SIGNALS: readonly RenterPowerSignal[] = ['start', 'stop', 'restart'];
const PAST: Record<RenterPowerSignal, string> = {
  start: 'started',
  stop: 'stopped',
  restart: 'restarted',
};
/** Pterodactyl's short identifier (8 hex) or the full server UUID. */
const IDENTIFIER = /^[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;

type LinkRow = typeof listingPanels.$inferSelect;
type Failure = { kind: PanelFailureKind | 'key_unreadable'; technical: string; error: unknown };

/** '1 second', '8 seconds': a time limit inside a sentence. */
function seconds(ms: number): string {
  const whole = Math.max(1, Math.round(ms / 1000));
  return `${whole} second${whole === 1 ? '' : 's'}`;
}

/**
 * How long `starting` may last before the renter is told the server may be stuck. Wings keeps a
 * server in `starting` until the game prints the line its egg waits for; a game that never does
 * stays there for good (pterodactyl/panel#899, pterodactyl-installer/pterodactyl-installer#185).
 */
export const STUCK_STARTING_SECONDS = 10 * 60;
const STUCK_WORDS = 'it may be stuck';

/** `starting` with how long, from the panel's uptime (Wings counts it from the container's start). */
function startingDetail(uptimeMs: number | undefined): string | null {
  const seconds = Math.floor((uptimeMs ?? 0) / 1000);
  if (seconds < 60) return null;
  const minutes = `Starting for ${Math.floor(seconds / 60)} min`;
  if (seconds < STUCK_STARTING_SECONDS) return `${minutes}.`;
  return `${minutes}, longer than a game server takes: ${STUCK_WORDS}. Restart it; if it stays like this, the vendor has been told.`;
}

/** Pterodactyl's `current_state` (Wings' process state) as the storefront's run state. */
export function runStateFromStats(stats: PterodactylStats): {
  state: RunState;
  detail: string | null;
} {
  if (stats.is_suspended) {
    return { state: 'error', detail: 'The server is suspended on its control panel.' };
  }
  switch (stats.current_state) {
    case 'offline':
    case 'stopped':
      return { state: 'stopped', detail: null };
    case 'starting':
      return { state: 'starting', detail: startingDetail(stats.resources.uptime) };
    case 'running':
      return { state: 'running', detail: null };
    case 'stopping':
      return { state: 'stopping', detail: null };
    default:
      return {
        state: 'error',
        detail: `The control panel reported a state this shop does not know ('${stats.current_state.slice(0, 40)}').`,
      };
  }
}

/**
 * Server control through a listing's Pterodactyl panel. The vendor's client API key is kept
 * encrypted in listing_panels and decrypted only for the call; failures are written to
 * panel_events for the vendor and turned into errors a renter can read.
 */
export class PanelService implements PanelControl {
  readonly client: PterodactylClient;
  private readonly guard: OutboundGuard | null;
  private readonly powerTimeoutMs: number;
  private readonly stateTimeoutMs: number;
  private readonly cacheMs: number;
  private readonly pageWaitMs: number;
  private readonly now: () => number;
  /** One panel read per listing at a time in this instance; callers in between share it. */
  private readonly reads = new Map<string, Promise<RunStateView>>();

  constructor(
    private readonly db: Database,
    private readonly secretKey: Uint8Array,
    private readonly log: FastifyBaseLogger,
    options: PanelServiceOptions = {},
  ) {
    if (secretKey.length !== 32) throw new Error('PanelService needs a 32-byte key');
    this.guard = options.guard ?? null;
    this.client = options.client ?? new PterodactylClient({ guard: options.guard });
    this.powerTimeoutMs = options.powerTimeoutMs ?? 8000;
    this.stateTimeoutMs = options.stateTimeoutMs ?? 4000;
    this.cacheMs = options.cacheMs ?? 10_000;
    this.pageWaitMs = options.pageWaitMs ?? 1500;
    this.now = options.now ?? Date.now;
  }

  /** Links a listing to a panel server (or replaces its link); the key is stored encrypted. */
  async link(listingId: string, input: PanelLinkInput): Promise<PanelLinkView> {
    const invalid = (field: string, message: string) =>
      new AppError('VALIDATION_ERROR', 400, `${field}: ${message}`, {
        fields: [{ field, message }],
      });
    let panelUrl: string;
    try {
      panelUrl = normalizePanelUrl(input.panelUrl);
    } catch (error) {
      throw invalid('panelUrl', (error as Error).message);
    }
    if (this.guard && !input.demo) {
      try {
        await this.guard.checkUrl(panelUrl);
      } catch (error) {
        if (!(error instanceof OutboundAddressError)) throw error;
        throw new AppError('PANEL_ADDRESS_REFUSED', 422, error.message, {
          fields: [{ field: 'panelUrl', message: error.message }],
        });
      }
    }
    const serverIdentifier = input.serverIdentifier.trim();
    if (!IDENTIFIER.test(serverIdentifier)) {
      throw invalid(
        'serverIdentifier',
        'must be the server identifier from the panel (8 characters, such as 1a7ce997)',
      );
    }
    const apiKey = input.apiKey.trim();
    if (!/^\S{8,200}$/.test(apiKey)) {
      throw invalid(
        'apiKey',
        'must be a client API key from the panel (Account → API Credentials)',
      );
    }
    const row = {
      listingId,
      panelUrl,
      serverIdentifier,
      apiKeyEncrypted: encryptPanelKey(apiKey, this.secretKey),
      demo: input.demo ?? false,
      keyHint: apiKey.slice(-4),
      linkedAt: new Date(this.now()),
    };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(listingPanels)
        .values(row)
        .onConflictDoUpdate({
          target: listingPanels.listingId,
          set: {
            panelUrl: row.panelUrl,
            serverIdentifier: row.serverIdentifier,
            apiKeyEncrypted: row.apiKeyEncrypted,
            demo: row.demo,
            keyHint: row.keyHint,
            linkedAt: row.linkedAt,
            // A test of the previous link says nothing about this one.
            testedAt: null,
            testOutcome: null,
            testMessage: null,
          },
        });
      await tx.delete(panelStates).where(eq(panelStates.listingId, listingId));
    });
    return { panelUrl, serverIdentifier, demo: row.demo };
  }

  async unlink(listingId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(listingPanels).where(eq(listingPanels.listingId, listingId));
      await tx.delete(panelStates).where(eq(panelStates.listingId, listingId));
    });
  }

  /** The listing's panel link without the key; null when it has none. */
  async linkOf(listingId: string): Promise<PanelLinkView | null> {
    const row = await this.loadLink(listingId);
    return row
      ? { panelUrl: row.panelUrl, serverIdentifier: row.serverIdentifier, demo: row.demo }
      : null;
  }

  /** The latest panel failures of a listing, newest first, for its vendor. */
  async events(listingId: string, limit = 20): Promise<PanelEventView[]> {
    const rows = await this.db
      .select()
      .from(panelEvents)
      .where(eq(panelEvents.listingId, listingId))
      .orderBy(desc(panelEvents.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      kind: row.kind,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async power(
    listingId: string,
    signal: RenterPowerSignal,
    context: PowerContext = {},
  ): Promise<void> {
    if (!SIGNALS.includes(signal)) {
      throw new AppError('VALIDATION_ERROR', 400, 'signal: must be start, stop or restart', {
        fields: [{ field: 'signal', message: 'must be start, stop or restart' }],
      });
    }
    const link = await this.loadLink(listingId);
    if (!link) {
      throw new AppError(
        'PANEL_NOT_LINKED',
        422,
        'This server is not connected to a control panel, so it cannot be started or stopped from here. Ask the vendor to link it.',
      );
    }
    const started = this.now();
    try {
      await this.client.power(this.target(link), signal, this.powerTimeoutMs);
      this.log.info({ listingId, signal, demo: link.demo }, 'panel power signal sent');
      await this.recordPowerAction(listingId, signal, context, started, null);
    } catch (error) {
      const failure = this.describeFailure(error);
      this.log.warn(
        { listingId, signal, kind: failure.kind, ms: this.now() - started },
        `panel power ${signal} failed: ${failure.technical}`,
      );
      await this.recordEvent(listingId, failure.kind, `${signal}: ${failure.technical}`);
      await this.recordPowerAction(listingId, signal, context, started, failure.technical);
      throw this.powerError(failure, signal);
    } finally {
      // Whatever happened, the stored state is stale now: the next read asks the panel.
      await this.db
        .delete(panelStates)
        .where(eq(panelStates.listingId, listingId))
        .catch((error: unknown) =>
          this.log.warn({ err: error, listingId }, 'could not clear the cached run state'),
        );
    }
  }

  /**
   * The run states of a page of rentals' listings in two queries, whatever the page's size: the
   * links and the stored states of all of them. Stale states are read from their panels side by
   * side, and the page waits for those reads at most `pageWaitMs`: a panel slower than that is
   * answered with its last stored state (its age says how old), or `unknown` if it was never
   * read, and its read carries on for the next refresh. Listings without a panel answer null.
   */
  async runStates(listingIds: readonly string[]): Promise<Map<string, RunStateView | null>> {
    const answer = new Map<string, RunStateView | null>();
    const ids = [...new Set(listingIds)];
    if (ids.length === 0) return answer;
    const [links, stored] = await Promise.all([
      this.db.select().from(listingPanels).where(inArray(listingPanels.listingId, ids)),
      this.db.select().from(panelStates).where(inArray(panelStates.listingId, ids)),
    ]);
    const linkOf = new Map(links.map((link) => [link.listingId, link]));
    const storedOf = new Map(stored.map((row) => [row.listingId, row]));
    const now = this.now();
    const reads: Promise<void>[] = [];
    for (const id of ids) {
      const link = linkOf.get(id);
      const row = storedOf.get(id);
      if (!link) answer.set(id, null);
      else if (row && now - row.checkedAt.getTime() < this.cacheMs)
        answer.set(id, this.viewOf(row));
      else {
        answer.set(
          id,
          row
            ? this.viewOf(row)
            : {
                state: 'unknown',
                checkedAt: new Date(now).toISOString(),
                ageSeconds: 0,
                detail: 'The control panel has not answered yet.',
              },
        );
        reads.push(this.readOnce(link, row ?? null).then((view) => void answer.set(id, view)));
      }
    }
    if (reads.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(reads),
        new Promise((resolve) => (timer = setTimeout(resolve, this.pageWaitMs))),
      ]);
      clearTimeout(timer);
    }
    // A copy: reads that finish later must not change an answer already on its way.
    return new Map(answer);
  }

  private viewOf(row: typeof panelStates.$inferSelect): RunStateView {
    return {
      state: row.state as RunState,
      checkedAt: row.checkedAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((this.now() - row.checkedAt.getTime()) / 1000)),
      detail: row.detail,
    };
  }

  /** One read of a listing's panel at a time, however many requests ask for it meanwhile. */
  private readOnce(
    link: LinkRow,
    previous: { state: string; detail: string | null } | null,
  ): Promise<RunStateView> {
    const running = this.reads.get(link.listingId);
    if (running) return running;
    const read = this.readFromPanel(link, previous).finally(() =>
      this.reads.delete(link.listingId),
    );
    this.reads.set(link.listingId, read);
    return read;
  }

  async runState(listingId: string): Promise<RunStateView | null> {
    const link = await this.loadLink(listingId);
    if (!link) return null;
    const [cached] = await this.db
      .select()
      .from(panelStates)
      .where(eq(panelStates.listingId, listingId));
    if (cached && this.now() - cached.checkedAt.getTime() < this.cacheMs)
      return this.viewOf(cached);
    return this.readOnce(link, cached ?? null);
  }

  private async readFromPanel(
    link: LinkRow,
    previous: { state: string; detail: string | null } | null,
  ): Promise<RunStateView> {
    let result: { state: RunState; detail: string | null };
    let failure: Failure | null = null;
    try {
      const stats = await this.client.resources(this.target(link), this.stateTimeoutMs);
      result = runStateFromStats(stats);
    } catch (error) {
      failure = this.describeFailure(error);
      result = { state: 'error', detail: this.stateDetail(failure) };
    }
    // Tell the vendor when the server goes into error, or the reason changes; not on every read.
    const changed = previous?.state !== 'error' || previous.detail !== result.detail;
    if (result.state === 'error' && changed) {
      const kind = failure?.kind ?? 'state_error';
      const message = `state: ${failure?.technical ?? result.detail}`;
      this.log.warn({ listingId: link.listingId, kind }, `panel state read: ${message}`);
      await this.recordEvent(link.listingId, kind, message);
    }
    const stuck = (view: { state: string; detail: string | null } | null) =>
      view?.state === 'starting' && !!view.detail?.includes(STUCK_WORDS);
    if (stuck(result) && !stuck(previous)) {
      this.log.warn({ listingId: link.listingId }, `panel state read: ${result.detail}`);
      await this.recordEvent(link.listingId, 'stuck_starting', `state: ${result.detail}`);
    }
    const checkedAt = new Date(this.now());
    await this.recordStateChange(link.listingId, result, checkedAt);
    await this.db
      .insert(panelStates)
      .values({ listingId: link.listingId, ...result, checkedAt })
      .onConflictDoUpdate({
        target: panelStates.listingId,
        set: { state: result.state, detail: result.detail, checkedAt },
      });
    return { ...result, checkedAt: checkedAt.toISOString(), ageSeconds: 0 };
  }

  private async loadLink(listingId: string): Promise<LinkRow | null> {
    const [row] = await this.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listingId));
    return row ?? null;
  }

  private target(link: LinkRow): PanelTarget {
    return {
      panelUrl: link.panelUrl,
      identifier: link.serverIdentifier,
      apiKey: decryptPanelKey(link.apiKeyEncrypted, this.secretKey),
    };
  }

  private describeFailure(error: unknown): Failure {
    if (error instanceof PanelRequestError) {
      return { kind: error.kind, technical: error.message, error };
    }
    if (error instanceof PanelKeyError) {
      return {
        kind: 'key_unreadable',
        technical: `${error.message}; link the server again with its client API key`,
        error,
      };
    }
    throw error;
  }

  /**
   * Appends the state to the listing's run-state history when it differs from the last one kept
   * there (not panel_states, which a power call or a new link empties): one row per change, not
   * per read. Two instances reading the same change at once may both append it; the history
   * reads the same either way.
   */
  private async recordStateChange(
    listingId: string,
    result: { state: RunState; detail: string | null },
    at: Date,
  ) {
    await this.db.execute(sql`
      insert into panel_state_changes (listing_id, state, detail, changed_at)
      select ${listingId}, ${result.state}, ${result.detail}, ${at.toISOString()}::timestamptz
       where (select state from panel_state_changes
               where listing_id = ${listingId}
               order by changed_at desc, id desc
               limit 1) is distinct from ${result.state}`);
  }

  /**
   * A power signal as the evidence of a dispute reads it: when it was sent (by the clock the
   * service runs on), and whether the panel took it. Like a panel event, never fails the call.
   */
  private async recordPowerAction(
    listingId: string,
    signal: RenterPowerSignal,
    context: PowerContext,
    sentAtMs: number,
    failure: string | null,
  ) {
    try {
      await this.db.insert(panelPowerActions).values({
        listingId,
        rentalId: context.rentalId ?? null,
        signal,
        outcome: failure === null ? 'ok' : 'failed',
        message: failure?.slice(0, 1000) ?? null,
        sentAt: new Date(sentAtMs),
      });
    } catch (error) {
      this.log.error({ err: error, listingId, signal }, 'could not record a power action');
    }
  }

  private async recordEvent(listingId: string, kind: string, message: string) {
    try {
      await this.db
        .insert(panelEvents)
        .values({ listingId, kind, message: message.slice(0, 1000) });
    } catch (error) {
      this.log.error({ err: error, listingId, kind }, 'could not record a panel event');
    }
  }

  private powerError({ kind, error }: Failure, signal: RenterPowerSignal): AppError {
    const verb = PAST[signal];
    const notified = 'The vendor has been notified.';
    switch (kind) {
      case 'unreachable':
        return new AppError(
          'PANEL_UNREACHABLE',
          502,
          `The game server's control panel cannot be reached right now, so the server was not ${verb}. Try again in a few minutes. ${notified}`,
        );
      case 'timeout':
        return new AppError(
          'PANEL_TIMEOUT',
          504,
          `The game server's control panel did not answer within ${seconds(this.powerTimeoutMs)}, so it is not certain the server was ${verb}. Check its state in a moment before trying again. ${notified}`,
        );
      case 'busy': {
        const retryAfter =
          error instanceof PanelRequestError ? (error.info.retryAfterSeconds ?? 30) : 30;
        return new AppError(
          'PANEL_BUSY',
          429,
          `The game server's control panel is busy and did not take the request. Try again in ${retryAfter} seconds.`,
          { retryAfterSeconds: retryAfter },
          { 'Retry-After': String(retryAfter) },
        );
      }
      case 'not_found':
        return new AppError(
          'PANEL_ERROR',
          502,
          `The game server's control panel no longer knows this server, so it was not ${verb}. ${notified}`,
          { panelStatus: 404 },
        );
      case 'unauthorized':
        return new AppError(
          'PANEL_ERROR',
          502,
          `The game server's control panel refused the vendor's access key, so the server was not ${verb}. ${notified}`,
          { panelStatus: error instanceof PanelRequestError ? error.info.status : undefined },
        );
      case 'conflict': {
        const detail = error instanceof PanelRequestError ? error.panelDetail : null;
        return new AppError(
          'PANEL_ERROR',
          502,
          `The game server's control panel cannot do this right now${detail ? `: ${detail.slice(0, 200)}` : '.'} ${notified}`,
          { panelStatus: 409 },
        );
      }
      case 'key_unreadable':
        return new AppError(
          'PANEL_ERROR',
          502,
          `The vendor's control panel settings for this server cannot be read, so it was not ${verb}. ${notified}`,
        );
      case 'address_refused':
        return new AppError(
          'PANEL_ERROR',
          502,
          `The game server's control panel is at an address this shop does not call, so the server was not ${verb}. ${notified}`,
        );
      case 'panel_error': {
        const status = error instanceof PanelRequestError ? error.info.status : undefined;
        return new AppError(
          'PANEL_ERROR',
          502,
          `The game server's control panel reported an error${status ? ` (HTTP ${status})` : ''}, so the server was not ${verb}. Try again later. ${notified}`,
          { panelStatus: status },
        );
      }
    }
  }

  private stateDetail({ kind, error }: Failure): string {
    switch (kind) {
      case 'unreachable':
        return 'The control panel cannot be reached.';
      case 'timeout':
        return `The control panel did not answer within ${seconds(this.stateTimeoutMs)}.`;
      case 'busy':
        return 'The control panel is busy; the state will be read again shortly.';
      case 'not_found':
        return 'The control panel does not know this server.';
      case 'unauthorized':
        return "The control panel refused the vendor's access key.";
      case 'conflict': {
        const detail = error instanceof PanelRequestError ? error.panelDetail : null;
        return detail
          ? detail.slice(0, 200)
          : 'The control panel cannot report on this server now.';
      }
      case 'key_unreadable':
        return "The vendor's control panel settings for this server cannot be read.";
      case 'address_refused':
        return 'The control panel is at an address this shop does not call.';
      case 'panel_error': {
        const status = error instanceof PanelRequestError ? error.info.status : undefined;
        return `The control panel reported an error${status ? ` (HTTP ${status})` : ''}.`;
      }
    }
  }
}
