import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Settings the staff area changes at run time (issue 15 point 6), one row per key: `commission`
 * (basis points) and `sla` (hours per priority). A missing row is written from the configuration's
 * value on first read, so a deployment keeps what its environment said until an admin saves.
 * Deposit settings stay in `deposit_settings` and `deposit_networks`.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every saved version of a kind of settings: append-only (a trigger refuses changes). */
export const settingsVersions = pgTable(
  'settings_versions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** deposits | commission | sla */
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    changedBy: uuid('changed_by').references(() => users.id),
    /** The name the admin had then, kept as the account may change. */
    changedByName: text('changed_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('settings_versions_kind_version_key').on(t.kind, t.version),
    index('settings_versions_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
