import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { readJournal } from '../src/db/migrate';
import { freePort, startServer, waitForHealth } from './server-process';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'chatty' }, 'LOG_LEVEL'],
  ])('stops at start-up with one line naming the bad variable (%j)', async (env, key) => {
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`Invalid configuration: ${key}`);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('runs on PGlite in DATA_DIR, closes cleanly on SIGTERM, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-data-'));
    dataDirs.push(dataDir);
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      DEMO_DATA: 'false',
    };

    const first = startServer(env);
    const health = await waitForHealth(port, first.child);
    expect(health.data.database.driver).toBe('pglite');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain('closed cleanly');

    // A row written while the server is down must still be there after it ran again.
    const pgliteDir = path.join(dataDir, 'pglite');
    const offline = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
    await offline.db.execute(sql`insert into job_leases (name) values ('written-while-stopped')`);
    await offline.close();

    const second = startServer(env);
    await waitForHealth(port, second.child);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const after = await openDatabase({ driver: 'pglite', dataDir: pgliteDir });
    const rows = await queryRows<{ marker: number; migrations: number; buffers: string }>(
      after.db,
      sql`select (select count(*)::int from job_leases where name = 'written-while-stopped') as marker,
                 (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
                 current_setting('shared_buffers') as buffers`,
    );
    await after.close();
    expect(rows[0]!.marker).toBe(1);
    expect(rows[0]!.migrations).toBe(readJournal().length);
    // The embedded database keeps its buffers small: its memory never goes back to the system.
    expect(rows[0]!.buffers).toBe('16MB');
  }, 300_000);

  it('gives the PGlite data folder one owner: a second start is refused, a dead owner is taken over', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-data-'));
    dataDirs.push(dataDir);
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: dataDir, DEMO_DATA: 'false' };
    const firstPort = await freePort();
    const first = startServer({ ...env, PORT: String(firstPort) });
    await waitForHealth(firstPort, first.child);
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: first.child.pid });

    const secondPort = await freePort();
    const second = startServer({ ...env, PORT: String(secondPort) });
    const outcome = await Promise.race([
      second.exited,
      waitForHealth(secondPort, second.child).then(() => 'serving'),
    ]);
    if (outcome === 'serving') second.child.kill('SIGKILL');
    expect(outcome).toBe(1);
    const lines = second.output().stderr.trim().split('\n');
    expect(lines).toEqual([
      `The data folder ${dataDir} is in use by process ${first.child.pid}; stop it, or set DATA_DIR to another folder`,
    ]);
    // The owner kept serving.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);

    // Killed outright, the owner leaves its lock behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const third = startServer({ ...env, PORT: String(secondPort) });
    await waitForHealth(secondPort, third.child);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: third.child.pid });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop releases it.
    expect(existsSync(lockFile)).toBe(false);
  }, 300_000);

  it('names the file system error when the data folder cannot be used, never "undefined"', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-data-'));
    dataDirs.push(dataDir);
    // A file where PGlite needs a folder: its file system reports the error by number only.
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'base'), 'not a folder');
    const server = startServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      DEMO_DATA: 'false',
    });
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stdout + stderr).toContain(
      `Cannot open the database at the data folder ${dataDir}: ENOTDIR (not a directory)`,
    );
    expect(stdout + stderr).not.toContain('undefined');
    // The lock of the run that failed is not left behind.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 60_000);
});
