import { DEPOSIT_AMOUNT_STEP } from '@crimsonhost/shared/constants';
import { formatUsdt, MICRO_PER_USDT, parseUsdt } from '@crimsonhost/shared/money';
import type { ApiError } from '../api-client';

/** Price per hour × hours, exact in micro-USDT. */
export function rentalCost(pricePerHour: string, hours: number): bigint {
  return parseUsdt(pricePerHour) * BigInt(hours);
}

/** What the wallet holds after paying `cost`; negative when it does not cover it. */
export function balanceAfter(balance: string, cost: bigint): bigint {
  return parseUsdt(balance) - cost;
}

/**
 * How the server takes a payment (decision 044): platform credit first, then USDT from the wallet.
 * `usdt` is what the wallet pays; the wallet's shortfall is `usdt` less its balance.
 */
export function creditFirst(credit: string, cost: bigint): { credit: bigint; usdt: bigint } {
  const available = parseUsdt(credit);
  const fromCredit = available < cost ? available : cost;
  return { credit: fromCredit, usdt: cost - fromCredit };
}

/** '0.50' (percent) -> 50 basis points, exactly. */
function basisPoints(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.trim().split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/**
 * What the deposit dialog suggests for a shortfall: enough that what is credited after the
 * deposit fee (the highest of the networks on offer, whichever the renter picks) covers it,
 * rounded up to the next step of 10 (3.20 short -> 10, 20 short with no fee -> 20), and never
 * below the deposit minimum.
 */
export function depositSuggestion(
  shortfall: bigint,
  config?: { minAmount: string; networks: { fee: string }[] } | null,
): number {
  const feeBp = (config?.networks ?? []).reduce((highest, network) => {
    const bp = basisPoints(network.fee);
    return bp > highest ? bp : highest;
  }, 0n);
  const positive = shortfall > 0n ? shortfall : 0n;
  const gross =
    feeBp >= 10_000n ? positive : (positive * 10_000n + 10_000n - feeBp - 1n) / (10_000n - feeBp);
  const step = BigInt(DEPOSIT_AMOUNT_STEP) * MICRO_PER_USDT;
  const rounded = ((gross + step - 1n) / step) * step;
  const minimum = config ? parseUsdt(config.minAmount) : 0n;
  const amount = rounded > minimum ? rounded : minimum;
  // Whole USDT up (a minimum such as 5.50 stays payable), as a number for the amount field.
  return Number((amount + MICRO_PER_USDT - 1n) / MICRO_PER_USDT);
}

const CENT = 10_000n;

/**
 * An amount for people, exact: two decimals ('12.50') unless it has parts of a cent, which are
 * then shown too ('0.197262') rather than rounded away from what is actually paid.
 */
export function formatAmount(amount: bigint | string): string {
  const micro = typeof amount === 'bigint' ? amount : parseUsdt(amount.replace(/^-/, ''));
  const signed = typeof amount === 'string' && amount.startsWith('-') ? -micro : micro;
  if (signed % CENT === 0n) return formatUsdt(signed);
  return formatUsdt(signed, 6).replace(/0+$/, '');
}

/** The shortfall the API reported with INSUFFICIENT_FUNDS, in micro-USDT. */
export function reportedShortfall(error: ApiError): bigint | null {
  if (error.code !== 'INSUFFICIENT_FUNDS') return null;
  const shortfall = (error.details as { shortfall?: unknown } | undefined)?.shortfall;
  return typeof shortfall === 'string' ? parseUsdt(shortfall) : null;
}

/** Refusals that mean this server cannot be rented now, whatever the renter does. */
export function isServerTaken(error: ApiError): boolean {
  return error.code === 'SERVER_NOT_AVAILABLE' || error.status === 404;
}
