import { formatUsdtExact, signedUsdtExact } from '../lib/wallet/usdt-format';

/**
 * An amount exact to the micro-USDT, in tabular figures, never broken across lines; `signed`
 * shows whether it entered (+) or left (-) a state.
 */
export function UsdtAmount({ amount, signed = false }: { amount: string; signed?: boolean }) {
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {signed ? signedUsdtExact(amount) : formatUsdtExact(amount)} USDT
    </span>
  );
}
