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

/**
 * PostgreSQL codes of a connection the server ended or refused: admin_shutdown, crash_shutdown,
 * cannot_connect_now (57P01-03) and the connection exceptions (class 08).
 */
const CONNECTION_LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** Socket errors of the driver when the server went away or cannot be reached. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** node-postgres reports a lost or unusable connection by message only. */
const LOST_MESSAGES =
  /Connection terminated|is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/**
 * Whether a query failed because its database connection was lost or could not be made: nothing
 * wrong with the request, so the caller may try again in a moment.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || SOCKET_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
