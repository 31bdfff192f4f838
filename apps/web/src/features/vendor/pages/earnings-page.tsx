import { Flex, Typography } from 'antd';
import { VENDOR_CLEARING_DAYS } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { useVendorEarnings } from '../api/get-vendor-earnings';
import { EarningsOverview } from '../components/earnings-overview';
import { MovementsSection } from '../components/movements-section';
import { commissionRate } from '../earnings-format';
import { useStackedLists } from '../use-stacked-lists';

/**
 * /vendor/earnings (vendor role): my money in each of its states with the day pending shares
 * become available, and every movement of it (issue 16 point 7), exact to the micro-USDT.
 */
export function EarningsPage() {
  const earnings = useVendorEarnings();
  const stacked = useStackedLists();
  return (
    <>
      <title>Earnings · Vendor · CrimsonHost</title>
      <Flex vertical gap={24}>
        <Flex vertical gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Earnings
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>
            Your money from rentals in each of its states, as the ledger holds it. A renter can
            dispute a payment until {VENDOR_CLEARING_DAYS} days after their rental ends (the{' '}
            <TextLink to={paths.buyerProtection.href()}>buyer protection policy</TextLink>), so each
            rental&apos;s share stays pending until then and becomes available after.
          </Typography.Paragraph>
          {earnings.data && (
            <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>
              CrimsonHost keeps a commission of{' '}
              <Typography.Text strong>{commissionRate(earnings.data.commissionBp)}</Typography.Text>{' '}
              of each new rental, taken when the rental ends; the rest is your share. Each
              rental&apos;s commission is shown beside it below.
            </Typography.Paragraph>
          )}
        </Flex>
        <EarningsOverview earnings={earnings} stacked={stacked} />
        <MovementsSection stacked={stacked} />
      </Flex>
    </>
  );
}
