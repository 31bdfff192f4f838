import { randomUUID } from 'node:crypto';
import type { Role } from '@crimsonhost/shared/constants';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../src/db/client';
import { insertUser, type UserRow } from '../src/modules/auth/auth.repository';
import { hashPassword } from '../src/modules/auth/password';

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export interface UserOverrides {
  email?: string;
  displayName?: string;
  role?: Role;
  password?: string | null;
  status?: 'active' | 'suspended' | 'banned';
  suspendedUntil?: Date | null;
  statusReason?: string | null;
  discordId?: string | null;
  authProvider?: 'local' | 'discord';
  /** Verified unless false: most tests are about an account whose owner proved the mailbox. */
  emailVerified?: boolean;
}

/** A user as the registration would make it, with overrides. */
export function buildUser(overrides: UserOverrides = {}) {
  const id = randomUUID().slice(0, 8);
  return {
    email: overrides.email ?? `renter-${id}@example.com`,
    displayName: overrides.displayName ?? `Renter ${id}`,
    role: overrides.role ?? 'user',
    password: overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password,
    status: overrides.status ?? 'active',
    suspendedUntil: overrides.suspendedUntil ?? null,
    statusReason: overrides.statusReason ?? null,
    discordId: overrides.discordId ?? null,
    authProvider: overrides.authProvider ?? 'local',
    emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
  };
}

export async function createUser(
  db: Executor,
  overrides: UserOverrides = {},
): Promise<UserRow & { password: string | null }> {
  const { password, ...user } = buildUser(overrides);
  const row = await insertUser(db, {
    ...user,
    passwordHash: password === null ? null : await hashPassword(password),
  });
  return { ...row, password };
}

/**
 * A user as a database at an earlier migration level holds one: only the columns every level
 * has, written in SQL (the schema's insert names today's columns, which such a level lacks).
 */
export async function createLegacyUser(
  db: Executor,
  overrides: Pick<UserOverrides, 'role' | 'displayName'> = {},
): Promise<{ id: string; email: string }> {
  const user = buildUser(overrides);
  const [row] = await queryRows<{ id: string; email: string }>(
    db,
    sql`insert into users (email, display_name, role, auth_provider, status, email_verified_at)
        values (${user.email}, ${user.displayName}, ${user.role}, 'local', 'active', now())
        returning id, email`,
  );
  return row!;
}
