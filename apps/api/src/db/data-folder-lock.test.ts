import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from './data-folder-lock';

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('the data folder lock', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-lock-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second owner while the first lives, naming the folder and the owner', () => {
    const pglite = folder();
    const lock = lockDataFolder(pglite);
    expect(() => lockDataFolder(pglite)).toThrow(DataFolderInUseError);
    expect(() => lockDataFolder(pglite)).toThrow(
      `The data folder ${path.dirname(pglite)} is in use by process ${process.pid}`,
    );
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lockDataFolder(pglite).release();
  });

  it.each([
    ['a process that died', () => JSON.stringify({ pid: deadPid(), startedAt: 'then' })],
    ['a half-written lock', () => '{"pid":'],
  ])('takes over the lock of %s', (_, content) => {
    const pglite = folder();
    writeFileSync(`${pglite}.lock`, content());
    const lock = lockDataFolder(pglite);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('leaves alone a lock that another owner took after a takeover', () => {
    const pglite = folder();
    const lock = lockDataFolder(pglite);
    const other = JSON.stringify({ pid: process.pid, startedAt: 'later' });
    writeFileSync(lock.file, other);
    lock.release();
    expect(readFileSync(lock.file, 'utf8')).toBe(other);
  });
});
