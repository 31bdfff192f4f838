import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  depositNetworks,
  depositSettings,
  platformSettings,
  settingsVersions,
  users,
} from '../../db/schema';

/** Reads and writes of the run-time settings (issue 15 point 6) and their history. */

export type PlatformSettingRow = typeof platformSettings.$inferSelect;

export async function readPlatformSetting(db: Executor, key: string) {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row ?? null;
}

/** Writes the first value of a key unless one exists; answers the stored row either way. */
export async function seedPlatformSetting(db: Executor, key: string, value: unknown) {
  await db.insert(platformSettings).values({ key, value }).onConflictDoNothing();
  return (await readPlatformSetting(db, key))!;
}

/** Locks a key's row for a save. */
export async function lockPlatformSetting(db: Executor, key: string) {
  const [row] = await db
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .for('update');
  return row ?? null;
}

export async function updatePlatformSetting(
  db: Executor,
  key: string,
  values: { value: unknown; version: number; updatedBy: string },
) {
  await db
    .update(platformSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(platformSettings.key, key));
}

/** The deposit settings row and the network rows; `lock`: for a save. */
export async function readDepositRows(db: Executor, lock = false) {
  const query = db.select().from(depositSettings).where(eq(depositSettings.id, 1));
  const [settings] = lock ? await query.for('update') : await query;
  const networks = await db.select().from(depositNetworks).orderBy(depositNetworks.network);
  return { settings: settings!, networks };
}

export async function updateDepositSettings(
  db: Executor,
  values: {
    minAmount: bigint;
    maxAmount: bigint | null;
    defaultNetwork: string;
    version: number;
    updatedBy: string;
  },
) {
  await db
    .update(depositSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(depositSettings.id, 1));
}

export async function updateDepositNetwork(
  db: Executor,
  network: string,
  values: Pick<
    typeof depositNetworks.$inferInsert,
    'enabled' | 'feePercent' | 'confirmations' | 'processingTime' | 'color'
  >,
) {
  await db.update(depositNetworks).set(values).where(eq(depositNetworks.network, network));
}

export async function insertSettingsVersion(
  db: Executor,
  values: typeof settingsVersions.$inferInsert,
) {
  await db.insert(settingsVersions).values(values);
}

/** Display names of the accounts that saved settings last. */
export async function namesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listSettingsVersions(db: Executor, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(settingsVersions)
      .orderBy(desc(settingsVersions.createdAt), desc(settingsVersions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(settingsVersions),
  ]);
  return { rows, total: total?.total ?? 0 };
}
