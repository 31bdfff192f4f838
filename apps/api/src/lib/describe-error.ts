/**
 * PGlite's file system (Emscripten) throws `ErrnoError { errno }` with no message and no path when
 * the disk is full or a file cannot be written; these are its numbers for the errors a data folder
 * meets, by their POSIX names.
 */
const PGLITE_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  22: 'EFBIG',
  29: 'EIO',
  31: 'EISDIR',
  33: 'EMFILE',
  41: 'ENFILE',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

const MEANINGS: Record<string, string> = {
  EACCES: 'permission denied',
  EDQUOT: 'disk quota exceeded',
  EEXIST: 'file exists',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EISDIR: 'is a directory',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  ENOTDIR: 'not a directory',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
};

/** One line saying what went wrong, for errors that may not be `Error`s or may lack a message. */
export function describeError(error: unknown): string {
  if (error === null || typeof error !== 'object') return String(error);
  const { message, code, errno, name } = error as {
    message?: unknown;
    code?: unknown;
    errno?: unknown;
    name?: unknown;
  };
  if (typeof message === 'string' && message) return message.split('\n')[0]!;
  const symbol =
    typeof code === 'string'
      ? code
      : name === 'ErrnoError' && typeof errno === 'number'
        ? PGLITE_ERRNO[errno]
        : undefined;
  if (symbol) return `${symbol} (${MEANINGS[symbol] ?? 'system error'})`;
  if (typeof errno === 'number') return `${typeof name === 'string' ? name : 'error'} ${errno}`;
  return typeof name === 'string' ? name : 'unknown error';
}
