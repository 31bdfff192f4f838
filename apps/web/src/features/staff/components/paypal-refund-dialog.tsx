import { Form, Typography } from 'antd';
import type { AdminPayPalDetail } from '@crimsonhost/shared/admin-paypal';
import { parseSignedUsdt, parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { currencyValue } from '@crimsonhost/shared/paypal';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { useRefundPayPalPayment } from '../api/refund-paypal-payment';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';
import { currencyText } from './paypal-tags';

interface RefundValues {
  amount: string;
  reason: string;
}

const CENTS = /^\d{1,8}(\.\d{1,2})?$/;

/** What is wrong with an amount to refund, in the API's words; null when it may be sent. */
export function refundAmountProblem(
  text: string,
  payment: Pick<AdminPayPalDetail, 'refundableValue' | 'currency'>,
): string | null {
  const value = text.trim();
  if (!CENTS.test(value)) {
    return `Enter the amount to refund in ${payment.currency}, such as 5 or 5.50`;
  }
  const asked = parseUsdt(value);
  if (asked <= 0n) return 'Enter an amount above zero';
  if (asked > parseUsdt(payment.refundableValue)) {
    return `At most ${currencyText(payment.refundableValue, payment.currency)} of this payment is left to refund`;
  }
  return null;
}

/** '5' -> '5.00': a valid amount as the payment's currency writes it. */
const inCents = (amount: string) => currencyValue(parseUsdt(amount.trim()));

const abs = (amount: string) => {
  const micro = parseSignedUsdt(amount);
  return micro < 0n ? -micro : micro;
};

/**
 * The USDT the renter's wallet gives up for a refund of `value` (in the payment's currency),
 * worked out as the API does: the value at the payment's own rate, and of it the wallet's share
 * (what reached the wallet, the fee aside), after what was refunded before.
 */
export function walletShareOf(payment: AdminPayPalDetail, value: string): bigint {
  const paid = parseUsdt(payment.value);
  const gross = parseUsdt(payment.usdtAmount);
  if (paid === 0n || gross === 0n) return 0n;
  const credit = parseUsdt(payment.credit);
  const before = abs(payment.refunded);
  const after = before + (parseUsdt(value) * gross) / paid;
  const share = (total: bigint) => (total * credit) / gross;
  return share(after) - share(before);
}

/** What the refund does, in a sentence, for the amount typed so far. */
function RefundSentence({ payment, amount }: { payment: AdminPayPalDetail; amount: string }) {
  const name = payment.user.name;
  const available = formatUsdtExact(payment.walletAvailable);
  const valid = refundAmountProblem(amount, payment) === null;
  if (!valid) {
    return (
      <Typography.Paragraph>
        PayPal gives the buyer the amount back, and {name}&apos;s wallet loses its share of it
        through the ledger. The wallet holds {available} USDT now.
      </Typography.Paragraph>
    );
  }
  const share = walletShareOf(payment, amount);
  const spent = share > parseUsdt(payment.walletAvailable);
  return (
    <>
      <Typography.Paragraph>
        PayPal gives the buyer {currencyText(inCents(amount), payment.currency)} back, and {name}
        &apos;s wallet loses its share of it: {formatUsdtExact(toUsdtString(share))} USDT, through
        the ledger. The wallet holds {available} USDT now. A refund cannot be undone.
      </Typography.Paragraph>
      {spent && (
        <Typography.Paragraph type="warning">
          That is more than the wallet holds: the refund will be refused. Refund less.
        </Typography.Paragraph>
      )}
    </>
  );
}

/**
 * An admin refunds a completed PayPal payment, whole or part (issue 19 point 5): the amount
 * starts at all that is left, the reason goes to the audit log, and the dialog says what moves
 * before anything is sent. One Idempotency-Key per amount tried, kept while it is tried again (an
 * answer lost on the way is then replayed by PayPal, never refunded twice), new after a refund.
 */
export function PayPalRefundDialog({
  payment,
  open,
  onClose,
}: {
  payment: AdminPayPalDetail;
  open: boolean;
  onClose: () => void;
}) {
  const refund = useRefundPayPalPayment();
  const attempt = useAttemptKey();
  const toast = useToast();
  const left = currencyText(payment.refundableValue, payment.currency);
  return (
    <ActionDialog<RefundValues>
      name="paypal-refund"
      open={open}
      title="Refund this PayPal payment"
      okText="Refund at PayPal"
      danger
      pending={refund.isPending}
      initialValues={{ amount: payment.refundableValue }}
      onClose={onClose}
      onSubmit={async ({ amount, reason }) => {
        const value = inCents(amount);
        await refund.mutateAsync({
          transactionId: payment.transactionId,
          amount: value,
          reason,
          idempotencyKey: attempt.keyFor(`${payment.transactionId}:${value}`),
        });
        attempt.startOver();
        toast('success', `Refunded ${currencyText(value, payment.currency)} at PayPal`);
      }}
    >
      <Form.Item
        name="amount"
        label="Amount to refund"
        extra={`At most ${left}`}
        rules={[
          { required: true, message: `Enter the amount to refund in ${payment.currency}` },
          {
            validator: async (_rule, value?: string) => {
              if (!value?.trim()) return;
              const problem = refundAmountProblem(value, payment);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          suffix={payment.currency}
          style={{ maxWidth: 240 }}
        />
      </Form.Item>
      <Form.Item<RefundValues>
        noStyle
        shouldUpdate={(before: RefundValues, after: RefundValues) => before.amount !== after.amount}
      >
        {({ getFieldValue }) => (
          <RefundSentence payment={payment} amount={String(getFieldValue('amount') ?? '')} />
        )}
      </Form.Item>
      <ReasonField extra="Kept in the audit log." />
    </ActionDialog>
  );
}
