import { Button, Card, Col, Form, InputNumber, Row, Typography } from 'antd';
import type { TiersSettings } from '@crimsonhost/shared/admin-settings';
import {
  LOYALTY_TIERS,
  MAX_TIER_DISCOUNT_BP,
  QUALIFYING_WINDOW_DAYS,
  TIER_LABELS,
  tierRulesSchema,
  type LoyaltyTier,
  type TierRules,
  type TiersSettingsRequest,
} from '@crimsonhost/shared/benefits';
import { AppForm, zodRule } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { useSettingsSave } from './settings-save';

interface TiersValues {
  tiers: TierRules;
}

const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

function toRequest(settings: TiersSettings, values: TiersValues): TiersSettingsRequest {
  const tiers = Object.fromEntries(
    LOYALTY_TIERS.map((tier) => {
      const row = values.tiers[tier];
      return [
        tier,
        {
          // Bronze's threshold has no field to change: everyone starts there.
          threshold: String(row?.threshold ?? settings.tiers[tier].threshold).trim(),
          discountBp: row?.discountBp ?? settings.tiers[tier].discountBp,
        },
      ];
    }),
  ) as TierRules;
  return { version: settings.version, tiers };
}

/** What a discount gives, under its field: the percent, and the commission when that caps it. */
function DiscountNote({ tier, commissionBp }: { tier: LoyaltyTier; commissionBp: number }) {
  const bp = Form.useWatch<number | null | undefined>(['tiers', tier, 'discountBp']);
  if (typeof bp !== 'number') return null;
  if (bp > commissionBp) {
    return (
      <>
        {percent(bp)} off, but renters get at most the commission ({percent(commissionBp)}): the
        platform pays the discount out of it.
      </>
    );
  }
  return <>{percent(bp)} off each rental and extension.</>;
}

/**
 * Benefits tiers: each tier's threshold (the qualifying spend that reaches it, USDT) and its
 * discount in basis points (200 = 2 %), entered as the commission is. Saved whole, after a
 * confirmation, like the other settings.
 */
export function TiersCard({
  settings,
  commissionBp,
}: {
  settings: TiersSettings;
  /** The rental commission now: a discount above it is capped at it. */
  commissionBp: number;
}) {
  const [form] = Form.useForm<TiersValues>();
  const { ask, ui, saving } = useSettingsSave('tiers', form, settings);
  return (
    <SectionCard title="Benefits tiers">
      {ui}
      <Typography.Paragraph type="secondary">
        A renter reaches a tier once what they paid for rentals over the last{' '}
        {QUALIFYING_WINDOW_DAYS} days reaches its threshold. The discount applies to rentals and
        extensions paid from then on.
      </Typography.Paragraph>
      <AppForm<TiersValues>
        name="tiers-settings"
        form={form}
        initialValues={{ tiers: settings.tiers }}
        onFinish={(values) => ask(toRequest(settings, values))}
      >
        <Row gutter={16}>
          {LOYALTY_TIERS.map((tier) => {
            const field = tierRulesSchema.shape[tier].shape;
            return (
              <Col key={tier} xs={24} lg={12}>
                <Card
                  size="small"
                  type="inner"
                  title={TIER_LABELS[tier]}
                  style={{ marginBottom: 16 }}
                  role="group"
                  aria-label={TIER_LABELS[tier]}
                >
                  <Row gutter={16}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name={['tiers', tier, 'threshold']}
                        label="Threshold (USDT)"
                        rules={[{ required: true }, zodRule(field.threshold)]}
                        extra={tier === 'BRONZE' ? 'Everyone starts at Bronze.' : undefined}
                      >
                        <TextInput inputMode="decimal" disabled={tier === 'BRONZE'} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name={['tiers', tier, 'discountBp']}
                        label="Discount (basis points)"
                        rules={[{ required: true }, zodRule(field.discountBp)]}
                        extra={<DiscountNote tier={tier} commissionBp={commissionBp} />}
                      >
                        <InputNumber
                          min={0}
                          max={MAX_TIER_DISCOUNT_BP}
                          precision={0}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              </Col>
            );
          })}
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save tiers
        </Button>
      </AppForm>
    </SectionCard>
  );
}
