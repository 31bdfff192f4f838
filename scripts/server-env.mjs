// The environment the storefront's server process starts with, added to the caller's: used by
// `npm start` (scripts/start.mjs), `npm run bench:start` and the end-to-end lanes, so what is
// measured is what runs.

/**
 * glibc's malloc, told to serve every block of 128 KiB or more from its own mapping, returned to
 * the system when freed. By default the threshold rises after the first such block is freed (up to
 * 32 MiB), and from then on the large transient buffers of a fresh start (migrating and seeding the
 * embedded database) come from the main heap, which can only give back its top: a fresh instance
 * kept ~100 MB of it (decision 063). Other C libraries ignore the variable.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** `env` with the server's settings added (a GLIBC_TUNABLES already set keeps its own first). */
export function serverEnvironment(env) {
  const tunables = env.GLIBC_TUNABLES
    ? `${env.GLIBC_TUNABLES}:${MALLOC_TUNABLES}`
    : MALLOC_TUNABLES;
  return { ...env, GLIBC_TUNABLES: tunables };
}
