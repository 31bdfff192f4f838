import {
  ABSOLUTE_SESSION_MS,
  ACTIVITY_THROTTLE_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_BEFORE_MS,
  SESSION_CHECK_INTERVAL_MS,
} from '@crimsonhost/shared/constants';

/** Session timing of spec section 4, in milliseconds. */
export interface SessionTiming {
  readonly idleTimeoutMs: number;
  readonly absoluteSessionMs: number;
  readonly warningBeforeMs: number;
  readonly checkIntervalMs: number;
  readonly activityThrottleMs: number;
}

export const SPEC_SESSION_TIMING: SessionTiming = {
  idleTimeoutMs: IDLE_TIMEOUT_MS,
  absoluteSessionMs: ABSOLUTE_SESSION_MS,
  warningBeforeMs: IDLE_WARNING_BEFORE_MS,
  checkIntervalMs: SESSION_CHECK_INTERVAL_MS,
  activityThrottleMs: ACTIVITY_THROTTLE_MS,
};

/** Set by the end-to-end tests before the bundle runs, to watch an idle timeout in seconds. */
export const SESSION_TIMING_OVERRIDE_GLOBAL = '__CRIMSONHOST_SESSION_TIMING__';

/**
 * The spec's timing, with any value of the window override that is shorter: the override can only
 * end sessions sooner, never keep one alive longer than the spec allows.
 */
function sessionTiming(override: unknown): SessionTiming {
  if (!override || typeof override !== 'object') return SPEC_SESSION_TIMING;
  const values = override as Partial<Record<keyof SessionTiming, unknown>>;
  const pick = (key: keyof SessionTiming): number => {
    const value = values[key];
    const limit = SPEC_SESSION_TIMING[key];
    return typeof value === 'number' && value > 0 && value < limit ? value : limit;
  };
  return {
    idleTimeoutMs: pick('idleTimeoutMs'),
    absoluteSessionMs: pick('absoluteSessionMs'),
    warningBeforeMs: pick('warningBeforeMs'),
    checkIntervalMs: pick('checkIntervalMs'),
    activityThrottleMs: pick('activityThrottleMs'),
  };
}

/**
 * The web app's configuration: the only module that reads import.meta.env. It is read once, when
 * the bundle loads; a bad value stops the app with an error that names the variable.
 */
export interface WebConfig {
  /** Where the API answers; the built app is served by the API itself, so '/api' by default. */
  readonly apiBaseUrl: string;
  /** Production builds register the service worker; the dev server and tests do not. */
  readonly isProduction: boolean;
  /** Idle and absolute session limits (spec section 4). */
  readonly sessionTiming: SessionTiming;
  /**
   * Text inputs strip angle brackets, `javascript:` and inline event-handler patterns as the user
   * types (spec section 5); `VITE_SANITIZE_TEXT_INPUT=false` switches it off.
   */
  readonly sanitizeTextInput: boolean;
}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function parseApiBaseUrl(value: string | undefined): string {
  if (value === undefined || value === '') return '/api';
  if (/^(\/|https?:\/\/)/.test(value)) return value.replace(/\/+$/, '');
  throw new Error(
    `VITE_API_BASE_URL must be a path starting with / or an http(s) URL, got "${value}"`,
  );
}

export const config: WebConfig = {
  apiBaseUrl: parseApiBaseUrl(import.meta.env.VITE_API_BASE_URL),
  isProduction: import.meta.env.PROD,
  sanitizeTextInput: parseSwitch(
    'VITE_SANITIZE_TEXT_INPUT',
    import.meta.env.VITE_SANITIZE_TEXT_INPUT,
    true,
  ),
  sessionTiming: sessionTiming(
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as Record<string, unknown>)[SESSION_TIMING_OVERRIDE_GLOBAL],
  ),
};
