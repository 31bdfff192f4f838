import { Alert, Button, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import {
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  reportRenterRequestSchema,
  type FlagReason,
} from '@crimsonhost/shared/moderation';
import { AppForm, applyFieldErrors, contractRule } from '../../../components/app-form';
import { TextArea } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useReportRenter } from '../api/report-renter';
import type { VendorRentalView } from '../api/get-vendor-rentals';

interface ReportValues {
  reason: FlagReason;
  message: string;
}

const shape = reportRenterRequestSchema.shape;

/**
 * "Report": the vendor tells the moderators about the renter of this rental (asked to deal off the
 * platform, shared private details, something suspicious). The report goes to the staff area's
 * moderation queue; the renter is not told who reported them.
 */
export function ReportRenterButton({ rental }: { rental: VendorRentalView }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReportValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const report = useReportRenter();
  const toast = useToast();
  const close = () => {
    setFailure(null);
    setOpen(false);
  };
  const send = (values: ReportValues) => {
    setFailure(null);
    report.mutateAsync({ rentalId: rental.id, ...values }).then(
      () => {
        toast('success', 'Thank you: the moderators will look at your report.');
        close();
      },
      (raw: unknown) => {
        const error = toApiError(raw);
        if (!applyFieldErrors(form, error)) setFailure(describeApiError(error));
      },
    );
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`Report the renter of ${rental.server.name}: ${rental.renter.displayName}`}
      >
        Report
      </Button>
      <Modal
        open={open}
        title={`Report ${rental.renter.displayName}`}
        okText="Send report"
        onOk={() => form.submit()}
        onCancel={close}
        confirmLoading={report.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Tell the moderators what the renter of {rental.server.name} did. They read it with the
          rental and decide; the renter is not told who reported them.
        </Typography.Paragraph>
        <AppForm<ReportValues>
          name="report-renter"
          form={form}
          initialValues={{ reason: 'solicitation', message: '' }}
          onFinish={send}
        >
          <Form.Item name="reason" label="What happened" rules={[contractRule(shape.reason)]}>
            <Radio.Group>
              {FLAG_REASONS.map((reason) => (
                <Radio key={reason} value={reason} style={{ display: 'flex', marginBottom: 4 }}>
                  {FLAG_REASON_LABELS[reason]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="message" label="In your words" rules={[contractRule(shape.message)]}>
            <TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
        </AppForm>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Modal>
    </>
  );
}
