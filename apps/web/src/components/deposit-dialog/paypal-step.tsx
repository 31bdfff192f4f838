import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Typography, type FormInstance } from 'antd';
import {
  isPayPalQuote,
  paypalQuote,
  type PayPalConfig,
  type PayPalQuote,
} from '@crimsonhost/shared/paypal';
import { parseUsdt } from '@crimsonhost/shared/money';
import { toApiError, type ApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';
import { useAttemptKey } from '../../lib/use-attempt-key';
import { formatUsdtExact, plainUsdt } from '../../lib/wallet/usdt-format';
import { AppForm, applyFieldErrors } from '../app-form';
import { TextInput } from '../text-input';
import { useCreatePayPalOrder } from './api/create-paypal-order';
import { groupThousands } from './deposit-rules';
import { formatFeePercent } from './network-choice';

interface PayPalValues {
  amount?: string;
}

export interface PayPalStepProps {
  config: PayPalConfig;
  /** The amount to start with, in the PayPal currency (a payment tried again). */
  initialAmount?: string;
  /** The server refused: the e-mail address is not verified yet. */
  onUnverified: () => void;
}

export const PAYPAL_START_FAILED_MESSAGE =
  'The payment could not be started at PayPal. Please try again.';
export const PAYPAL_OFF_MESSAGE =
  'Payments with PayPal are not available right now. You can still deposit USDT.';

/** Why the order could not be made, in words; the server's own when it has ones worth reading. */
export function paypalStartFailure(error: ApiError): string {
  if (error.code === 'PAYPAL_OFF') return PAYPAL_OFF_MESSAGE;
  if (error.code === 'PAYPAL_UNAVAILABLE' || error.code === 'RATE_LIMITED') {
    return describeApiError(error);
  }
  if (error.code === 'UNEXPECTED_RESPONSE' || error.status >= 500 || !error.message) {
    return PAYPAL_START_FAILED_MESSAGE;
  }
  return describeApiError(error);
}

const money = (amount: string) => groupThousands(amount);

/** '3.49% of the amount plus 0.49 USD', or just one part when the other is zero. */
function feeRule(config: PayPalConfig): string | null {
  const percent = parseUsdt(config.feePercent) > 0n ? formatFeePercent(config.feePercent) : '';
  const fixed = parseUsdt(config.feeFixed) > 0n ? `${config.feeFixed} ${config.currency}` : '';
  if (percent && fixed) return `${percent} of the amount plus ${fixed}`;
  if (percent) return `${percent} of the amount`;
  return fixed || null;
}

/** '3.49% + 0.49 USD': the fee's parts, beside the fee of the amount typed. */
function feeParts(config: PayPalConfig): string | null {
  const parts = [
    parseUsdt(config.feePercent) > 0n ? formatFeePercent(config.feePercent) : null,
    parseUsdt(config.feeFixed) > 0n ? `${config.feeFixed} ${config.currency}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' + ') : null;
}

/** What the amount typed brings, as the server will compute it: paid, fee, and the rest credited. */
function Breakdown({ config, quote }: { config: PayPalConfig; quote: PayPalQuote }) {
  const rule = feeParts(config);
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'pay',
          label: 'You pay',
          children: `${money(quote.value)} ${config.currency}`,
        },
        {
          key: 'fee',
          label: 'Fee',
          children: `${formatUsdtExact(quote.fee)} USDT${rule ? ` (${rule})` : ''}`,
        },
        {
          key: 'credit',
          label: 'Reaches your wallet',
          children: <strong>{formatUsdtExact(quote.credit)} USDT</strong>,
        },
      ]}
    />
  );
}

/** The fee and the rate said once, then the breakdown of the amount typed as it changes. */
function Quote({ config, form }: { config: PayPalConfig; form: FormInstance<PayPalValues> }) {
  const amount = Form.useWatch('amount', form);
  const quote = paypalQuote(amount ?? '', config);
  const rule = feeRule(config);
  return (
    <div aria-live="polite">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {rule ? `Fee: ${rule}, taken from what reaches your wallet. ` : 'No fee. '}
        Rate: 1 {config.currency} = {plainUsdt(config.rate)} USDT.
      </Typography.Paragraph>
      {isPayPalQuote(quote) && <Breakdown config={config} quote={quote} />}
    </div>
  );
}

/**
 * The first step of the deposit dialog with PayPal chosen: the amount in PayPal's currency, what
 * it brings after the fee, then PayPal's own page to approve it. The wallet is credited once the
 * server has captured the payment, never on the way back alone.
 */
export function PayPalStep({ config, initialAmount, onUnverified }: PayPalStepProps) {
  const [form] = Form.useForm<PayPalValues>();
  const createOrder = useCreatePayPalOrder();
  // A retry of the same amount reuses its key: a lost answer is replayed, not a second order.
  const attempt = useAttemptKey();
  const [failure, setFailure] = useState<string | null>(null);
  // On the way to PayPal: the button keeps its spinner until the browser has left.
  const [leaving, setLeaving] = useState(false);
  const busy = createOrder.isPending || leaving;

  useEffect(() => {
    // Back from PayPal with the browser's back button, the page as it was: ready again.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const submit = ({ amount = '' }: PayPalValues) => {
    const typed = amount.trim();
    setFailure(null);
    createOrder.mutateAsync({ amount: typed, idempotencyKey: attempt.keyFor(typed) }).then(
      (payment) => {
        if (!payment.approveUrl) {
          setFailure(PAYPAL_START_FAILED_MESSAGE);
          return;
        }
        setLeaving(true);
        window.location.assign(payment.approveUrl);
      },
      (raw: unknown) => {
        const error = toApiError(raw);
        if (error.code === 'EMAIL_NOT_VERIFIED') {
          onUnverified();
          return;
        }
        if (error.code === 'VALIDATION_ERROR' && applyFieldErrors(form, error)) return;
        setFailure(paypalStartFailure(error));
      },
    );
  };

  return (
    <AppForm<PayPalValues>
      name="paypal"
      form={form}
      initialValues={{ amount: initialAmount }}
      onFinish={submit}
      disabled={busy}
    >
      {config.sandbox && (
        <Alert
          type="info"
          showIcon
          // Said once with the form, not announced as news.
          role="note"
          title="PayPal sandbox: a test payment, no real money moves."
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item<PayPalValues>
        name="amount"
        label={`Amount (${config.currency})`}
        extra={`From ${money(config.minAmount)} to ${money(config.maxAmount)} ${config.currency}.`}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const quote = paypalQuote(value ?? '', config);
              if (!isPayPalQuote(quote)) throw new Error(quote.message);
            },
          },
        ]}
      >
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          placeholder={config.minAmount}
          suffix={config.currency}
          aria-required
        />
      </Form.Item>
      <Quote config={config} form={form} />
      {failure && (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginTop: 16 }} />
      )}
      <Button type="primary" htmlType="submit" block loading={busy} style={{ marginTop: 16 }}>
        Continue to PayPal
      </Button>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
        You approve the payment on PayPal&apos;s page, then come back here. Your wallet is credited
        once PayPal has completed the payment.
      </Typography.Paragraph>
    </AppForm>
  );
}
