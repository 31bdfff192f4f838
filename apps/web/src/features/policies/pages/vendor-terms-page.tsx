import { Typography } from 'antd';
import { VENDOR_TERMS_VERSION } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { PolicyLayout } from '../components/policy-layout';
import { VENDOR_TERMS_FIGURES as FIGURES } from '../components/vendor-terms-figures';
import { VENDOR_TERMS_SECTIONS } from '../components/vendor-terms-sections';

/**
 * /policies/vendor-terms: what a vendor accepts when applying (issue 16 point 1). The terms'
 * version is a date, and it is the date they were last changed.
 */
export function VendorTermsPage() {
  return (
    <PolicyLayout
      title="Vendor terms"
      crumb="Vendor terms"
      lastUpdated={VENDOR_TERMS_VERSION}
      summary={`List only real servers you control and keep them running as described. You set prices per hour in USDT and CrimsonHost keeps its commission from each rental. Earnings are held while a rental runs and for ${FIGURES.clearingDays} days after it ends, so renters can still dispute; then you can have them paid out in USDT, at least ${FIGURES.minimumPayoutUsdt} USDT at a time.`}
      sections={VENDOR_TERMS_SECTIONS}
      footer={
        <Typography.Paragraph type="secondary" style={{ marginTop: 32 }}>
          Renting a server instead? The{' '}
          <TextLink to={paths.buyerProtection.href()}>buyer protection policy</TextLink> says what
          protects your rent.
        </Typography.Paragraph>
      }
    />
  );
}
