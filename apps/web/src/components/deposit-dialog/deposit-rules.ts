import { isUsdtAmount, parseUsdt } from '@crimsonhost/shared/money';
import type { DepositConfig } from '@crimsonhost/shared/wallet';
import { ApiError } from '../../lib/api-client';
import { plainUsdt } from '../../lib/wallet/usdt-format';

/** Spec section 5, with the API's own words for each case. */
export const AMOUNT_REQUIRED_MESSAGE = 'Please enter deposit amount';
export const AMOUNT_FORMAT_MESSAGE = 'Amount must be a number with at most 6 decimals';

/** What is wrong with a typed amount under the deposit config, or null when it may be sent. */
export function depositAmountError(text: string, config: DepositConfig): string | null {
  const amount = text.trim();
  if (amount === '') return AMOUNT_REQUIRED_MESSAGE;
  if (!isUsdtAmount(amount)) return AMOUNT_FORMAT_MESSAGE;
  const micro = parseUsdt(amount);
  if (micro < parseUsdt(config.minAmount)) {
    return `Minimum amount is ${plainUsdt(config.minAmount)} USDT`;
  }
  if (config.maxAmount !== null && micro > parseUsdt(config.maxAmount)) {
    return `Maximum amount is ${plainUsdt(config.maxAmount)} USDT`;
  }
  return null;
}

/** A fee percent such as '0.50' in basis points (50), exactly, as the API reads it. */
function basisPoints(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The deposit fee on what arrives: the network's percent, rounded down to the micro-USDT, the
 * way the API takes it. The wallet is credited the rest.
 */
export function depositFee(received: bigint, feePercent: string): bigint {
  return (received * basisPoints(feePercent)) / 10_000n;
}

/** '1234567.5' -> '1,234,567.5' while typing; the fraction and a trailing point stay as typed. */
export function groupThousands(text: string): string {
  const [whole = '', ...rest] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rest.length > 0 ? `${grouped}.${rest.join('.')}` : grouped;
}

/** The field's text without the grouping, as typed so far: '1,000.' -> '1000.'. */
export function stripGrouping(text: string): string {
  return text.replace(/[,\s]/g, '');
}

/**
 * The amount in the field: '1,000.5' -> '1000.5'. A point still being typed ('25.') is not an
 * error yet: it reads as the number before it.
 */
export function ungroup(text: string): string {
  return stripGrouping(text).replace(/^(\d+)\.$/, '$1');
}

/** Spec section 9: time left as mm:ss, never below 00:00. */
export function formatCountdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export const GENERATION_FAILED_MESSAGE = 'Failed to generate deposit address';

/**
 * Spec section 8: the error's own message when it has one worth reading (a refused amount, a
 * network that is not available, no connection), otherwise the general one.
 */
export function generationFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return GENERATION_FAILED_MESSAGE;
  if (error.code === 'UNEXPECTED_RESPONSE' || error.status >= 500 || !error.message) {
    return GENERATION_FAILED_MESSAGE;
  }
  return error.message;
}

/** A fresh Idempotency-Key; crypto.randomUUID only exists on secure pages, so a fallback too. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
