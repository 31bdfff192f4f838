/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';
export const isSerializationFailure = (error: unknown) =>
  ['40001', '40P01'].includes(pgErrorCode(error) ?? '');

/**
 * Text PostgreSQL cannot store or read as asked: a NUL character (22021, 22P05) or a value of the
 * wrong form for its column (22P02). Input that slipped past validation, so the client's fault.
 */
export const isUnstorableText = (error: unknown) =>
  ['22021', '22P05', '22P02'].includes(pgErrorCode(error) ?? '');
