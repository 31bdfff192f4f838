import { Flex, theme } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { SurfaceCard } from '../../../components/surface-card';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { Paragraph, Title } from '../../../components/typography';

/** Buyer protection in short, and the closing call to action. */
export function ProtectionCallout() {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="protection-callout-title">
      <SurfaceCard
        style={{ borderColor: token.colorPrimaryBorder, background: token.colorBgContainer }}
        bodyStyle={{ padding: 'clamp(20px, 4vw, 40px)' }}
      >
        <Flex wrap gap={24} align="center" justify="space-between">
          <Flex gap={16} align="flex-start" style={{ flex: '1 1 420px', minWidth: 0 }}>
            <SafetyCertificateOutlined
              aria-hidden
              style={{ fontSize: 36, color: token.colorLink, flex: 'none' }}
            />
            <div>
              <Title
                id="protection-callout-title"
                level={2}
                style={{ marginTop: 0, marginBottom: 8, fontSize: 'clamp(22px, 3.5vw, 28px)' }}
              >
                Every rental is protected by escrow
              </Title>
              <Paragraph type="secondary" style={{ fontSize: 16, marginBottom: 8 }}>
                Your payment stays with CrimsonHost until the rental ends. If a server is not
                delivered, cannot be reached, or differs materially from its listing, open a dispute
                and the unused hours are refunded to your wallet.
              </Paragraph>
              <Link to={paths.buyerProtection.href()}>Read the buyer protection policy</Link>
            </div>
          </Flex>
          <ButtonLink to={paths.servers.href()} type="primary" size="large">
            Browse Servers
          </ButtonLink>
        </Flex>
      </SurfaceCard>
    </section>
  );
}
