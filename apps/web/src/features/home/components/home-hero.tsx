import { Col, Flex, Row } from 'antd';
import {
  CheckCircleFilled,
  CloudServerOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { NETWORKS } from '@crimsonhost/shared/constants';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { Paragraph, Text, Title } from '../../../components/typography';

// The hero is a dark crimson panel in both themes, so its colours are fixed rather than themed.
const HERO_TEXT = '#ffffff';
const HERO_MUTED_TEXT = 'rgba(255, 255, 255, 0.82)';
const HERO_ACCENT = '#fca5a5';

const HIGHLIGHTS = [
  'Rent by the hour: pay only for the hours you book.',
  'Every payment waits in escrow until your rental ends.',
  'Start, stop and restart your server while the rental runs.',
  'Vendors are vetted before their servers are listed.',
];

export function HomeHero() {
  return (
    <section
      aria-labelledby="home-hero-title"
      style={{
        borderRadius: 16,
        padding: 'clamp(24px, 5vw, 56px)',
        background:
          'radial-gradient(circle at 85% 15%, rgba(248, 113, 113, 0.35), transparent 45%), linear-gradient(135deg, #7f1d1d 0%, #450a0a 60%, #1c0707 100%)',
        color: HERO_TEXT,
        overflow: 'hidden',
      }}
    >
      <Row gutter={[40, 32]} align="middle">
        <Col xs={24} lg={14}>
          <Flex vertical gap={20} align="flex-start">
            <span
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 8,
                padding: '4px 12px',
                borderRadius: 999,
                background: 'rgba(255, 255, 255, 0.12)',
                color: HERO_ACCENT,
                fontWeight: 600,
                fontSize: 13,
              }}
            >
              <CloudServerOutlined aria-hidden /> Game servers by the hour, paid in USDT
            </span>
            <Title
              id="home-hero-title"
              level={1}
              style={{
                color: HERO_TEXT,
                margin: 0,
                fontSize: 'clamp(30px, 5vw, 48px)',
                lineHeight: 1.15,
              }}
            >
              Your own game server, rented by the hour.
            </Title>
            <Paragraph style={{ color: HERO_MUTED_TEXT, fontSize: 17, margin: 0 }}>
              CrimsonHost is a marketplace of Minecraft, CS:GO, Rust, Valheim and ARK servers run by
              vetted vendors. Fund your wallet with USDT on TRC20, ERC20 or BEP20, rent for as many
              hours as you play, and escrow protects you: the vendor is paid only after your rental
              ends.
            </Paragraph>
            <Flex wrap gap={12} align="center">
              <ButtonLink
                to={paths.servers.href()}
                type="primary"
                size="large"
                style={{ background: '#ffffff', color: '#991b1b', fontWeight: 600 }}
              >
                Browse Servers
              </ButtonLink>
              <Link
                to={paths.buyerProtection.href()}
                style={{ color: HERO_TEXT, textDecoration: 'underline', fontWeight: 500 }}
              >
                How buyer protection works
              </Link>
            </Flex>
            <Flex wrap gap={8} align="center" aria-label="Accepted USDT networks">
              <span style={{ color: HERO_MUTED_TEXT, fontSize: 13 }}>USDT on</span>
              {NETWORKS.map((network) => (
                <span
                  key={network}
                  style={{
                    padding: '2px 10px',
                    borderRadius: 6,
                    border: '1px solid rgba(255, 255, 255, 0.35)',
                    fontSize: 13,
                    fontWeight: 600,
                    letterSpacing: 0.5,
                  }}
                >
                  {network}
                </span>
              ))}
            </Flex>
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          <div
            style={{
              borderRadius: 12,
              padding: 24,
              background: 'rgba(0, 0, 0, 0.28)',
              border: '1px solid rgba(255, 255, 255, 0.16)',
            }}
          >
            <Flex align="center" gap={10} style={{ marginBottom: 16 }}>
              <SafetyCertificateOutlined aria-hidden style={{ fontSize: 22, color: HERO_ACCENT }} />
              <Text strong style={{ color: HERO_TEXT, fontSize: 16 }}>
                Why renters choose CrimsonHost
              </Text>
            </Flex>
            <Flex
              component="ul"
              vertical
              gap={12}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {HIGHLIGHTS.map((highlight) => (
                <li key={highlight} style={{ display: 'flex', gap: 10, color: HERO_MUTED_TEXT }}>
                  <CheckCircleFilled aria-hidden style={{ color: HERO_ACCENT, marginTop: 4 }} />
                  <span>{highlight}</span>
                </li>
              ))}
            </Flex>
          </div>
        </Col>
      </Row>
    </section>
  );
}
