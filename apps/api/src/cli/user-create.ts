// `npm run user:create -- --email ops@example.com --role admin [--name "Ops"] [--password ...]`
// Creates an account for an operator, or changes the role of an existing one.
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@crimsonhost/shared/constants';
import { emailSchema } from '@crimsonhost/shared/auth';
import { ConfigError, loadConfig, pgliteDataDir } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import * as repo from '../modules/auth/auth.repository';
import { claimAddress } from '../modules/auth/email-verification.service';
import { generatePassword } from '../modules/auth/auth.seed';
import { assertPasswordPolicy, hashPassword } from '../modules/auth/password';
import { describeError } from '../lib/describe-error';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'user' },
      name: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success)
    fail(
      'Usage: npm run user:create -- --email someone@example.com --role admin|user|vendor|support [--name "Name"] [--password "..."]',
    );
  if (!ROLES.includes(values.role as Role)) fail(`--role must be one of ${ROLES.join(', ')}`);
  const role = values.role as Role;
  const password = values.password ?? generatePassword();
  try {
    assertPasswordPolicy(password, 'password', email.data);
  } catch (error) {
    fail((error as Error).message);
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: pgliteDataDir(config) });
  try {
    await runMigrations(database);
    const existing = await repo.findUserByEmail(database.db, email.data);
    const passwordHash = await hashPassword(password);
    if (existing) {
      // An operator's address is vouched for by whoever runs this command: it counts as verified,
      // and any unverified registration of the same address loses it (decision 015). A new
      // password ends every session of the account, as a reset does.
      await database.db.transaction(async (tx) => {
        const updated = await repo.updateUser(tx, existing.id, { role, passwordHash });
        await claimAddress(tx, updated!);
        await repo.revokeAllForUser(tx, existing.id);
      });
      process.stdout.write(`Updated ${existing.email}: role ${role}, new password ${password}\n`);
    } else {
      await repo.insertUser(database.db, {
        email: email.data,
        displayName: values.name ?? email.data.split('@')[0]!,
        role,
        passwordHash,
        authProvider: 'local',
        emailVerifiedAt: new Date(),
      });
      process.stdout.write(`Created ${email.data} with role ${role} and password ${password}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(`Could not create the user: ${describeError(error)}`));
