import { Typography, theme } from 'antd';
import type { Payout } from '@crimsonhost/shared/vendor-payouts';

/**
 * A payout's transaction hash, whole (people compare it with their wallet's), linked to the
 * network's explorer where the storefront knows one.
 */
export function PayoutHash({ payout }: { payout: Pick<Payout, 'txHash' | 'explorerUrl'> }) {
  const { token } = theme.useToken();
  if (!payout.txHash) return null;
  const style = { fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' as const };
  return payout.explorerUrl ? (
    <Typography.Link href={payout.explorerUrl} target="_blank" rel="noreferrer" style={style}>
      {payout.txHash}
    </Typography.Link>
  ) : (
    <Typography.Text style={style}>{payout.txHash}</Typography.Text>
  );
}
