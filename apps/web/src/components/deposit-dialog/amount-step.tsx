import { Button, Form, InputNumber, Typography, type FormInstance } from 'antd';
import { DEPOSIT_AMOUNT_STEP, type Network } from '@crimsonhost/shared/constants';
import { parseUsdt } from '@crimsonhost/shared/money';
import type { DepositConfig } from '@crimsonhost/shared/wallet';
import { formatUsdtExact, plainUsdt } from '../../lib/wallet/usdt-format';
import { AppForm } from '../app-form';
import {
  depositAmountError,
  depositFee,
  groupThousands,
  stripGrouping,
  ungroup,
} from './deposit-rules';
import { NetworkChoice, formatFeePercent } from './network-choice';

export interface AmountValues {
  /** As the field holds it: digits and a point, no grouping. */
  amount?: string | null;
  network?: Network;
}

export interface AmountStepProps {
  config: DepositConfig;
  form: FormInstance<AmountValues>;
  initialValues: AmountValues;
  submitting: boolean;
  onSubmit: (values: { amount: string; network: Network }) => void;
  /** Focus the amount once it shows: it is the dialog's first field unless a method comes first. */
  autoFocus?: boolean;
}

/** How the fee is taken, said exactly, with what this amount would give if it arrives as asked. */
function FeeExplanation({ config, form }: { config: DepositConfig; form: FormInstance }) {
  const amount = Form.useWatch<string | null | undefined>('amount', form);
  const networkId = Form.useWatch<Network | undefined>('network', form);
  const network = config.networks.find((candidate) => candidate.id === networkId);
  if (!network) return null;
  const typed = ungroup(amount ?? '');
  const valid = depositAmountError(typed, config) === null;
  const received = valid ? parseUsdt(typed) : null;
  const fee = received === null ? null : depositFee(received, network.fee);
  return (
    <div aria-live="polite">
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        Deposit fee on {network.displayName}: {formatFeePercent(network.fee)} of the amount that
        arrives is kept, rounded down to the micro-USDT (0.000001 USDT). Your wallet is credited the
        rest.
      </Typography.Paragraph>
      {received !== null && fee !== null && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          If exactly {formatUsdtExact(received)} USDT arrives: fee {formatUsdtExact(fee)} USDT,
          credited {formatUsdtExact(received - fee)} USDT.
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** Step 0 of the deposit dialog: how much, on which network. */
export function AmountStep({
  config,
  form,
  initialValues,
  submitting,
  onSubmit,
  autoFocus = true,
}: AmountStepProps) {
  const limits =
    config.maxAmount === null
      ? `Minimum ${plainUsdt(config.minAmount)} USDT.`
      : `From ${plainUsdt(config.minAmount)} to ${groupThousands(plainUsdt(config.maxAmount))} USDT.`;
  return (
    <AppForm<AmountValues>
      name="deposit"
      form={form}
      initialValues={initialValues}
      onFinish={(values) =>
        onSubmit({ amount: ungroup(values.amount ?? ''), network: values.network! })
      }
      disabled={submitting}
    >
      <Form.Item<AmountValues>
        name="amount"
        label="Amount (USDT)"
        extra={limits}
        rules={[
          {
            validator: async (_rule, value: string | null | undefined) => {
              const error = depositAmountError(ungroup(value ?? ''), config);
              if (error) throw new Error(error);
            },
          },
        ]}
      >
        <InputNumber<string>
          stringMode
          min="0"
          step={String(DEPOSIT_AMOUNT_STEP)}
          formatter={(value) => groupThousands(String(value ?? ''))}
          parser={(text) => stripGrouping(text ?? '')}
          placeholder={plainUsdt(config.minAmount)}
          inputMode="decimal"
          suffix="USDT"
          style={{ width: '100%' }}
          aria-required
          // The first field, not the dialog's Close button, has the focus when the dialog opens.
          autoFocus={autoFocus}
        />
      </Form.Item>
      <Form.Item<AmountValues>
        name="network"
        label="Network"
        rules={[{ required: true, message: 'Choose a network' }]}
      >
        <NetworkChoice networks={config.networks} />
      </Form.Item>
      <FeeExplanation config={config} form={form} />
      <Button type="primary" htmlType="submit" block loading={submitting} style={{ marginTop: 16 }}>
        Generate Deposit Address
      </Button>
    </AppForm>
  );
}
