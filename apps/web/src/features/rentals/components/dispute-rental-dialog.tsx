import { Alert, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  VENDOR_ANSWER_HOURS,
  openDisputeRequestSchema,
  type DisputeReason,
} from '@crimsonhost/shared/disputes';
import { paths } from '../../../app/paths';
import { AppForm, applyFieldErrors, contractRule } from '../../../components/app-form';
import { TextLink } from '../../../components/text-link';
import { TextArea } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { useOpenDispute } from '../api/open-dispute';

interface DisputeValues {
  reason: DisputeReason;
  description: string;
}

const { shape } = openDisputeRequestSchema;

/**
 * 'Dispute this rental' (the buyer protection policy): what went wrong and what happened. The
 * dialog says before sending what a dispute does to the money and who answers by when; once
 * opened, the renter follows it in its support ticket.
 */
export function DisputeRentalDialog({
  rental,
  open,
  onClose,
}: {
  rental: RentalView;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DisputeValues>();
  const dispute = useOpenDispute();
  const toast = useToast();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (dispute.isPending) return;
    setFailure(null);
    onClose();
  };

  const send = (values: DisputeValues) => {
    setFailure(null);
    dispute.mutateAsync({ rentalId: rental.id, ...values, attachmentIds: [] }).then(
      (opened) => {
        toast('success', 'Dispute opened. Support and the vendor answer in its ticket.');
        onClose();
        void navigate(paths.supportTicket.href(opened.ticketId));
      },
      (raw: unknown) => {
        const error = toApiError(raw);
        if (!applyFieldErrors(form, error)) setFailure(describeApiError(error));
      },
    );
  };

  return (
    <Modal
      open={open}
      title={`Dispute ${rental.server.name}`}
      okText="Open dispute"
      cancelText="Cancel"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={dispute.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>
        While the dispute is open, your payment for this rental is not released to the vendor. The
        vendor has {VENDOR_ANSWER_HOURS} hours to answer; support then decides and posts the reason
        (the <TextLink to={paths.buyerProtection.href()}>buyer protection policy</TextLink>).
      </Typography.Paragraph>
      <AppForm<DisputeValues>
        name="dispute"
        form={form}
        initialValues={{ reason: 'UNREACHABLE', description: '' }}
        onFinish={send}
      >
        <Form.Item name="reason" label="What went wrong" rules={[contractRule(shape.reason)]}>
          <Radio.Group>
            {DISPUTE_REASONS.map((reason) => (
              <Radio key={reason} value={reason} style={{ display: 'flex', marginBottom: 4 }}>
                {DISPUTE_REASON_LABELS[reason]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="description"
          label="What happened"
          extra="When it started (with your time zone), what you saw, what you tried. You can add screenshots in the ticket."
          rules={[contractRule(shape.description)]}
        >
          <TextArea rows={5} maxLength={DISPUTE_DESCRIPTION_MAX} showCount />
        </Form.Item>
      </AppForm>
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
    </Modal>
  );
}
