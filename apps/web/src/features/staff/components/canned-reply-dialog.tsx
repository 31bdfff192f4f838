import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { TICKET_STATUS_LABELS } from '@crimsonhost/shared/support';
import {
  CANNED_PLACEHOLDERS,
  STAFF_SETTABLE_STATUSES,
  cannedReplyRequestSchema,
  type CannedReply,
} from '@crimsonhost/shared/support-desk';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { MessageEditor } from '../../../components/message-editor';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCreateCannedReply } from '../api/create-canned-reply';
import type { StaffStatus } from '../api/set-ticket-status';
import { useUpdateCannedReply } from '../api/update-canned-reply';

interface CannedValues {
  title: string;
  body: string;
  status?: StaffStatus | null;
}

/** What each placeholder becomes when an agent uses the reply. */
const PLACEHOLDER_HELP: Record<(typeof CANNED_PLACEHOLDERS)[number], string> = {
  '{{customer.name}}': "the customer's name",
  '{{ticket.number}}': 'the ticket number, without the #',
  '{{rental.server}}': 'the linked rental\'s server ("your server" without one)',
  '{{rental.endsAt}}': 'when the linked rental ends',
};

const { shape } = cannedReplyRequestSchema;

/** Adds or edits a canned reply: title, body in Markdown with placeholders, optional status. */
export function CannedReplyDialog({
  reply,
  onClose,
}: {
  reply: Partial<CannedReply> | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CannedValues>();
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const isNew = !reply?.id;

  const close = () => {
    setFailure(null);
    onClose();
  };
  const save = (values: CannedValues) => {
    setFailure(null);
    const body = { title: values.title, body: values.body, status: values.status ?? null };
    const done = {
      onSuccess: () => {
        toast('success', 'Canned reply saved');
        close();
      },
      onError: (error: unknown) => {
        const apiError = toApiError(error);
        if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
      },
    };
    if (reply?.id) update.mutate({ id: reply.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Modal
      open={reply !== null}
      title={isNew ? 'New canned reply' : 'Edit canned reply'}
      okText="Save"
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={720}
    >
      <AppForm<CannedValues>
        name="canned-reply"
        form={form}
        initialValues={{
          title: reply?.title ?? '',
          body: reply?.body ?? '',
          status: reply?.status ?? undefined,
        }}
        onFinish={save}
      >
        <Form.Item name="title" label="Title" rules={[{ required: true }, zodRule(shape.title)]}>
          <TextInput maxLength={100} />
        </Form.Item>
        <Form.Item name="body" label="Reply" rules={[{ required: true }, zodRule(shape.body)]}>
          <MessageEditor label="Reply" rows={8} />
        </Form.Item>
        <section aria-labelledby="canned-placeholders" style={{ marginBottom: 16 }}>
          <Typography.Text id="canned-placeholders" strong style={{ fontSize: 13 }}>
            Placeholders, filled in when the reply is used
          </Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 18, fontSize: 13 }}>
            {CANNED_PLACEHOLDERS.map((placeholder) => (
              <li key={placeholder}>
                <Typography.Text code copyable>
                  {placeholder}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">{PLACEHOLDER_HELP[placeholder]}</Typography.Text>
              </li>
            ))}
          </ul>
        </section>
        <Form.Item
          name="status"
          label="Also set the status"
          extra="Preselected next to Send when an agent uses this reply."
        >
          <Select<StaffStatus>
            allowClear
            placeholder="Leave the status to the agent"
            options={STAFF_SETTABLE_STATUSES.map((status) => ({
              value: status,
              label: TICKET_STATUS_LABELS[status],
            }))}
          />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </AppForm>
    </Modal>
  );
}
