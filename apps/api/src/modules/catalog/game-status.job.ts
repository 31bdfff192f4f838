import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { gameAllowedHosts, type Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../lib/jobs';
import {
  GAME_SERVER_WORDING,
  OutboundAddressError,
  OutboundGuard,
  type ResolvedAddress,
  type Resolver,
} from '../../lib/outbound-guard';
import { GameQueryClient, type GameAnswer } from './game-query.client';
import {
  claimDueChecks,
  recordAnswer,
  recordMiss,
  releaseCheck,
  type ClaimedCheck,
} from './game-status.repository';

export interface GameStatusSettings {
  /** How often each game server is asked. */
  intervalMs: number;
  /** How long one packet of a query may wait. */
  timeoutMs: number;
  /** Attempts per query. */
  attempts: number;
  /** Misses in a row after which an online server turns offline. */
  missThreshold: number;
  /** Queries in flight at once on this instance. */
  concurrency: number;
  /**
   * The address check before each query (decision 040): the host is resolved, refused if any of
   * its addresses is not public (unless it is an allowed host), and queried at the address checked.
   * Tests on loopback allow 127.0.0.1, as the demo does.
   */
  hostCheck: GameHostCheck;
}

export interface GameHostCheck {
  /** GAME_ALLOWED_HOSTS: `host` or `host:port` entries exempt from the check. */
  allowedHosts: readonly string[];
  /** How host names are resolved; default: the system's DNS. */
  resolver?: Resolver;
}

export function gameStatusSettings(config: Config): GameStatusSettings {
  return {
    intervalMs: config.GAME_STATUS_INTERVAL_MS,
    timeoutMs: config.GAME_STATUS_TIMEOUT_MS,
    attempts: config.GAME_STATUS_ATTEMPTS,
    missThreshold: config.GAME_STATUS_MISSES,
    concurrency: config.GAME_STATUS_CONCURRENCY,
    hostCheck: { allowedHosts: gameAllowedHosts(config) },
  };
}

/**
 * How a check records a query it did not send because the address check refused the host: this
 * prefix, then the check's own sentence, which the vendor reads as it is (`plainQueryError`).
 */
export const NOT_QUERIED = 'Not queried: ';

/** How often the job looks for game servers that are due; each server is due once per interval. */
export const GAME_STATUS_TICK_MS = 2000;
/** One run stops claiming after this long and leaves the rest to the next run. */
const RUN_BUDGET_MS = 20_000;

export interface CheckTally {
  answered: number;
  missed: number;
  skipped: number;
}

type Outcome = { answer: GameAnswer } | { error: string } | 'aborted';

/** A promise that settles when `signal` aborts, with one listener to remove when done. */
function whenAborted(signal: AbortSignal) {
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (signal.aborted) resolve('aborted');
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { aborted, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * Queries due game servers and stores what they answer. Any number of workers (one per API
 * instance) can run at once on one database: each claims its servers with a lease first, so a
 * server is queried by one worker at a time.
 */
export class GameStatusWorker {
  private readonly client: GameQueryClient;
  private readonly hosts: OutboundGuard;
  /** How long a claimed server stays ours: the slowest possible lookup and query, and a margin. */
  private readonly checkLeaseMs: number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly settings: GameStatusSettings,
    readonly holder = `${process.pid}-${randomUUID()}`,
  ) {
    this.client = new GameQueryClient({
      timeoutMs: settings.timeoutMs,
      attempts: settings.attempts,
    });
    // The host's lookup (bounded by one attempt's time), the slowest query, and a margin.
    this.checkLeaseMs = this.client.attemptMs + this.client.worstCaseMs + 10_000;
    this.hosts = new OutboundGuard({
      allowedHosts: settings.hostCheck.allowedHosts,
      resolver: settings.hostCheck.resolver,
      wording: GAME_SERVER_WORDING,
    });
  }

  /**
   * Checks due servers, up to `concurrency` at once, claiming more as others finish, until none
   * is due, the budget is spent, or `signal` aborts.
   */
  async checkDueServers(
    signal: AbortSignal = new AbortController().signal,
    budgetMs = RUN_BUDGET_MS,
  ): Promise<CheckTally> {
    const tally: CheckTally = { answered: 0, missed: 0, skipped: 0 };
    const deadline = Date.now() + budgetMs;
    const { concurrency } = this.settings;
    const inFlight = new Set<Promise<void>>();
    const failures: unknown[] = [];
    const { aborted, dispose } = whenAborted(signal);
    try {
      while (!signal.aborted && Date.now() < deadline && failures.length === 0) {
        const room = concurrency - inFlight.size;
        if (room > 0) {
          const claimed = await claimDueChecks(this.db, this.holder, room, this.checkLeaseMs);
          for (const check of claimed) {
            const work: Promise<void> = this.check(check, aborted, tally)
              .catch((error: unknown) => void failures.push(error))
              .finally(() => inFlight.delete(work));
            inFlight.add(work);
          }
          if (claimed.length < room) break;
        }
        await Promise.race(inFlight);
      }
    } finally {
      // Also when a claim failed: every claimed server gets its result written or its lease back.
      await Promise.allSettled(inFlight);
      dispose();
    }
    if (failures.length > 0) throw failures[0];
    if (tally.answered + tally.missed > 0) {
      this.log.debug({ ...tally, holder: this.holder }, 'game servers checked');
    }
    return tally;
  }

  /** The job that runs a worker on the scheduler's tick. */
  job(): JobDefinition {
    return {
      name: 'game-status',
      intervalMs: GAME_STATUS_TICK_MS,
      leaseMs: RUN_BUDGET_MS + this.checkLeaseMs,
      run: async (signal) => {
        await this.checkDueServers(signal);
      },
    };
  }

  private async check(check: ClaimedCheck, aborted: Promise<'aborted'>, tally: CheckTally) {
    const { intervalMs, missThreshold } = this.settings;
    if (check.status === 'maintenance') {
      // The vendor took it down on purpose: nothing to ask until it is back.
      await releaseCheck(this.db, check.listingId, this.holder, intervalMs);
      tally.skipped += 1;
      return;
    }
    const outcome = await Promise.race([this.ask(check), aborted]);
    if (outcome === 'aborted') {
      await releaseCheck(this.db, check.listingId, this.holder, 0);
      tally.skipped += 1;
    } else if ('answer' in outcome) {
      const { players, maxPlayers } = outcome.answer;
      const current = maxPlayers > 0 ? Math.min(players, maxPlayers) : players;
      await recordAnswer(
        this.db,
        check.listingId,
        this.holder,
        { current, max: maxPlayers },
        intervalMs,
      );
      tally.answered += 1;
    } else {
      await recordMiss(
        this.db,
        check.listingId,
        this.holder,
        outcome.error,
        missThreshold,
        intervalMs,
      );
      tally.missed += 1;
    }
  }

  /**
   * The address to send the query to, checked now: the vendor's DNS may answer differently than
   * at save (rebinding). One lookup per check, none for an IP address; the query then goes to the
   * checked address and does not resolve the name again.
   */
  private async checkedAddress(
    check: ClaimedCheck,
  ): Promise<{ address: string } | { error: string }> {
    const limitMs = this.client.attemptMs;
    let timer: NodeJS.Timeout | undefined;
    const tooLong = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new OutboundAddressError(
              'dns',
              `The name ${check.host} did not resolve within ${Number((limitMs / 1000).toFixed(1))} s.`,
            ),
          ),
        limitMs,
      );
    });
    let addresses: ResolvedAddress[];
    try {
      addresses = await Promise.race([
        this.hosts.resolve(check.host, String(check.queryPort)),
        tooLong,
      ]);
    } catch (error) {
      if (error instanceof OutboundAddressError) return { error: NOT_QUERIED + error.message };
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // Every address passed; the query's UDP socket is IPv4, so an IPv4 one when there is one.
    return { address: (addresses.find((entry) => entry.family === 4) ?? addresses[0]!).address };
  }

  private async ask(check: ClaimedCheck): Promise<Outcome> {
    try {
      const checked = await this.checkedAddress(check);
      if ('error' in checked) return checked;
      const answer = await this.client.query({
        protocol: check.protocol,
        host: check.host,
        address: checked.address,
        port: check.queryPort,
      });
      return { answer };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: message.split('\n')[0] ?? 'no answer' };
    }
  }
}
