import { Flex, Typography } from 'antd';
import type { MyVendorStanding } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { Dated } from './dated';
import { DetailsList } from './details-list';
import { PayoutAddressText } from './payout-address-text';
import { VendorStatusTag } from './vendor-status-tag';
import { StandingCard } from './standing-card';

/**
 * I am a vendor: my vendor name, my payout addresses, and the way to the vendor area, where my
 * earnings are (listings and payouts join it as they land).
 */
export function VendorAccount({ standing }: { standing: MyVendorStanding }) {
  const { vendor, application } = standing;
  const displayName = vendor?.displayName ?? application?.displayName ?? '';
  const addresses =
    vendor?.payoutAddresses ??
    application?.payoutAddresses.map((address) => ({ ...address, updatedAt: null })) ??
    [];
  return (
    <StandingCard
      title="You are a vendor"
      tag={<VendorStatusTag status={vendor?.status ?? 'ACTIVE'} />}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Your vendor account <Typography.Text strong>{displayName}</Typography.Text> is active.
          Follow your earnings in the <TextLink to={paths.vendorArea.href()}>vendor area</TextLink>;
          managing your listings and requesting payouts will join it there.
        </Typography.Paragraph>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          Payout addresses
        </Typography.Title>
        {addresses.length === 0 ? (
          <Typography.Text type="secondary">No payout address is saved.</Typography.Text>
        ) : (
          <DetailsList
            items={addresses.map(({ network, address, updatedAt }) => ({
              key: network,
              label: NETWORK_NAMES[network],
              children: (
                <Flex vertical gap={2}>
                  <PayoutAddressText address={address} />
                  {updatedAt && (
                    <Typography.Text type="secondary">
                      Saved on <Dated at={updatedAt} />
                    </Typography.Text>
                  )}
                </Flex>
              ),
            }))}
          />
        )}
      </Flex>
    </StandingCard>
  );
}
