// `npm run user:create` on an address that unverified registrations also name: the operator's
// account owns it from then on (decision 015), the others lose it, and the reset password ends
// every session of the account, as a reset by mail does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { apiRoot } from '../src/lib/package-paths';
import { createUser } from './factories';

const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-user-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const pgliteDir = () => path.join(dataDir, 'pglite');

describe('npm run user:create', () => {
  it('gives the address to the operator account and releases the unverified rivals', async () => {
    let setup = await openDatabase({ driver: 'pglite', dataDir: pgliteDir() });
    await runMigrations(setup);
    const email = 'ops@example.com';
    const first = await createUser(setup.db, { email, emailVerified: false });
    const rival = await createUser(setup.db, { email, emailVerified: false });
    await setup.db.execute(
      sql`insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
          values (${rival.id}, gen_random_uuid(), 'h1', now() + interval '1 day')`,
    );
    await setup.close();

    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/user-create.ts', '--email', email, '--role', 'admin'],
      { cwd: apiRoot, env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    setup = await openDatabase({ driver: 'pglite', dataDir: pgliteDir() });
    try {
      const rows = await queryRows<{ id: string; email: string; role: string; verified: boolean }>(
        setup.db,
        sql`select id, email, role, email_verified_at is not null as verified from users`,
      );
      const owner = rows.filter((row) => row.email === email);
      expect(owner).toHaveLength(1);
      expect(owner[0]).toMatchObject({ role: 'admin', verified: true });
      const other = rows.find((row) => row.id !== owner[0]!.id)!;
      expect([first.id, rival.id]).toContain(other.id);
      expect(other.email).not.toBe(email);
      const live = await queryRows<{ n: number }>(
        setup.db,
        sql`select count(*)::int as n from refresh_tokens where revoked_at is null`,
      );
      expect(live[0]!.n).toBe(0);
    } finally {
      await setup.close();
    }
    // Two PGlite boots with every migration and a tsx start of the CLI: about 20 s alone, twice
    // that when CI runs the API's tests beside the web's, as the server-process tests allow for.
  }, 90_000);
});
