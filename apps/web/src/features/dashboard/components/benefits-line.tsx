import { Button, Skeleton, Typography } from 'antd';
import { TIER_LABELS, type MyBenefits } from '@crimsonhost/shared/benefits';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useMyBenefits } from '../../../lib/benefits/get-my-benefits';

/** 'Silver · 40.00 USDT of 100.00 USDT to Gold', or that Platinum is the top. */
function standing(me: MyBenefits): string {
  const tier = TIER_LABELS[me.tier];
  if (!me.next) return `${tier} · the top tier`;
  return `${tier} · ${formatUsdtExact(me.spend)} USDT of ${formatUsdtExact(me.next.threshold)} USDT to ${TIER_LABELS[me.next.tier]}`;
}

/** The renter's benefits tier and progress in one line, with the way to /benefits. */
export function BenefitsLine() {
  const me = useMyBenefits();
  const link = <TextLink to={paths.benefits.href()}>See benefits</TextLink>;
  if (me.isPending) {
    return (
      <div role="status" aria-label="Loading your tier" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 1, width: 320 }} />
      </div>
    );
  }
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      <span className="visually-hidden">Your benefits tier: </span>
      {me.data ? (
        <>
          {standing(me.data)} · {link}
        </>
      ) : (
        <>
          Your tier could not be loaded.{' '}
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void me.refetch()}>
            Retry
          </Button>{' '}
          · {link}
        </>
      )}
    </Typography.Paragraph>
  );
}
