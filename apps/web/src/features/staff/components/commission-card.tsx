import { Button, Form, InputNumber } from 'antd';
import type { CommissionSettings } from '@crimsonhost/shared/admin-settings';
import { COMMISSION_RANGE } from '@crimsonhost/shared/admin-settings';
import { AppForm } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { useSettingsSave } from './settings-save';

/** Commission: the platform's share of each rental release, in basis points (1000 = 10 %). */
export function CommissionCard({ settings }: { settings: CommissionSettings }) {
  const [form] = Form.useForm<{ basisPoints: number }>();
  const { ask, ui, saving } = useSettingsSave('commission', form, settings);
  const basisPoints = Form.useWatch('basisPoints', form) ?? settings.basisPoints;
  return (
    <SectionCard title="Commission">
      {ui}
      <AppForm<{ basisPoints: number }>
        name="commission-settings"
        form={form}
        initialValues={{ basisPoints: settings.basisPoints }}
        onFinish={(values) => ask({ version: settings.version, basisPoints: values.basisPoints })}
      >
        <Form.Item
          name="basisPoints"
          label="Commission (basis points)"
          rules={[{ required: true }]}
          extra={`${(Number(basisPoints) / 100).toFixed(2)} % of each release; applies to rentals started from now on.`}
        >
          <InputNumber
            min={COMMISSION_RANGE.min}
            max={COMMISSION_RANGE.max}
            precision={0}
            style={{ width: '100%', maxWidth: 240 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save commission
        </Button>
      </AppForm>
    </SectionCard>
  );
}
