import { Button, Card, Col, ColorPicker, Form, InputNumber, Row, Select, Switch } from 'antd';
import type { DepositSettings, DepositSettingsRequest } from '@crimsonhost/shared/admin-settings';
import {
  CONFIRMATIONS_RANGE,
  depositNetworkSettingsInputSchema,
} from '@crimsonhost/shared/admin-settings';
import { AppForm, zodRule } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { useSettingsSave } from './settings-save';

type NetworkValues = DepositSettings['networks'][number];
interface DepositValues {
  minAmount: string;
  /** Empty: no maximum of its own. */
  maxAmount: string;
  defaultNetwork: DepositSettings['defaultNetwork'];
  networks: NetworkValues[];
}

const field = depositNetworkSettingsInputSchema.shape;

/** The form keeps only what has a field: each row's network comes from its place in the list. */
function toRequest(settings: DepositSettings, values: DepositValues): DepositSettingsRequest {
  const max = values.maxAmount?.trim() ?? '';
  return {
    version: settings.version,
    minAmount: values.minAmount.trim(),
    maxAmount: max === '' ? null : max,
    defaultNetwork: values.defaultNetwork,
    networks: values.networks.map((row, index) => ({
      network: settings.networks[index]!.network,
      enabled: row.enabled,
      feePercent: String(row.feePercent).trim(),
      confirmations: row.confirmations,
      processingTime: row.processingTime,
      color: typeof row.color === 'string' ? row.color : String(row.color),
    })),
  };
}

/**
 * Deposits: the limits and default network of the deposit dialog, and each network's switch,
 * fee, confirmations, processing time and colour. Saved whole, after a confirmation.
 */
/**
 * A network's colour: Ant Design's picker opened from a real button. The picker's own trigger is
 * a plain div, on which the form's aria-required and aria-invalid are not allowed (axe flags it
 * as critical); a button takes the field's id, so the label names it, and says the colour.
 */
function ColorField({
  id,
  value,
  onChange,
  'aria-describedby': describedBy,
}: {
  id?: string;
  value?: string;
  onChange?: (color: { toHexString: () => string }) => void;
  'aria-describedby'?: string;
}) {
  return (
    <ColorPicker value={value} onChange={onChange} format="hex" disabledAlpha>
      <Button id={id} aria-describedby={describedBy} style={{ width: '100%' }}>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 16,
            height: 16,
            borderRadius: 4,
            background: value,
            border: '1px solid rgba(127, 127, 127, 0.4)',
          }}
        />
        {value}
      </Button>
    </ColorPicker>
  );
}

export function DepositSettingsCard({ settings }: { settings: DepositSettings }) {
  const [form] = Form.useForm<DepositValues>();
  const { ask, ui, saving } = useSettingsSave('deposits', form, settings);
  const initialValues: DepositValues = {
    minAmount: settings.minAmount,
    maxAmount: settings.maxAmount ?? '',
    defaultNetwork: settings.defaultNetwork,
    networks: settings.networks,
  };
  return (
    <SectionCard title="Deposits">
      {ui}
      <AppForm<DepositValues>
        name="deposit-settings"
        form={form}
        initialValues={initialValues}
        onFinish={(values) => ask(toRequest(settings, values))}
      >
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="minAmount" label="Minimum (USDT)" rules={[{ required: true }]}>
              <TextInput inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="maxAmount" label="Maximum (USDT)" extra="Empty: no maximum">
              <TextInput inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="defaultNetwork" label="Default network">
              <Select
                options={settings.networks.map((row) => ({
                  value: row.network,
                  label: row.displayName,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="networks">
          {(rows, _operations, { errors }) => (
            <>
              <Form.ErrorList errors={errors} />
              {rows.map((row) => {
                const network = settings.networks[row.name]!;
                return (
                  <Card
                    key={row.key}
                    size="small"
                    type="inner"
                    title={network.displayName}
                    style={{ marginBottom: 16 }}
                    role="group"
                    aria-label={network.displayName}
                  >
                    <Row gutter={16}>
                      <Col xs={12} sm={4}>
                        <Form.Item
                          name={[row.name, 'enabled']}
                          label="Enabled"
                          valuePropName="checked"
                        >
                          <Switch />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={5}>
                        <Form.Item
                          name={[row.name, 'feePercent']}
                          label="Fee (%)"
                          rules={[{ required: true }, zodRule(field.feePercent)]}
                        >
                          <TextInput inputMode="decimal" />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={5}>
                        <Form.Item
                          name={[row.name, 'confirmations']}
                          label="Confirmations"
                          rules={[{ required: true }, zodRule(field.confirmations)]}
                        >
                          <InputNumber
                            min={CONFIRMATIONS_RANGE.min}
                            max={CONFIRMATIONS_RANGE.max}
                            precision={0}
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={5}>
                        <Form.Item
                          name={[row.name, 'color']}
                          label="Colour"
                          rules={[{ required: true }, zodRule(field.color)]}
                          getValueFromEvent={(color: { toHexString: () => string }) =>
                            color.toHexString().toUpperCase()
                          }
                        >
                          <ColorField />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={5}>
                        <Form.Item
                          name={[row.name, 'processingTime']}
                          label="Processing time"
                          rules={[{ required: true }, zodRule(field.processingTime)]}
                        >
                          <TextInput maxLength={60} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                );
              })}
            </>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save deposits
        </Button>
      </AppForm>
    </SectionCard>
  );
}
