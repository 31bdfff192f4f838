import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@crimsonhost/shared/auth';
import { AppError } from '../../lib/errors';
import { apiRoot } from '../../lib/package-paths';

/** argon2id with the OWASP-recommended minimum: 19 MiB, two passes, one lane. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

let commonPasswords: Set<string> | undefined;

/** The most common leaked passwords of at least the minimum length (SecLists, lower-cased). */
function common(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(path.join(apiRoot, 'src', 'modules', 'auth', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return commonPasswords;
}

/** Throws a 400 naming the field when a new password breaks the policy the user is shown. */
export function assertPasswordPolicy(password: string, field = 'password', email?: string) {
  const fail = (message: string) =>
    new AppError('WEAK_PASSWORD', 400, message, { fields: [{ field, message }] });
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw fail(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw fail(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  }
  const lowered = password.toLowerCase();
  if (common().has(lowered)) {
    throw fail('This password is one of the most common ones and easy to guess. Choose another.');
  }
  if (email && lowered.includes(email.toLowerCase().split('@')[0]!) && lowered.length < 16) {
    throw fail('Your password must not be built from your e-mail address');
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummy: Promise<string> | undefined;

/** A hash of a random password nobody knows, with the same parameters as real ones. */
function dummyHash(): Promise<string> {
  dummy ??= hash(randomBytes(32).toString('base64url'), ARGON2);
  return dummy;
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  // Without a stored hash, still verify against one, so the answer takes as long as for an
  // account and does not tell whether it exists.
  if (!passwordHash) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
