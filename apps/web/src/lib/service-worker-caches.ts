/**
 * Names the service worker's runtime caches. The worker's routes (vite.config.ts) and the page
 * that fills them on a first visit (service-worker.ts) share them.
 */
export const ASSET_CACHE = 'crimsonhost-assets';

/** Hashed files of a few releases: old ones go first once there are more. */
export const ASSET_CACHE_MAX_ENTRIES = 150;

/** Where the build puts hashed files (cached for a year by the server). */
export const HASHED_ASSET_PREFIX = '/assets/';
