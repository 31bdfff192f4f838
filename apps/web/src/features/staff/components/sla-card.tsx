import { Button, Col, Form, InputNumber, Row } from 'antd';
import type { SlaSettings, SlaHoursSettings } from '@crimsonhost/shared/admin-settings';
import { SLA_HOURS_RANGE, SLA_ORDER } from '@crimsonhost/shared/admin-settings';
import { AppForm } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { useSettingsSave } from './settings-save';

const label = (priority: string) => `${priority[0]}${priority.slice(1).toLowerCase()} (hours)`;

/** Support SLA: hours to a staff answer per priority, most pressing first. */
export function SlaCard({ settings }: { settings: SlaSettings }) {
  const [form] = Form.useForm<{ hours: SlaHoursSettings }>();
  const { ask, ui, saving } = useSettingsSave('sla', form, settings);
  return (
    <SectionCard title="Support SLA">
      {ui}
      <AppForm<{ hours: SlaHoursSettings }>
        name="sla-settings"
        form={form}
        initialValues={{ hours: settings.hours }}
        onFinish={(values) => ask({ version: settings.version, hours: values.hours })}
      >
        <Row gutter={16}>
          {SLA_ORDER.map((priority) => (
            <Col key={priority} xs={12} sm={6}>
              <Form.Item
                name={['hours', priority]}
                label={label(priority)}
                rules={[{ required: true }]}
              >
                <InputNumber
                  min={SLA_HOURS_RANGE.min}
                  max={SLA_HOURS_RANGE.max}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save SLA
        </Button>
      </AppForm>
    </SectionCard>
  );
}
