import { Flex, theme } from 'antd';
import { CloudServerOutlined, PlayCircleOutlined, WalletOutlined } from '@ant-design/icons';
import { SurfaceCard } from '../../../components/surface-card';
import { SectionHeading } from './section-heading';
import { Paragraph, Text, Title } from '../../../components/typography';

const STEPS = [
  {
    icon: <WalletOutlined />,
    title: 'Fund your wallet with USDT',
    text: 'Send USDT on TRC20, ERC20 or BEP20 to a one-time deposit address. Your wallet balance is credited once the network confirms the transfer.',
  },
  {
    icon: <CloudServerOutlined />,
    title: 'Pick a server and rent by the hour',
    text: 'Compare games, regions, specs and hourly prices, then rent for as many hours as you need. The rent is paid from your wallet balance.',
  },
  {
    icon: <PlayCircleOutlined />,
    title: 'Play — payment held in escrow until your rental ends',
    text: 'Connect and play. Your payment is held in escrow until your rental ends and only then released to the vendor, so a problem can still be put right.',
  },
];

export function RentalSteps() {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="rental-steps-title">
      <SectionHeading
        id="rental-steps-title"
        title="How renting with USDT works"
        intro="Three steps from an empty wallet to a running server."
      />
      <ol
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
          gap: 16,
          listStyle: 'none',
          padding: 0,
          margin: 0,
        }}
      >
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <SurfaceCard style={{ height: '100%' }}>
              <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 40,
                    height: 40,
                    flex: 'none',
                    borderRadius: 12,
                    background: token.colorPrimaryBg,
                    color: token.colorLink,
                    fontSize: 20,
                  }}
                >
                  {step.icon}
                </span>
                <Text type="secondary" strong>
                  Step {index + 1}
                </Text>
              </Flex>
              <Title level={3} style={{ fontSize: 18, marginTop: 0 }}>
                {step.title}
              </Title>
              <Paragraph type="secondary" style={{ margin: 0 }}>
                {step.text}
              </Paragraph>
            </SurfaceCard>
          </li>
        ))}
      </ol>
    </section>
  );
}
