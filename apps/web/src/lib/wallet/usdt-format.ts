import { formatUsdt, parseUsdt } from '@crimsonhost/shared/money';

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
