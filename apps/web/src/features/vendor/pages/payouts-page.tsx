import { Flex, Typography } from 'antd';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { usePayoutStanding } from '../api/get-payout-standing';
import { PayoutAddressesCard } from '../components/payout-addresses-card';
import { PayoutRequestCard } from '../components/payout-request-card';
import { PayoutsHistory } from '../components/payouts-history';
import { useStackedLists } from '../use-stacked-lists';

/**
 * /vendor/payouts (vendor role, issue 16 point 8): ask for available money in USDT on one of my
 * saved addresses, follow the open payout until the chain confirms it, change the addresses, and
 * every payout so far with its transaction.
 */
export function PayoutsPage() {
  const standing = usePayoutStanding();
  const stacked = useStackedLists();
  return (
    <>
      <title>Payouts · Vendor · CrimsonHost</title>
      <Flex vertical gap={24}>
        <Flex vertical gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Payouts
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>
            Money that is available can be paid out in USDT to your own address. Staff send it from
            the CrimsonHost treasury, and a payout is marked paid only once the chain shows the
            transfer with its confirmations.
          </Typography.Paragraph>
        </Flex>
        {standing.isPending ? (
          <ListSkeleton rows={3} />
        ) : !standing.data ? (
          <LoadErrorResult title="Your payouts could not be loaded" query={standing} />
        ) : (
          <>
            <PayoutRequestCard standing={standing.data} />
            <PayoutAddressesCard standing={standing.data} />
          </>
        )}
        <PayoutsHistory stacked={stacked} />
      </Flex>
    </>
  );
}
