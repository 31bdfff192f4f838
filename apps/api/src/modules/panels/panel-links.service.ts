import { and, count, desc, eq } from 'drizzle-orm';
import {
  PANEL_TEST_ANSWERED,
  type PanelError,
  type PanelLink,
  type PanelTest,
  type PanelTestOutcome,
} from '@crimsonhost/shared/vendor-panels';
import type { Database } from '../../db/client';
import { serverListings } from '../../db/schema/catalog';
import { listingPanels, panelEvents } from '../../db/schema/rentals';
import { decryptPanelKey, PanelKeyError } from './panel-crypto';
import {
  PanelRequestError,
  type PterodactylClient,
  type PterodactylStats,
} from './pterodactyl.client';

/** '5 s', '0.3 s': a time limit inside a sentence. */
function seconds(ms: number): string {
  return ms % 1000 === 0 || ms >= 10_000
    ? `${Math.round(ms / 1000)} s`
    : `${(ms / 1000).toFixed(1)} s`;
}

/** 536870912 → '512 MB', 2147483648 → '2.0 GB'. */
export function formatBytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (mb < 1024) return `${Math.round(mb)} MB`;
  return `${(mb / 1024).toFixed(1)} GB`;
}

function figures(stats: PterodactylStats): NonNullable<PanelTest['resources']> {
  const value = (name: string) => stats.resources[name] ?? 0;
  return {
    cpuPercent: Math.round(value('cpu_absolute') * 10) / 10,
    memoryBytes: value('memory_bytes'),
    diskBytes: value('disk_bytes'),
    uptimeSeconds: Math.floor(value('uptime') / 1000),
  };
}

/** What the panel said about the server, as an outcome and a sentence. */
export function describeStats(stats: PterodactylStats): {
  outcome: PanelTestOutcome;
  message: string;
} {
  if (stats.is_suspended) {
    return {
      outcome: 'suspended',
      message:
        'The panel answered, but the server is suspended there: renters cannot start it until it is unsuspended on the panel.',
    };
  }
  const use = figures(stats);
  switch (stats.current_state) {
    case 'running':
      return {
        outcome: 'running',
        message: `Connected. The server is running, using ${use.cpuPercent}% CPU and ${formatBytes(use.memoryBytes)} of memory.`,
      };
    case 'starting':
      return { outcome: 'starting', message: 'Connected. The server is starting.' };
    case 'stopping':
      return { outcome: 'stopping', message: 'Connected. The server is stopping.' };
    case 'offline':
    case 'stopped':
      return {
        outcome: 'offline',
        message: 'Connected. The server is offline; a renter can start it from their rental.',
      };
    default:
      return {
        outcome: 'panel_error',
        message: `The panel answered with a server state this shop does not know ('${stats.current_state.slice(0, 40)}').`,
      };
  }
}

/** Why the test failed, as an outcome and a sentence. */
export function describeTestFailure(
  error: unknown,
  identifier: string,
  timeoutMs: number,
): { outcome: PanelTestOutcome; message: string } {
  if (error instanceof PanelKeyError) {
    return {
      outcome: 'key_unreadable',
      message: 'The saved key can no longer be read. Save the link again with the key.',
    };
  }
  if (!(error instanceof PanelRequestError)) throw error;
  const status = error.info.status;
  switch (error.kind) {
    case 'unauthorized':
      return {
        outcome: 'refused_key',
        message: `The panel refused the key (${status ?? 401}). Check it is a client API key (Account → API Credentials) of a user who may use this server.`,
      };
    case 'not_found':
      return {
        outcome: 'no_server',
        message: `There is no server ${identifier} on that panel for this key. Check the server identifier.`,
      };
    case 'timeout':
      return {
        outcome: 'timeout',
        message: `The panel did not answer within ${seconds(timeoutMs)}.`,
      };
    case 'busy':
      return {
        outcome: 'busy',
        message: `The panel is busy (429). Try again in ${error.info.retryAfterSeconds ?? 30} seconds.`,
      };
    case 'unreachable':
      return {
        outcome: 'unreachable',
        message: `The panel cannot be reached (${error.message.replace(/^.*: /, '')}). Check the address and that the panel is up.`,
      };
    case 'address_refused':
      return { outcome: 'address_refused', message: error.message };
    case 'conflict':
      return {
        outcome: 'panel_error',
        message: `The panel answered 409: ${error.panelDetail ?? 'it cannot report on this server now'}.`,
      };
    case 'panel_error':
      return {
        outcome: 'panel_error',
        message:
          status === undefined || status === 200
            ? 'The panel answered, but not with the server’s resources. Check the address is the panel itself.'
            : status >= 300 && status < 400
              ? `The panel answered ${status}, a redirect. Check the address (https://, no path).`
              : `The panel answered ${status}.`,
      };
  }
}

/** A panel event as the vendor reads it. */
export function panelEventSummary(kind: string): string {
  switch (kind) {
    case 'timeout':
      return 'The panel did not answer in time.';
    case 'unreachable':
      return 'The panel could not be reached.';
    case 'busy':
      return 'The panel was busy (rate limit).';
    case 'not_found':
      return 'The panel did not know the server.';
    case 'unauthorized':
      return 'The panel refused the key.';
    case 'conflict':
      return 'The panel could not act on the server in its state.';
    case 'key_unreadable':
      return 'The saved key could not be read.';
    case 'address_refused':
      return 'The panel’s address was refused by the address guard.';
    case 'stuck_starting':
      return 'The server stayed in starting.';
    case 'state_error':
      return 'The panel reported the server in error.';
    default:
      return 'The panel answered with an error.';
  }
}

/**
 * A listing's panel link as its vendor manages it (decision 040): the link without its key, the
 * "Test connection" read of the server's resources with its result in plain words, and the panel
 * errors of the vendor's listings. Saving and removing a link stay with PanelService.
 */
export class PanelLinks {
  constructor(
    private readonly db: Database,
    private readonly secretKey: Uint8Array,
    private readonly client: PterodactylClient,
    private readonly testTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async view(listingId: string): Promise<PanelLink | null> {
    const [row] = await this.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listingId));
    if (!row) return null;
    return {
      url: row.panelUrl,
      serverIdentifier: row.serverIdentifier,
      keyHint: row.keyHint,
      demo: row.demo,
      linkedAt: row.linkedAt.toISOString(),
      lastTest:
        row.testedAt && row.testOutcome && row.testMessage
          ? {
              ok: isAnswer(row.testOutcome as PanelTestOutcome),
              outcome: row.testOutcome as PanelTestOutcome,
              message: row.testMessage,
              testedAt: row.testedAt.toISOString(),
            }
          : null,
    };
  }

  /** Reads the server's resources through the panel; null when the listing has no link. */
  async test(listingId: string): Promise<PanelTest | null> {
    const [row] = await this.db
      .select()
      .from(listingPanels)
      .where(eq(listingPanels.listingId, listingId));
    if (!row) return null;
    let result: { outcome: PanelTestOutcome; message: string };
    let resources: PanelTest['resources'] = null;
    try {
      const apiKey = decryptPanelKey(row.apiKeyEncrypted, this.secretKey);
      const stats = await this.client.resources(
        { panelUrl: row.panelUrl, identifier: row.serverIdentifier, apiKey },
        this.testTimeoutMs,
      );
      result = describeStats(stats);
      if (isAnswer(result.outcome)) resources = figures(stats);
    } catch (error) {
      result = describeTestFailure(error, row.serverIdentifier, this.testTimeoutMs);
    }
    const testedAt = new Date(this.now());
    // Only the link that was tested: a link saved again meanwhile keeps its own (empty) result.
    await this.db
      .update(listingPanels)
      .set({ testedAt, testOutcome: result.outcome, testMessage: result.message })
      .where(
        and(
          eq(listingPanels.listingId, listingId),
          eq(listingPanels.apiKeyEncrypted, row.apiKeyEncrypted),
        ),
      );
    return { ok: isAnswer(result.outcome), ...result, testedAt: testedAt.toISOString(), resources };
  }

  /** The panel errors of a vendor's listings, newest first. */
  async errorsOf(
    vendorId: string,
    { page, pageSize, listingId }: { page: number; pageSize: number; listingId?: string },
  ): Promise<{ items: PanelError[]; total: number }> {
    const where = and(
      eq(serverListings.vendorId, vendorId),
      listingId ? eq(panelEvents.listingId, listingId) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          id: panelEvents.id,
          listingId: panelEvents.listingId,
          listingName: serverListings.name,
          kind: panelEvents.kind,
          message: panelEvents.message,
          createdAt: panelEvents.createdAt,
        })
        .from(panelEvents)
        .innerJoin(serverListings, eq(serverListings.id, panelEvents.listingId))
        .where(where)
        .orderBy(desc(panelEvents.createdAt), desc(panelEvents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ total: count() })
        .from(panelEvents)
        .innerJoin(serverListings, eq(serverListings.id, panelEvents.listingId))
        .where(where),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        listingId: row.listingId,
        listingName: row.listingName,
        kind: row.kind,
        summary: panelEventSummary(row.kind),
        detail: row.message,
        at: row.createdAt.toISOString(),
      })),
      total: counted?.total ?? 0,
    };
  }
}

function isAnswer(outcome: PanelTestOutcome): boolean {
  return PANEL_TEST_ANSWERED.includes(outcome);
}
