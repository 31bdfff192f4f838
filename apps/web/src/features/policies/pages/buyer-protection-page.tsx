import { DISPUTE_WINDOW_DAYS } from '@crimsonhost/shared/disputes';
import { Typography } from 'antd';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { BUYER_PROTECTION_SECTIONS } from '../components/buyer-protection-sections';
import { PolicyLayout } from '../components/policy-layout';

const LAST_UPDATED = '2026-11-26';

export function BuyerProtectionPage() {
  return (
    <PolicyLayout
      title="Buyer protection policy"
      crumb="Buyer protection"
      lastUpdated={LAST_UPDATED}
      summary={`Your rent is held in escrow until your rental ends. If the server is not delivered, cannot be reached or differs from its listing, open a dispute as soon as you notice, and at the latest ${DISPUTE_WINDOW_DAYS} days after the rental ends: the hours you could not use come back to your wallet.`}
      sections={BUYER_PROTECTION_SECTIONS}
      footer={
        <Typography.Paragraph type="secondary" style={{ marginTop: 32 }}>
          Renting out servers of your own? The{' '}
          <TextLink to={paths.vendorTerms.href()}>vendor terms</TextLink> say how vendors are paid
          and how a dispute holds back their earnings.
        </Typography.Paragraph>
      }
    />
  );
}
