import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Typography } from 'antd';
import { isUsdtAmount, parseUsdt } from '@crimsonhost/shared/money';
import type { Dispute } from '@crimsonhost/shared/disputes';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { formatAmount } from '../../../lib/rentals/rental-money';
import { useDecideDispute } from '../api/decide-dispute';
import { disputeEvidenceQueryOptions } from '../api/get-dispute-evidence';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';

interface DecisionValues {
  refundHours?: number | null;
  compensation?: string;
  reason: string;
}

/**
 * Support decides a dispute for the renter (issue 17 point 5): whole hours refunded from the held
 * payment to the renter's wallet, compensation in platform credit paid by the platform, or both.
 * The hours the platform measured down (the dispute's evidence) fill the refund in, and the
 * rental's price shows what it comes to.
 */
export function DecideDisputeDialog({
  dispute,
  open,
  onClose,
}: {
  dispute: Dispute;
  open: boolean;
  onClose: () => void;
}) {
  const evidence = useQuery({ ...disputeEvidenceQueryOptions(dispute.id), enabled: open });
  const suggestedHours = evidence.data?.downHours;
  const pricePerHour = evidence.data?.pricePerHour;
  const decide = useDecideDispute();
  const toast = useToast();
  return (
    <ActionDialog<DecisionValues>
      name="decide-dispute"
      open={open}
      title="Refund or compensate the renter"
      okText="Decide for the renter"
      pending={decide.isPending}
      initialValues={{ refundHours: suggestedHours ?? 0, compensation: '0' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const decided = await decide.mutateAsync({
          id: dispute.id,
          refundHours: values.refundHours ?? 0,
          compensation: (values.compensation ?? '0').trim() || '0',
          reason: values.reason,
        });
        toast('success', decidedSentence(decided));
      }}
    >
      <Typography.Paragraph>
        A refund comes out of the rental&apos;s held payment and goes to the renter&apos;s wallet
        (as platform credit for any part they paid with credit). Compensation is platform credit the
        platform pays, not the vendor. The reason is posted in this ticket, which is resolved, and
        mailed to the vendor.
      </Typography.Paragraph>
      <Form.Item
        name="refundHours"
        label="Refund whole hours"
        extra={
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue, setFieldValue }) => (
              <>
                {refundLine(getFieldValue('refundHours'), pricePerHour)}
                {suggestedHours !== undefined &&
                  getFieldValue('refundHours') !== suggestedHours && (
                    <>
                      {' '}
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0, height: 'auto' }}
                        onClick={() => setFieldValue('refundHours', suggestedHours)}
                      >
                        {`Use the ${suggestedHours} hour${suggestedHours === 1 ? '' : 's'} measured down`}
                      </Button>
                    </>
                  )}
              </>
            )}
          </Form.Item>
        }
      >
        <InputNumber min={0} max={8760} precision={0} step={1} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="compensation"
        label="Compensation in platform credit"
        rules={[
          {
            validator: async (_, value?: string) => {
              const text = (value ?? '').trim();
              if (text !== '' && !isUsdtAmount(text)) {
                throw new Error('Enter an amount such as 2.50, with at most 6 decimals');
              }
            },
          },
        ]}
      >
        <TextInput inputMode="decimal" suffix="credit" style={{ width: 200 }} />
      </Form.Item>
      <ReasonField extra="Read by the renter in the ticket and by the vendor by e-mail." />
    </ActionDialog>
  );
}

function refundLine(hours: unknown, pricePerHour?: string) {
  if (typeof hours !== 'number' || hours <= 0) return 'No refund.';
  if (!pricePerHour) return `${hours} hour${hours === 1 ? '' : 's'} of the rental's price.`;
  const amount = parseUsdt(pricePerHour) * BigInt(hours);
  return `${formatAmount(amount)} USDT: ${hours} × ${formatAmount(pricePerHour)} USDT an hour.`;
}

function decidedSentence(dispute: Dispute): string {
  const parts = [];
  if (dispute.refundHours > 0) parts.push(`${formatAmount(dispute.refundAmount)} USDT refunded`);
  if (parseUsdt(dispute.compensationAmount) > 0n) {
    parts.push(`${formatAmount(dispute.compensationAmount)} in credit given`);
  }
  return `Dispute decided: ${parts.join(' and ')}.`;
}
