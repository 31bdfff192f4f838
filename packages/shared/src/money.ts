/**
 * Money is bigint micro-USDT (6 decimals) in code and in the database, and a decimal string with
 * six places on the wire ("12.500000"). No floating point touches an amount.
 */
export const MICRO_PER_USDT = 1_000_000n;
export const USDT_DECIMALS = 6;

const DECIMAL = /^(\d{1,15})(?:\.(\d{1,6}))?$/;

/** "12.5" -> 12_500_000n. Throws on anything that is not a non-negative decimal with ≤ 6 places. */
export function parseUsdt(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a USDT amount: '${text}'`);
  const whole = BigInt(match[1]!);
  const fraction = BigInt((match[2] ?? '').padEnd(USDT_DECIMALS, '0'));
  return whole * MICRO_PER_USDT + fraction;
}

export function isUsdtAmount(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** 12_500_000n -> "12.500000": the wire form. */
export function toUsdtString(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_USDT;
  const fraction = (abs % MICRO_PER_USDT).toString().padStart(USDT_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * A wire amount for people: "12.500000" -> "12.50", grouped with commas ("1,250.00"), rounded half
 * up at the given number of places, computed on the decimal string itself.
 */
export function formatUsdt(amount: string | bigint, places = 2): string {
  const micro = typeof amount === 'bigint' ? amount : parseSignedUsdt(amount);
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const unit = 10n ** BigInt(USDT_DECIMALS - places);
  const rounded = (abs + unit / 2n) / unit;
  const scale = 10n ** BigInt(places);
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = places > 0 ? `.${(rounded % scale).toString().padStart(places, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** "-7.5" -> -7_500_000n: a signed wire amount, such as a transaction's balance change. */
export function parseSignedUsdt(text: string): bigint {
  const trimmed = text.trim();
  return trimmed.startsWith('-') ? -parseUsdt(trimmed.slice(1)) : parseUsdt(trimmed);
}

/**
 * The most any listing may cost per price unit. Inputs that compare with prices (the catalog's
 * price filters) stay within it, so no query carries a number the database cannot hold.
 */
export const MAX_LISTING_PRICE_MICRO = 10_000n * MICRO_PER_USDT;

/**
 * The largest amount any money input may carry, whatever is configured: far above a real deposit,
 * far below what a bigint of micro-USDT holds (about 9.2 trillion USDT), so sums stay exact.
 */
export const MAX_INPUT_AMOUNT_MICRO = 1_000_000_000n * MICRO_PER_USDT;

/** The deposit maximum a new storefront starts with (an admin may change it). */
export const DEFAULT_MAX_DEPOSIT_MICRO = 100_000n * MICRO_PER_USDT;
