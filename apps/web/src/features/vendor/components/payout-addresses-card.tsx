import { Alert, Button, Descriptions, Flex, Form, Input, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import { PAYOUT_ADDRESS_LOCK_HOURS, type PayoutStanding } from '@crimsonhost/shared/vendor-payouts';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { SectionCard } from '../../../components/section-card';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useChangePayoutAddresses } from '../api/change-payout-addresses';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { Dated } from './dated';
import { PayoutAddressFields } from './payout-address-fields';

interface ChangeValues {
  payoutAddresses: Partial<Record<Network, string>>;
  password: string;
}

/** The API names nested fields with dots (payoutAddresses.ERC20); the form with paths. */
function fieldsByPath(error: ReturnType<typeof toApiError>) {
  const details = error.details as
    { fields?: Array<{ field: string; message: string }> } | undefined;
  return (details?.fields ?? []).map((issue) => ({
    name: issue.field.split('.') as never,
    errors: [issue.message],
  }));
}

/**
 * Where I am paid, one address per network, and the change of them: confirmed with my password,
 * after which payouts wait 48 hours and I am told by mail (so a stolen session cannot redirect my
 * money before I notice).
 */
export function PayoutAddressesCard({ standing }: { standing: PayoutStanding }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ChangeValues>();
  const change = useChangePayoutAddresses();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const { token } = theme.useToken();
  const close = () => {
    setFailure(null);
    setMissing(null);
    setOpen(false);
  };
  const save = (values: ChangeValues) => {
    setFailure(null);
    const given = Object.fromEntries(
      NETWORKS.flatMap((network) => {
        const address = values.payoutAddresses?.[network]?.trim();
        return address ? [[network, address]] : [];
      }),
    );
    if (Object.keys(given).length === 0) {
      setMissing('Give a payout address for at least one network');
      return;
    }
    setMissing(null);
    change.mutate(
      { payoutAddresses: given, password: values.password },
      {
        onSuccess: (next) => {
          toast(
            'success',
            next.lockedUntil
              ? `Payout addresses saved. Payouts wait until ${new Date(next.lockedUntil).toUTCString()}.`
              : 'Nothing changed: these are your addresses already.',
          );
          close();
        },
        onError: (error) => {
          const apiError = toApiError(error);
          const fields = fieldsByPath(apiError);
          if (fields.length > 0) form.setFields(fields);
          else if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
        },
      },
    );
  };
  return (
    <SectionCard
      title="Payout addresses"
      extra={
        standing.hasPassword ? (
          <Button onClick={() => setOpen(true)}>Change addresses</Button>
        ) : null
      }
    >
      <Flex vertical gap={12}>
        {standing.payoutAddresses.length === 0 ? (
          <Typography.Paragraph style={{ margin: 0 }}>
            You have no payout address yet. Add one to ask for payouts.
          </Typography.Paragraph>
        ) : (
          <Descriptions
            column={1}
            size="small"
            items={standing.payoutAddresses.map((row) => ({
              key: row.network,
              label: NETWORK_NAMES[row.network],
              children: (
                <Flex vertical>
                  <Typography.Text
                    copyable
                    style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
                  >
                    {row.address}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    Saved <Dated at={row.updatedAt} />
                  </Typography.Text>
                </Flex>
              ),
            }))}
          />
        )}
        {standing.lockedUntil && (
          <Alert
            type="warning"
            showIcon
            title={`Your payout addresses changed: payouts wait until ${new Date(standing.lockedUntil).toUTCString()}.`}
          />
        )}
        {!standing.hasPassword && (
          <Alert
            type="info"
            showIcon
            title="Your account signs in with Discord only. Set a password on your profile to change payout addresses: the change is confirmed with it."
          />
        )}
      </Flex>
      <Modal
        open={open}
        title="Change payout addresses"
        okText="Save addresses"
        cancelText="Cancel"
        confirmLoading={change.isPending}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <AppForm<ChangeValues>
          name="payout-addresses"
          form={form}
          preserve={false}
          initialValues={{
            payoutAddresses: Object.fromEntries(
              standing.payoutAddresses.map((row) => [row.network, row.address]),
            ),
          }}
          onFinish={save}
        >
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`After a change, payouts wait ${PAYOUT_ADDRESS_LOCK_HOURS} hours and we tell you by mail. A payout already asked for still goes to the address it was asked with.`}
          />
          <PayoutAddressFields missing={missing} />
          <Form.Item
            name="password"
            label="Your password"
            rules={[{ required: true, message: 'Enter your password to confirm the change' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        </AppForm>
      </Modal>
    </SectionCard>
  );
}
