import { Flex } from 'antd';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import type { VendorApplication } from '@crimsonhost/shared/vendors';
import { useRegions } from '../api/get-regions';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { Dated } from './dated';
import { DetailsList } from './details-list';
import { PayoutAddressText } from './payout-address-text';

/** What an application sent, field by field, with the day it was sent. */
export function ApplicationSummary({ application }: { application: VendorApplication }) {
  const regions = useRegions();
  const regionName = (code: string) => {
    const region = regions.data?.find((candidate) => candidate.code === code);
    return region ? `${region.name}, ${region.country}` : code;
  };
  return (
    <DetailsList
      items={[
        {
          key: 'sent',
          label: 'Sent on',
          children: <Dated at={application.createdAt} />,
        },
        {
          key: 'displayName',
          label: 'Business or display name',
          children: application.displayName,
        },
        {
          key: 'contactEmail',
          label: 'Contact e-mail',
          children: <span style={{ overflowWrap: 'anywhere' }}>{application.contactEmail}</span>,
        },
        {
          key: 'games',
          label: 'Games',
          children: application.games.map((game) => GAME_LABELS[game]).join(', '),
        },
        {
          key: 'regions',
          label: 'Regions',
          children: application.regions.map(regionName).join(', '),
        },
        {
          key: 'payoutAddresses',
          label: 'Payout addresses',
          children: (
            <Flex vertical gap={4}>
              {application.payoutAddresses.map(({ network, address }) => (
                <span key={network}>
                  {NETWORK_NAMES[network]}: <PayoutAddressText address={address} />
                </span>
              ))}
            </Flex>
          ),
        },
        {
          key: 'terms',
          label: 'Vendor terms',
          children: `Version ${application.termsVersion}, accepted`,
        },
      ]}
    />
  );
}
