import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('keeps a file system error of Node as it is, with its code and what failed', () => {
    let thrown: unknown;
    try {
      // /dev/full answers every write with ENOSPC, as a full disk does.
      writeFileSync('/dev/full', 'x');
    } catch (error) {
      thrown = error;
    }
    expect(describeError(thrown)).toMatch(/^ENOSPC: no space left on device, write/);
  });

  it("names PGlite's message-less file system errors by their POSIX names", () => {
    // The shape of PGlite's FS.ErrnoError: a plain class, not an Error, with only these two fields.
    class ErrnoError {
      readonly name = 'ErrnoError';
      constructor(readonly errno: number) {}
    }
    const errnoError = (errno: number) => new ErrnoError(errno);
    expect(describeError(errnoError(51))).toBe('ENOSPC (no space left on device)');
    expect(describeError(errnoError(69))).toBe('EROFS (read-only file system)');
    expect(describeError(errnoError(999))).toBe('ErrnoError 999');
  });

  it('gives the first line of a message, and something readable for anything else', () => {
    expect(describeError(new Error('first\nsecond'))).toBe('first');
    expect(describeError('plain')).toBe('plain');
    expect(describeError({})).toBe('unknown error');
  });
});
