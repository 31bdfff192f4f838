import { formatUsdt, parseSignedUsdt, parseUsdt } from '@crimsonhost/shared/money';

/**
 * An amount to the micro-USDT, as short as it can be without hiding a digit and never shorter
 * than cents: '24.750000' -> '24.75', '0.255000' -> '0.255', '1250.000001' -> '1,250.000001'.
 * For fees and amounts to send, where rounding to two places would misstate what moves.
 */
export function formatUsdtExact(amount: string | bigint): string {
  return formatUsdt(amount, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** '10.000000' -> '10', '12.500000' -> '12.5': an amount inside a sentence, as the API words it. */
export function plainUsdt(amount: string): string {
  const text = formatUsdt(parseUsdt(amount), 6).replace(/,/g, '');
  return text.replace(/\.?0+$/, '');
}

/**
 * A movement's amount, signed and exact to the micro-USDT: '+24.75', '-0.255', '-1,250.000001'.
 * Positive money entered the state, negative left it; zero has no sign.
 */
export function signedUsdtExact(amount: string): string {
  const micro = parseSignedUsdt(amount);
  if (micro === 0n) return formatUsdtExact(0n);
  return `${micro < 0n ? '-' : '+'}${formatUsdtExact(micro < 0n ? -micro : micro)}`;
}
