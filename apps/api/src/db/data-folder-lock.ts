import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database has one owner. Two processes on one PGlite folder each keep their own copy
 * in memory: both answer, each sees only its own writes, and whichever closes last overwrites the
 * other's. So the folder's first opener writes `pglite.lock` beside it (created exclusively, with
 * its pid), every other opener is refused while that process lives, and a lock left by a process
 * that died (kill -9, a crash, a power cut) is taken over.
 */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data folder ${folder} is in use by process ${ownerPid}; stop it, or set DATA_DIR to another folder`,
    );
    this.name = 'DataFolderInUseError';
  }
}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

interface LockOwner {
  pid: number;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { text: string; owner: LockOwner | null } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return { text, owner: Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null };
  } catch {
    // Half-written by a process that died while taking it.
    return { text, owner: null };
  }
}

/** Takes the lock of a PGlite folder (`<folder>.lock`, beside it) or throws DataFolderInUseError. */
export function lockDataFolder(pgliteDir: string): DataFolderLock {
  const folder = path.resolve(pgliteDir);
  const file = `${folder}.lock`;
  const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readOwner(file);
      if (!found) continue;
      if (found.owner && isAlive(found.owner.pid)) {
        throw new DataFolderInUseError(path.dirname(folder), found.owner.pid);
      }
      // Stale: remove it only if it is still the one just read, then race for it again.
      const again = readOwner(file);
      if (again?.text === found.text) unlinkSync(file);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(owner));
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        const current = readOwner(file);
        if (current?.owner?.pid === owner.pid && current.owner.startedAt === owner.startedAt) {
          unlinkSync(file);
        }
      },
    };
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing`);
}
