import { randomBytes } from 'node:crypto';
import type { Role } from '@crimsonhost/shared/constants';
import type { Executor } from '../../db/client';
import * as repo from './auth.repository';
import { hashPassword } from './password';

export interface DemoAccount {
  email: string;
  displayName: string;
  role: Role;
}

/** One account of each role. The vendor is the catalog's first demo vendor. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@crimsonhost.demo', displayName: 'Demo Admin', role: 'admin' },
  { email: 'support@crimsonhost.demo', displayName: 'Demo Support', role: 'support' },
  { email: 'renter@crimsonhost.demo', displayName: 'Demo Renter', role: 'user' },
  { email: 'vendor.nordic@crimsonhost.demo', displayName: 'Nordic Frag Hosting', role: 'vendor' },
];

/** A readable random password: four groups of five letters and digits (about 100 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join('')).join('-');
}

/**
 * Creates the demo accounts that do not exist yet, or gives a password to one that exists without
 * (a vendor the catalog seed made). Answers the passwords it set, to be shown once.
 */
export async function seedDemoAccounts(
  db: Executor,
): Promise<Array<DemoAccount & { password: string }>> {
  const created: Array<DemoAccount & { password: string }> = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await repo.findUserByEmail(db, account.email);
    if (existing?.passwordHash) continue;
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    // Demo addresses receive no mail; they count as verified so the demo can deposit at once.
    const emailVerifiedAt = new Date();
    if (existing)
      await repo.updateUser(db, existing.id, { passwordHash, role: account.role, emailVerifiedAt });
    else
      await repo.insertUser(db, {
        ...account,
        passwordHash,
        authProvider: 'local',
        emailVerifiedAt,
      });
    created.push({ ...account, password });
  }
  return created;
}
