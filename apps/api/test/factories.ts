import { randomUUID } from 'node:crypto';
import type { Role } from '@crimsonhost/shared/constants';
import type { Executor } from '../src/db/client';
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
