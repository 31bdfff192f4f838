import { Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import { TIER_LABELS, type BenefitsProgram, type LoyaltyTier } from '@crimsonhost/shared/benefits';
import { parseUsdt } from '@crimsonhost/shared/money';
import { discountText, usdt } from '../benefits-figures';
import { TierDot } from './tier-tag';

/** The four tiers side by side on a wide screen, two by two on a tablet, stacked on a phone. */
export const TIER_COLUMNS = { xs: 24, sm: 12, xl: 6 } as const;

/** Each tier with the spend it needs, its discount and its perks; mine marked in words. */
export function TierCards({
  program,
  current,
}: {
  program: BenefitsProgram;
  /** The signed-in renter's tier, if known. */
  current?: LoyaltyTier;
}) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]} role="list" aria-label="Tiers">
      {program.tiers.map((rule) => {
        const mine = rule.tier === current;
        return (
          <Col key={rule.tier} {...TIER_COLUMNS} role="listitem">
            <Card
              style={{
                height: '100%',
                borderColor: mine ? token.colorPrimaryBorder : undefined,
              }}
            >
              <Flex vertical gap={8}>
                <Flex align="center" justify="space-between" gap={8} wrap>
                  <Typography.Title level={3} style={{ fontSize: 20, margin: 0 }}>
                    <TierDot tier={rule.tier} />
                    {TIER_LABELS[rule.tier]}
                  </Typography.Title>
                  {mine && <Tag style={{ marginInlineEnd: 0 }}>Your tier</Tag>}
                </Flex>
                <Typography.Text>
                  {parseUsdt(rule.threshold) === 0n
                    ? 'Where everyone starts'
                    : `From ${usdt(rule.threshold)} of qualifying spend`}
                </Typography.Text>
                <Typography.Text strong>{discountText(rule.discountBp)}</Typography.Text>
                {rule.perks.length > 0 ? (
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {rule.perks.map((perk) => (
                      <li key={perk}>{perk}</li>
                    ))}
                  </ul>
                ) : (
                  <Typography.Text type="secondary">No other perks</Typography.Text>
                )}
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
