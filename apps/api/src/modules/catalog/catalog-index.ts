import type { ServerFilters, ServerListQuery, ServerSort } from '@crimsonhost/shared/catalog';
import { parseUsdt } from '@crimsonhost/shared/money';

/**
 * The catalog's listed listings in memory, answering list pages (decision 062). Each listing has a
 * slot for the life of the index; what a page walk reads of it (its filter fields packed in one
 * integer, its price) sits in typed arrays by slot, and each sort order is an array of slots, so a
 * walk over thousands of listings touches a few hundred kilobytes instead of thousands of objects.
 * The card itself is JSON already, joined into the answer.
 */

/** One listed listing as the index takes it. */
export interface IndexedListing {
  id: string;
  gameId: string;
  regionCode: string;
  status: string;
  availability: string;
  /** 0 rentable now, 1 rented, 2 the rest: the availability sort and the Available filter. */
  availabilityRank: number;
  /** Micro-USDT, exact as a number (the caller checks). */
  price: number;
  performanceScore: number;
  popularity: number;
  /** Lower-cased name and description, as `q` searches them. */
  searchText: string;
  /** The server card as JSON. */
  card: string;
}

type Compare = (a: IndexedListing, b: IndexedListing) => number;
type SortKey = 'price' | 'performanceScore' | 'popularity' | 'availabilityRank';

const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The orders of `selectListingPage`'s SQL (uuids compare as their lower-case text). */
const ORDERS: Record<ServerSort, { compare: Compare; keys: SortKey[] }> = {
  price_asc: { compare: (a, b) => a.price - b.price || byId(a, b), keys: ['price'] },
  price_desc: { compare: (a, b) => b.price - a.price || byId(b, a), keys: ['price'] },
  performance: {
    compare: (a, b) => b.performanceScore - a.performanceScore || byId(a, b),
    keys: ['performanceScore'],
  },
  popularity: {
    compare: (a, b) => b.popularity - a.popularity || byId(a, b),
    keys: ['popularity'],
  },
  availability: {
    compare: (a, b) => a.availabilityRank - b.availabilityRank || a.price - b.price || byId(a, b),
    keys: ['availabilityRank', 'price'],
  },
};
const SORTS = Object.keys(ORDERS) as ServerSort[];

/** Past this many listings moving in one change, an order is sorted again instead of edited. */
const RESORT_AFTER = 256;
/** Search terms whose matches are kept. */
const SEARCH_MEMOS = 64;

// The packed filter fields of a slot: game 4 bits, status 2, availability 2, rank 2, region 12,
// and a bit set while the slot holds no listed listing (so it never matches).
const GAME = { shift: 0, bits: 4 };
const STATUS = { shift: 4, bits: 2 };
const AVAILABILITY = { shift: 6, bits: 2 };
const RANK = { shift: 8, bits: 2 };
const REGION = { shift: 10, bits: 12 };
const ABSENT = 1 << 30;
const fieldMask = (field: { shift: number; bits: number }) =>
  ((1 << field.bits) - 1) << field.shift;

/** Small integers for the values of one filter field, 1 upwards. */
class Codes {
  private readonly codes = new Map<string, number>();
  /** The value of each code, at code - 1. */
  readonly values: string[] = [];
  constructor(
    private readonly name: string,
    private readonly limit: number,
  ) {}

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      if (code > this.limit) throw new Error(`catalog index: more than ${this.limit} ${this.name}`);
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }

  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

interface Order {
  slots: Int32Array;
  length: number;
}

interface SearchMemo {
  matches: Uint8Array;
  slots: Int32Array;
}

interface Filter {
  mask: number;
  want: number;
  none: boolean;
  priced: boolean;
  min: number;
  max: number;
  memo: SearchMemo | null;
}

interface Change {
  slot: number;
  before: IndexedListing | undefined;
  after: IndexedListing | null;
}

function lowerBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class CatalogIndex {
  private readonly slotOf = new Map<string, number>();
  /** The listing in each slot; kept after it leaves the catalog (its key then says ABSENT). */
  private readonly listings: IndexedListing[] = [];
  private keys = new Int32Array(0);
  private prices = new Float64Array(0);
  private readonly orders = new Map<ServerSort, Order>(
    SORTS.map((sort) => [sort, { slots: new Int32Array(0), length: 0 }]),
  );
  /** The sorted prices of the listed listings of each packed key. */
  private readonly groups = new Map<number, number[]>();
  private readonly searches = new Map<string, SearchMemo>();
  private readonly games = new Codes('games', (1 << GAME.bits) - 1);
  private readonly statuses = new Codes('statuses', (1 << STATUS.bits) - 1);
  private readonly availabilities = new Codes('availabilities', (1 << AVAILABILITY.bits) - 1);
  private readonly regions = new Codes('regions', (1 << REGION.bits) - 1);

  /** The listed listings now in the index. */
  get size(): number {
    return this.orders.get('popularity')!.length;
  }

  /** Replaces everything with `listings`. */
  replaceAll(listings: IndexedListing[]): void {
    this.groups.clear();
    this.searches.clear();
    this.keys.fill(ABSENT);
    const present: number[] = [];
    for (const listing of listings) {
      const slot = this.slot(listing.id);
      this.place(slot, listing);
      present.push(slot);
    }
    for (const sort of SORTS) this.orders.set(sort, this.sorted(sort, present));
  }

  /**
   * Takes in changed listings: each id with its listing now, or null when it left the catalog.
   * Listings it does not hold that left are ignored; unchanged ones cost a comparison.
   */
  apply(updates: { id: string; listing: IndexedListing | null }[]): void {
    const changes: Change[] = [];
    for (const { id, listing } of updates) {
      const known = this.slotOf.get(id);
      const before =
        known !== undefined && (this.keys[known]! & ABSENT) === 0
          ? this.listings[known]
          : undefined;
      if (!before && !listing) continue;
      if (
        before &&
        listing &&
        before.card === listing.card &&
        before.searchText === listing.searchText
      ) {
        continue;
      }
      changes.push({ slot: known ?? this.slot(id), before, after: listing });
    }
    if (changes.length === 0) return;
    const resorted: ServerSort[] = [];
    const moving = new Map<ServerSort, Change[]>();
    for (const sort of SORTS) {
      const { compare, keys } = ORDERS[sort];
      const moves = changes.filter(
        ({ before, after }) => !before || !after || keys.some((key) => before[key] !== after[key]),
      );
      if (moves.length > RESORT_AFTER) {
        resorted.push(sort);
        continue;
      }
      const order = this.orders.get(sort)!;
      for (const { before } of moves) {
        if (before) this.removeAt(order, this.position(order, before, compare));
      }
      moving.set(sort, moves);
    }
    for (const { slot, before, after } of changes) {
      if (before) {
        const prices = this.groups.get(this.keys[slot]!)!;
        prices.splice(lowerBound(prices, before.price), 1);
        this.keys[slot] = this.keys[slot]! | ABSENT;
      }
      if (after) this.place(slot, after);
      // A new or changed text, or a listing back in the catalog, may match a remembered search.
      if (after && (!before || before.searchText !== after.searchText)) this.searches.clear();
    }
    for (const [sort, moves] of moving) {
      const order = this.orders.get(sort)!;
      for (const { slot, after } of moves) {
        if (after) this.insertAt(order, this.position(order, after, ORDERS[sort].compare), slot);
      }
    }
    if (resorted.length > 0) {
      const present: number[] = [];
      for (let slot = 0; slot < this.listings.length; slot++) {
        if ((this.keys[slot]! & ABSENT) === 0) present.push(slot);
      }
      for (const sort of resorted) this.orders.set(sort, this.sorted(sort, present));
    }
  }

  /** A list page as JSON, as `JSON.stringify(listServers(...))` writes it, with an exact total. */
  answer(query: ServerListQuery): string {
    const filter = this.filter(query);
    const cards: string[] = [];
    let total = 0;
    if (!filter.none) {
      const { keys, prices, listings } = this;
      const { mask, want, priced, min, max, memo } = filter;
      const offset = (query.page - 1) * query.pageSize;
      const order = this.orders.get(query.sort)!;
      const slots = order.slots;
      let skipped = 0;
      for (let i = 0; i < order.length && cards.length < query.pageSize; i++) {
        const slot = slots[i]!;
        if ((keys[slot]! & mask) !== want) continue;
        if (priced && (prices[slot]! < min || prices[slot]! > max)) continue;
        if (memo && memo.matches[slot] !== 1) continue;
        if (skipped < offset) skipped++;
        else cards.push(listings[slot]!.card);
      }
      this.count(filter, (_key, count) => (total += count));
    }
    const meta = { page: query.page, pageSize: query.pageSize, total, totalExact: true };
    return `{"data":[${cards.join(',')}],"meta":${JSON.stringify(meta)}}`;
  }

  /**
   * Listings under the filters by game or by region, leaving out that dimension's own filter (the
   * facets beside the list). Values with no listing are absent.
   */
  countBy(filters: ServerFilters, dimension: 'game' | 'region'): Map<string, number> {
    const field = dimension === 'game' ? GAME : REGION;
    const codes = dimension === 'game' ? this.games : this.regions;
    const counts = new Map<string, number>();
    const filter = this.filter(filters, dimension);
    if (filter.none) return counts;
    const mask = fieldMask(field);
    this.count(filter, (key, count) => {
      if (count === 0) return;
      const value = codes.values[((key & mask) >>> field.shift) - 1]!;
      counts.set(value, (counts.get(value) ?? 0) + count);
    });
    return counts;
  }

  /** The packed fields, prices and search a query asks for; `none` when a value is unknown. */
  private filter(query: ServerFilters, leaveOut?: 'game' | 'region'): Filter {
    let mask = ABSENT;
    let want = 0;
    let none = false;
    const match = (field: { shift: number; bits: number }, code: number | undefined) => {
      if (code === undefined) none = true;
      else {
        mask |= fieldMask(field);
        want |= code << field.shift;
      }
    };
    if (query.game !== undefined && leaveOut !== 'game') match(GAME, this.games.find(query.game));
    if (query.region !== undefined && leaveOut !== 'region') {
      match(REGION, this.regions.find(query.region));
    }
    if (query.status !== undefined) match(STATUS, this.statuses.find(query.status));
    if (query.availability === 'AVAILABLE') {
      mask |= fieldMask(RANK);
    } else if (query.availability !== undefined) {
      match(AVAILABILITY, this.availabilities.find(query.availability));
    }
    return {
      mask,
      want,
      none,
      priced: query.minPrice !== undefined || query.maxPrice !== undefined,
      min: query.minPrice === undefined ? -Infinity : Number(parseUsdt(query.minPrice)),
      max: query.maxPrice === undefined ? Infinity : Number(parseUsdt(query.maxPrice)),
      memo: query.q ? this.search(query.q.toLowerCase()) : null,
    };
  }

  /** Calls `add` with each packed key's listings under the filter (by group, or by search match). */
  private count(filter: Filter, add: (key: number, count: number) => void): void {
    const { mask, want, priced, min, max, memo } = filter;
    if (memo) {
      const { keys, prices } = this;
      for (const slot of memo.slots) {
        const key = keys[slot]!;
        if ((key & mask) !== want) continue;
        if (priced && (prices[slot]! < min || prices[slot]! > max)) continue;
        add(key, 1);
      }
      return;
    }
    for (const [key, groupPrices] of this.groups) {
      if ((key & mask) !== want) continue;
      add(
        key,
        priced ? upperBound(groupPrices, max) - lowerBound(groupPrices, min) : groupPrices.length,
      );
    }
  }

  private slot(id: string): number {
    let slot = this.slotOf.get(id);
    if (slot !== undefined) return slot;
    slot = this.listings.length;
    this.slotOf.set(id, slot);
    if (slot >= this.keys.length) {
      const capacity = Math.max(64, this.keys.length * 2);
      const keys = new Int32Array(capacity).fill(ABSENT);
      keys.set(this.keys);
      this.keys = keys;
      const prices = new Float64Array(capacity);
      prices.set(this.prices);
      this.prices = prices;
    }
    this.listings.push(undefined as unknown as IndexedListing);
    return slot;
  }

  /** Writes a listed listing into its slot and its group. */
  private place(slot: number, listing: IndexedListing): void {
    const key =
      (this.games.code(listing.gameId) << GAME.shift) |
      (this.statuses.code(listing.status) << STATUS.shift) |
      (this.availabilities.code(listing.availability) << AVAILABILITY.shift) |
      (listing.availabilityRank << RANK.shift) |
      (this.regions.code(listing.regionCode) << REGION.shift);
    this.listings[slot] = listing;
    this.keys[slot] = key;
    this.prices[slot] = listing.price;
    let prices = this.groups.get(key);
    if (!prices) this.groups.set(key, (prices = []));
    prices.splice(upperBound(prices, listing.price), 0, listing.price);
  }

  private sorted(sort: ServerSort, present: number[]): Order {
    const { compare } = ORDERS[sort];
    const listings = this.listings;
    const slots = Int32Array.from(present).sort((a, b) => compare(listings[a]!, listings[b]!));
    return { slots, length: slots.length };
  }

  /** Where `listing` stands (or would stand) in `order`, by binary search. */
  private position(order: Order, listing: IndexedListing, compare: Compare): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.listings[order.slots[mid]!]!, listing) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeAt(order: Order, at: number): void {
    order.slots.copyWithin(at, at + 1, order.length);
    order.length--;
  }

  private insertAt(order: Order, at: number, slot: number): void {
    if (order.length === order.slots.length) {
      const grown = new Int32Array(Math.max(64, order.slots.length * 2));
      grown.set(order.slots);
      order.slots = grown;
    }
    order.slots.copyWithin(at + 1, at, order.length);
    order.slots[at] = slot;
    order.length++;
  }

  /** The slots whose text holds `term`, kept until a text changes or a listing comes in. */
  private search(term: string): SearchMemo {
    let memo = this.searches.get(term);
    if (memo) {
      this.searches.delete(term);
      this.searches.set(term, memo);
      return memo;
    }
    const matches = new Uint8Array(this.listings.length);
    const slots: number[] = [];
    for (let slot = 0; slot < this.listings.length; slot++) {
      if ((this.keys[slot]! & ABSENT) === 0 && this.listings[slot]!.searchText.includes(term)) {
        matches[slot] = 1;
        slots.push(slot);
      }
    }
    memo = { matches, slots: Int32Array.from(slots) };
    this.searches.set(term, memo);
    if (this.searches.size > SEARCH_MEMOS) {
      const oldest = this.searches.keys().next().value;
      if (oldest !== undefined) this.searches.delete(oldest);
    }
    return memo;
  }
}
