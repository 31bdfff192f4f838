/**
 * Messages browsers and bundlers give when a lazily imported chunk cannot be loaded, typically
 * because a deploy replaced the files the open page still refers to.
 */
const MODULE_LOAD_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading chunk [\w-]+ failed/i, // webpack-style ChunkLoadError message
];

export function isModuleLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return MODULE_LOAD_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}
