import type { ApiError } from './api-client';
import { dateTimeInWords } from './time-words';

/** '45 seconds', '1 minute', '15 minutes', '2 hours 5 minutes'. */
export function formatWait(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}

function detail(error: ApiError, key: string): unknown {
  return error.details && typeof error.details === 'object'
    ? (error.details as Record<string, unknown>)[key]
    : undefined;
}

function waitOf(error: ApiError): number | undefined {
  const fromDetails = detail(error, 'retryAfterSeconds');
  if (error.retryAfterSeconds) return error.retryAfterSeconds;
  return typeof fromDetails === 'number' ? fromDetails : undefined;
}

/**
 * What to tell a person about a failed call. The API's messages are written for people, so most
 * pass through; these codes get the waiting time or the local date added.
 */
export function describeApiError(error: ApiError): string {
  const wait = waitOf(error);
  if (error.code === 'RATE_LIMITED' && wait) {
    return `Too many attempts. Please wait ${formatWait(wait)} and try again.`;
  }
  if (error.code === 'ACCOUNT_SUSPENDED') {
    const until = detail(error, 'until');
    const reason = detail(error, 'reason');
    const when = typeof until === 'string' ? ` until ${dateTimeInWords(until)}` : '';
    const why = typeof reason === 'string' && reason ? ` Reason: ${reason}.` : '';
    return `This account is suspended${when}.${why} Contact support if you have questions.`;
  }
  if (error.code === 'VALIDATION_ERROR') {
    return 'Some fields need attention. Check the highlighted fields and try again.';
  }
  return error.message || 'Something went wrong. Please try again.';
}
