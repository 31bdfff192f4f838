import { CloseCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form, Typography, theme } from 'antd';
import { useState, type CSSProperties } from 'react';
import {
  payoutTransactionRequestSchema,
  type AdminPayout,
  type PayoutTransactionRequest,
} from '@crimsonhost/shared/vendor-payouts';
import { AppForm, zodRule } from '../../../components/app-form';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { plainUsdt } from '../../../lib/wallet/usdt-format';
import { useSubmitPayoutTransaction } from '../api/submit-payout-transaction';
import { DetailCard } from './detail-card';
import { showActionError } from './reason-field';
import { RejectPayoutDialog } from './reject-payout-dialog';

/** 'A hash starts with 0x' or not: what the field's hint says for the network. */
const HASH_HINTS: Record<AdminPayout['network'], string> = {
  TRC20: '64 hexadecimal digits, as Tronscan shows it.',
  ERC20: '0x and 64 hexadecimal digits, as Etherscan shows it.',
  BEP20: '0x and 64 hexadecimal digits, as BscScan shows it.',
};

/**
 * The admin's two steps for a payout waiting to be sent: the exact transfer to make from the
 * treasury (the platform holds no keys, so they send it from their own wallet), then its hash,
 * which the API reads from the chain at once. A transaction that does not pay this payout is
 * refused with the reason under the field. Or the payout is rejected, with a reason.
 */
export function PayoutSendCard({ payout }: { payout: AdminPayout }) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<PayoutTransactionRequest>();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const submit = useSubmitPayoutTransaction();
  const toast = useToast();
  const amount = plainUsdt(payout.amount);
  const network = NETWORK_NAMES[payout.network];
  const code: CSSProperties = {
    fontFamily: token.fontFamilyCode,
    fontSize: '0.92em',
    overflowWrap: 'anywhere',
  };

  const record = async ({ txHash }: PayoutTransactionRequest) => {
    setFailure(null);
    try {
      const recorded = await submit.mutateAsync({ payoutId: payout.id, txHash: txHash.trim() });
      toast(
        'success',
        recorded.status === 'PAID'
          ? 'Transaction recorded: the payout is paid'
          : 'Transaction recorded: it is confirming on chain',
      );
    } catch (caught) {
      setFailure(showActionError(form, caught));
    }
  };

  return (
    <DetailCard title="Send this payout">
      <Flex vertical gap={12}>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li style={{ marginBottom: 8 }}>
            Send exactly{' '}
            <Typography.Text
              strong
              copyable={{ text: amount, tooltips: ['Copy amount', 'Copied'] }}
            >
              {amount} USDT
            </Typography.Text>{' '}
            on {network} from the treasury wallet to{' '}
            <Typography.Text
              copyable={{ text: payout.address, tooltips: ['Copy address', 'Copied'] }}
              style={code}
            >
              {payout.address}
            </Typography.Text>
            . The platform holds no keys: you send it from your own wallet.
          </li>
          <li>
            Paste the transaction hash here. It is read from the chain at once: it must pay exactly
            this amount to this address.
          </li>
        </ol>
        <AppForm<PayoutTransactionRequest>
          name="payout-transaction"
          form={form}
          onFinish={(values) => void record(values)}
          // A new hash asks afresh: the refusal of the last one no longer stands.
          onValuesChange={() => setFailure(null)}
          style={{ maxWidth: 720 }}
        >
          <Form.Item
            name="txHash"
            label="Transaction hash"
            extra={HASH_HINTS[payout.network]}
            rules={[{ required: true }, zodRule(payoutTransactionRequestSchema.shape.txHash)]}
          >
            <TextInput autoComplete="off" spellCheck={false} style={code} />
          </Form.Item>
          {failure && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={failure}
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            Check and record
          </Button>
        </AppForm>
        <Divider style={{ margin: 0 }} />
        <Flex wrap gap={8} align="center" justify="space-between">
          <Typography.Text type="secondary">
            Not paying it? Rejecting returns the money to the vendor&apos;s available balance.
          </Typography.Text>
          <Button
            danger
            icon={<CloseCircleOutlined aria-hidden />}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        </Flex>
      </Flex>
      <RejectPayoutDialog payout={payout} open={rejecting} onClose={() => setRejecting(false)} />
    </DetailCard>
  );
}
