import type { ReactNode } from 'react';
import { Flex, Layout, theme } from 'antd';
import {
  CustomerServiceOutlined,
  GlobalOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { SystemStatusIndicator } from '../../features/system-status/components/system-status-indicator';
import { paths } from '../paths';
import { Paragraph, Text } from '../../components/typography';

const FEATURE_BADGES = [
  { icon: <RiseOutlined />, text: '99.9% uptime' },
  { icon: <SafetyCertificateOutlined />, text: 'DDoS protection' },
  { icon: <GlobalOutlined />, text: 'Global locations' },
  { icon: <CustomerServiceOutlined />, text: '24/7 support' },
];

function FooterBadge({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <li
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        padding: '4px 12px',
        borderRadius: 999,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
        color: token.colorText,
        fontSize: token.fontSizeSM,
      }}
    >
      {children}
    </li>
  );
}

export function SiteFooter() {
  const { token } = theme.useToken();
  return (
    <Layout.Footer
      style={{
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        padding: '32px 16px',
      }}
    >
      <Flex vertical align="center" gap={16} style={{ textAlign: 'center' }}>
        <Flex align="center" gap={8}>
          <BrandMark size={24} />
          <Text strong>CrimsonHost</Text>
        </Flex>
        <Paragraph type="secondary" style={{ margin: 0 }}>
          Premium gaming server hosting powered by cryptocurrency.
        </Paragraph>
        <Flex
          component="ul"
          wrap
          justify="center"
          gap={8}
          aria-label="Service highlights"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {FEATURE_BADGES.map(({ icon, text }) => (
            <FooterBadge key={text}>
              <span aria-hidden="true" style={{ color: token.colorLink }}>
                {icon}
              </span>
              {text}
            </FooterBadge>
          ))}
          <FooterBadge>
            <SystemStatusIndicator />
          </FooterBadge>
        </Flex>
        <Flex wrap justify="center" gap={16}>
          <Link to={paths.servers.href()}>Browse Servers</Link>
          <Link to={paths.benefits.href()}>Benefits tiers</Link>
          <Link to={paths.buyerProtection.href()}>Buyer protection policy</Link>
        </Flex>
        <Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          © {new Date().getFullYear()} CrimsonHost. Prices and payments in USDT.
        </Text>
      </Flex>
    </Layout.Footer>
  );
}
