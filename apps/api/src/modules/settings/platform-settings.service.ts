import type { TierRules } from '@crimsonhost/shared/benefits';
import type { TicketPriority } from '@crimsonhost/shared/support';
import type { Database, Executor } from '../../db/client';
import * as repo from './settings.repository';

/** The keys of `platform_settings` and the shape of each value. */
export interface PlatformSettingValues {
  commission: { basisPoints: number };
  sla: Record<TicketPriority, number>;
  /** Benefits tiers: each tier's threshold (USDT) and discount (basis points). */
  tiers: TierRules;
}
export type PlatformSettingKey = keyof PlatformSettingValues;

/** How long an instance keeps a value before reading it again: a save shows everywhere within it. */
export const SETTINGS_CACHE_MS = 2000;

/**
 * The current rental commission and SLA hours where they are used (issue 15 point 6). Values come
 * from the database, kept in this process at most `SETTINGS_CACHE_MS`, so every instance sees an
 * admin's save within two seconds. A key never saved is written from the configuration's value
 * (the environment variables) on first read, so an existing deployment keeps what it had.
 */
export class PlatformSettings {
  private readonly cache = new Map<PlatformSettingKey, { value: unknown; readAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly firstValues: PlatformSettingValues,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The stored row of a key, written from the first value when missing. Not cached. */
  async row<K extends PlatformSettingKey>(key: K, db: Executor = this.db) {
    const row =
      (await repo.readPlatformSetting(db, key)) ??
      (await repo.seedPlatformSetting(db, key, this.firstValues[key]));
    return { ...row, value: row.value as PlatformSettingValues[K] };
  }

  async current<K extends PlatformSettingKey>(
    key: K,
    db: Executor = this.db,
  ): Promise<PlatformSettingValues[K]> {
    const cached = this.cache.get(key);
    if (cached && this.clock() - cached.readAt < SETTINGS_CACHE_MS) {
      return cached.value as PlatformSettingValues[K];
    }
    const { value } = await this.row(key, db);
    this.cache.set(key, { value, readAt: this.clock() });
    return value;
  }

  /** The platform's share of a new rental's releases, in basis points. */
  async commissionBp(db: Executor = this.db): Promise<number> {
    return (await this.current('commission', db)).basisPoints;
  }

  /** Hours to a staff answer, by priority. */
  async slaHours(db: Executor = this.db): Promise<Record<TicketPriority, number>> {
    return this.current('sla', db);
  }

  /** Forgets what was read: after a save here, and in tests. */
  clearCache() {
    this.cache.clear();
  }
}
