import type { ErrorCode, FieldIssue } from '@crimsonhost/shared/errors';

/**
 * An error the caller is meant to read: its code, HTTP status and message go out in the error
 * envelope as they are. Anything else that is thrown answers a masked 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);

export const validationFailed = (fields: FieldIssue[]) =>
  new AppError('VALIDATION_ERROR', 400, describeFields(fields), { fields });

export function describeFields(fields: FieldIssue[]): string {
  const first = fields[0];
  if (!first) return 'The request is not valid';
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
  return `${first.field}: ${first.message}${more}`;
}
