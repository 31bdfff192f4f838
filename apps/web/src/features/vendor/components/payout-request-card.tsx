import { Alert, Button, Descriptions, Flex, Form, Modal, Radio, Typography, theme } from 'antd';
import { useState } from 'react';
import type { Network } from '@crimsonhost/shared/constants';
import { isUsdtAmount, parseUsdt } from '@crimsonhost/shared/money';
import {
  MIN_PAYOUT_MICRO,
  type Payout,
  type PayoutStanding,
} from '@crimsonhost/shared/vendor-payouts';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { TextInput } from '../../../components/text-input';
import { UsdtAmount } from '../../../components/usdt-amount';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useCancelPayout } from '../api/cancel-payout';
import { useRequestPayout } from '../api/request-payout';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { Dated } from './dated';
import { PayoutHash } from './payout-hash';
import { PayoutStatusTag } from './payout-status-tag';

interface RequestValues {
  network: Network;
  amount: string;
}

/** The amount a person typed, checked as the API will: USDT, at least 10, at most what is there. */
function amountRule(available: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) throw new Error('Enter the amount to pay out');
      if (!isUsdtAmount(text)) throw new Error('Enter an amount in USDT, such as 25 or 25.50');
      const micro = parseUsdt(text);
      if (micro < MIN_PAYOUT_MICRO) throw new Error('The smallest payout is 10 USDT.');
      if (micro > parseUsdt(available))
        throw new Error(`Only ${formatUsdtExact(available)} USDT is available to pay out.`);
    },
  };
}

/** The payout waiting to be sent or confirming: what, where, since when; cancel while nobody sent it. */
function OpenPayout({ payout }: { payout: Payout }) {
  const cancel = useCancelPayout();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'status', label: 'Status', children: <PayoutStatusTag status={payout.status} /> },
          { key: 'amount', label: 'Amount', children: <UsdtAmount amount={payout.amount} /> },
          { key: 'network', label: 'Network', children: NETWORK_NAMES[payout.network] },
          {
            key: 'address',
            label: 'To',
            children: (
              <Typography.Text
                style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
              >
                {payout.address}
              </Typography.Text>
            ),
          },
          {
            key: 'requested',
            label: 'Asked',
            children: <Dated at={payout.requestedAt} withTime />,
          },
          ...(payout.status === 'SUBMITTED'
            ? [
                {
                  key: 'confirmations',
                  label: 'Confirmations',
                  children: `${payout.confirmations ?? 0} of ${payout.requiredConfirmations ?? '…'}`,
                },
                { key: 'hash', label: 'Transaction', children: <PayoutHash payout={payout} /> },
              ]
            : []),
        ]}
      />
      {payout.reason && payout.status === 'REQUESTED' && (
        <Alert type="warning" showIcon title={payout.reason} />
      )}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {payout.status === 'REQUESTED'
          ? 'Staff send payouts from the treasury, usually within one working day. The amount is set aside for it meanwhile.'
          : 'The USDT is on its way: it is marked paid once the chain has confirmed the transfer.'}
      </Typography.Paragraph>
      {payout.status === 'REQUESTED' && (
        <div>
          <Button onClick={() => setAsking(true)}>Cancel payout</Button>
        </div>
      )}
      <Modal
        open={asking}
        title="Cancel this payout?"
        okText="Cancel payout"
        okButtonProps={{ danger: true }}
        cancelText="Keep it"
        confirmLoading={cancel.isPending}
        onCancel={() => {
          setFailure(null);
          setAsking(false);
        }}
        // The answer refreshes the standing, which has no open payout any more: this card
        // unmounts, and callbacks given to `mutate` would never run. The promise always settles.
        onOk={() =>
          cancel.mutateAsync(payout.id).then(
            () => {
              toast('success', 'Payout cancelled. The money is available again.');
              setAsking(false);
            },
            (error: unknown) => setFailure(describeApiError(toApiError(error))),
          )
        }
        destroyOnHidden
      >
        <Typography.Paragraph>
          <UsdtAmount amount={payout.amount} /> goes back to your available balance. You can ask for
          a new payout from {new Date(Date.parse(payout.requestedAt) + 86_400_000).toUTCString()}{' '}
          (one request a day).
        </Typography.Paragraph>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Modal>
    </Flex>
  );
}

/**
 * Asking for a payout: a network among my saved addresses and an amount (all that is available
 * unless I say less), confirmed before the money is set aside. When a payout cannot be asked for,
 * the reason says why and until when.
 */
export function PayoutRequestCard({ standing }: { standing: PayoutStanding }) {
  const [form] = Form.useForm<RequestValues>();
  const request = useRequestPayout();
  const toast = useToast();
  const [confirming, setConfirming] = useState<RequestValues | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { token } = theme.useToken();
  const networks = standing.payoutAddresses;

  if (standing.open)
    return (
      <SectionCard title="Your open payout">
        <OpenPayout payout={standing.open} />
      </SectionCard>
    );

  const addressOf = (network: Network) =>
    networks.find((row) => row.network === network)?.address ?? '';
  const send = () => {
    if (!confirming) return;
    setFailure(null);
    request.mutate(confirming, {
      onSuccess: (payout) => {
        toast('success', `Payout of ${formatUsdtExact(payout.amount)} USDT asked for.`);
        setConfirming(null);
        form.resetFields();
      },
      onError: (error) => {
        const apiError = toApiError(error);
        setConfirming(null);
        if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
      },
    });
  };

  return (
    <SectionCard title="Ask for a payout">
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Available to pay out:{' '}
          <Typography.Text strong>
            <UsdtAmount amount={standing.available} />
          </Typography.Text>
        </Typography.Paragraph>
        {standing.blockedReason ? (
          <Alert type="info" showIcon title={standing.blockedReason} />
        ) : (
          <AppForm<RequestValues>
            name="payout"
            form={form}
            initialValues={{ network: networks[0]?.network, amount: standing.available }}
            onFinish={(values) => {
              setFailure(null);
              setConfirming({ network: values.network, amount: values.amount.trim() });
            }}
            style={{ maxWidth: 520 }}
          >
            <Form.Item
              name="network"
              label="Pay to"
              rules={[{ required: true, message: 'Choose where to be paid' }]}
            >
              <Radio.Group style={{ display: 'grid', gap: 8 }}>
                {networks.map((row) => (
                  <Radio key={row.network} value={row.network}>
                    {NETWORK_NAMES[row.network]}{' '}
                    <Typography.Text
                      type="secondary"
                      style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
                    >
                      {row.address}
                    </Typography.Text>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item
              name="amount"
              label="Amount (USDT)"
              extra="At least 10 USDT. One payout request a day."
              rules={[amountRule(standing.available)]}
            >
              <TextInput inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              Ask for payout
            </Button>
          </AppForm>
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Flex>
      <Modal
        open={confirming !== null}
        title="Ask for this payout?"
        okText="Ask for payout"
        cancelText="Go back"
        confirmLoading={request.isPending}
        onOk={send}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming && (
          <Flex vertical gap={8}>
            <Typography.Paragraph style={{ margin: 0 }}>
              <Typography.Text strong>{formatUsdtExact(confirming.amount)} USDT</Typography.Text> on{' '}
              {NETWORK_NAMES[confirming.network]} to
            </Typography.Paragraph>
            <Typography.Paragraph
              copyable
              style={{ margin: 0, fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
            >
              {addressOf(confirming.network)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              The amount leaves your available balance now and is set aside until staff send it.
              Check the address: USDT sent to a wrong address cannot be brought back.
            </Typography.Paragraph>
          </Flex>
        )}
      </Modal>
    </SectionCard>
  );
}
