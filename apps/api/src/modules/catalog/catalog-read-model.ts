import { performance } from 'node:perf_hooks';
import { asc, eq, sql } from 'drizzle-orm';
import type {
  GameFacet,
  RegionFacet,
  ServerFilters,
  ServerListQuery,
} from '@crimsonhost/shared/catalog';
import type { Game } from '@crimsonhost/shared/constants';
import type { Health } from '@crimsonhost/shared/health';
import { queryRows, type Executor } from '../../db/client';
import { games, regions, serverListings } from '../../db/schema/index';
import { CatalogIndex, type IndexedListing } from './catalog-index';
import { cardColumns, type ListingCardRow } from './catalog.repository';
import { inGameOrder, toCard } from './catalog.service';

/**
 * The catalog's list pages and facets answered from memory (decision 062). Each instance holds the
 * listed listings in a `CatalogIndex` and reads from PostgreSQL only what changed: rows whose
 * `change_xid` is at or past the oldest transaction still open at its last read (so a transaction
 * that commits late is never missed), and the whole catalog again when the epoch row moves (a
 * deleted listing, a changed region). PostgreSQL stays the truth: the model is at most
 * `freshnessMs` behind it, and with 0 every list first reads what changed since the request
 * arrived (one short query shared by the requests waiting for it).
 */

export interface CatalogReadModelOptions {
  /** How far behind PostgreSQL a list may be, in ms; 0 reads the changes before every list. */
  freshnessMs: number;
  onError?: (error: unknown) => void;
}

/** A card's columns plus what the index filters and searches by. */
type Row = ListingCardRow & {
  listed: boolean | null;
  availabilityRank: number | null;
  searchText: string | null;
};

export class CatalogReadModel {
  private readonly index = new CatalogIndex();
  private readonly words = new Map<string, string>();
  private games: Omit<GameFacet, 'listings'>[] = [];
  private regions: Omit<RegionFacet, 'listings'>[] = [];
  private loaded = false;
  private epoch = -1;
  /** pg_snapshot_xmin of the last read: rows stamped at or past it are read again. */
  private xmin = '0';
  /** When the last successful read started (performance.now()). */
  private readAt = -Infinity;
  private reading: { startedAt: number; done: Promise<void> } | null = null;
  private stopped = false;
  private lastReadAt: Date | null = null;
  private failedReads = 0;
  private lastFailure: { message: string; at: string } | null = null;

  constructor(
    private readonly db: Executor,
    private readonly options: CatalogReadModelOptions,
  ) {}

  /** The first load; lists answer from SQL until it is done. A failure is reported, not thrown. */
  load(): Promise<void> {
    return this.refresh().catch(() => undefined);
  }

  stop(): void {
    this.stopped = true;
  }

  /** What the health call reports of this instance's model. */
  state(): NonNullable<Health['catalog']> {
    return {
      source: this.loaded && !this.stopped ? 'memory' : 'sql',
      listings: this.index.size,
      lastReadAt: this.lastReadAt?.toISOString() ?? null,
      failedReads: this.failedReads,
      lastFailure: this.lastFailure,
    };
  }

  /**
   * The list answer as JSON, as `JSON.stringify(listServers(...))` would write it but with an
   * exact total; null while the first load runs or when reading the changes failed (the caller
   * then answers from SQL, which reports a database fault its own way).
   */
  async list(query: ServerListQuery): Promise<string | null> {
    return (await this.fresh()) ? this.index.answer(query) : null;
  }

  /** The games beside the list, each with its listings under the filters but the game's own. */
  async gameFacets(filters: ServerFilters): Promise<GameFacet[] | null> {
    if (!(await this.fresh())) return null;
    const counts = this.index.countBy(filters, 'game');
    return this.games.map((game) => ({ ...game, listings: counts.get(game.id) ?? 0 }));
  }

  /** The regions beside the list, each with its listings under the filters but the region's own. */
  async regionFacets(filters: ServerFilters): Promise<RegionFacet[] | null> {
    if (!(await this.fresh())) return null;
    const counts = this.index.countBy(filters, 'region');
    return this.regions.map((region) => ({ ...region, listings: counts.get(region.code) ?? 0 }));
  }

  /**
   * Whether the model may answer now: loaded, and read within `freshnessMs` (or read again since
   * the call arrived). False while the first load runs or when reading the changes failed.
   */
  private async fresh(): Promise<boolean> {
    if (this.stopped) return false;
    const arrivedAt = performance.now();
    const age = arrivedAt - this.readAt;
    if (!this.loaded || this.options.freshnessMs === 0 || age > this.options.freshnessMs) {
      if (!this.loaded) {
        if (!this.reading) void this.load();
        return false;
      }
      try {
        await this.readSince(arrivedAt);
      } catch {
        return false; // reported once by the read that failed
      }
    } else if (age > this.options.freshnessMs / 2 && !this.reading) {
      // Read ahead while the model is still fresh enough, so a steady load never waits.
      void this.refresh().catch(() => undefined);
    }
    return true;
  }

  /** Resolves once a read that started at or after `since` is done. */
  private async readSince(since: number): Promise<void> {
    for (;;) {
      const reading = this.reading;
      if (!reading) return this.refresh();
      if (reading.startedAt >= since) return reading.done;
      await reading.done.catch(() => undefined);
    }
  }

  /**
   * One read of what changed (or of everything, the first time and after the epoch moved); a
   * failure is counted and reported once, however many lists were waiting for it.
   */
  private refresh(): Promise<void> {
    if (this.reading) return this.reading.done;
    const startedAt = performance.now();
    const done = this.read().then(
      () => {
        this.readAt = startedAt;
        this.lastReadAt = new Date();
        this.reading = null;
      },
      (error: unknown) => {
        this.reading = null;
        this.failedReads += 1;
        const message = error instanceof Error ? error.message : String(error);
        this.lastFailure = { message, at: new Date().toISOString() };
        this.options.onError?.(error);
        throw error;
      },
    );
    this.reading = { startedAt, done };
    return done;
  }

  private async read(): Promise<void> {
    // The snapshot's xmin first: any transaction not visible to the row query below was still
    // open then, so its xid is at or past this xmin and the next read asks for its rows.
    const [mark] = await queryRows<{ xmin: string; epoch: string | number }>(
      this.db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
        (select epoch from catalog_epoch where id = 1) as epoch`,
    );
    if (!mark) throw new Error('catalog read model: no snapshot');
    const epoch = Number(mark.epoch ?? 0);
    const full = !this.loaded || epoch !== this.epoch;
    const rows = await this.db
      .select({
        ...cardColumns,
        listed: serverListings.listed,
        availabilityRank: serverListings.availabilityRank,
        searchText: serverListings.searchText,
      })
      .from(serverListings)
      .innerJoin(regions, eq(regions.code, serverListings.regionCode))
      .where(
        full
          ? eq(serverListings.listed, true)
          : sql`${serverListings.changeXid} >= ${this.xmin}::xid8`,
      );
    if (full) {
      // The facets' games (the product's order) and regions (by name, in the database's order).
      const [gameRows, regionRows] = await Promise.all([
        this.db
          .select({ id: games.id, name: games.name, defaultPort: games.defaultPort })
          .from(games),
        this.db
          .select({ code: regions.code, name: regions.name, country: regions.country })
          .from(regions)
          .orderBy(asc(regions.name)),
      ]);
      this.games = inGameOrder(gameRows.map((game) => ({ ...game, id: game.id as Game })));
      this.regions = regionRows;
      this.replaceAll(rows);
    } else if (rows.length > 0) this.apply(rows);
    this.xmin = mark.xmin;
    this.epoch = epoch;
    this.loaded = true;
  }

  private toListing(row: Row): IndexedListing | null {
    if (!row.listed) return null;
    const price = Number(row.priceMicro);
    if (!Number.isSafeInteger(price)) throw new Error(`listing ${row.id}: price out of range`);
    return {
      id: row.id,
      gameId: this.shared(row.gameId),
      regionCode: this.shared(row.regionCode),
      status: this.shared(row.status),
      availability: this.shared(row.availability),
      availabilityRank: row.availabilityRank ?? 2,
      price,
      performanceScore: row.performanceScore,
      popularity: row.popularity,
      searchText: row.searchText ?? '',
      card: JSON.stringify(toCard(row)),
    };
  }

  /** One string per value of the few-valued fields, instead of one per listing. */
  private shared(value: string): string {
    let kept = this.words.get(value);
    if (kept === undefined) this.words.set(value, (kept = value));
    return kept;
  }

  private replaceAll(rows: Row[]): void {
    const listings: IndexedListing[] = [];
    for (const row of rows) {
      const listing = this.toListing(row);
      if (listing) listings.push(listing);
    }
    this.index.replaceAll(listings);
  }

  private apply(rows: Row[]): void {
    this.index.apply(rows.map((row) => ({ id: row.id, listing: this.toListing(row) })));
  }
}
