import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES, serverEnvironment } from '../../../scripts/server-env.mjs';

describe("the server's environment (npm start, bench:start, the end-to-end lanes)", () => {
  it('adds the malloc setting and keeps what the caller set, its own tunables first', () => {
    expect(serverEnvironment({ PORT: '3000' })).toEqual({
      PORT: '3000',
      GLIBC_TUNABLES: MALLOC_TUNABLES,
    });
    expect(serverEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072',
    );
  });
});
