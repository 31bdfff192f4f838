import { Alert, Button, Card, Flex, Form, Segmented, Select, theme } from 'antd';
import { useState } from 'react';
import {
  TICKET_STATUS_LABELS,
  ticketMessageSchema,
  type Attachment,
} from '@crimsonhost/shared/support';
import {
  STAFF_SETTABLE_STATUSES,
  type CannedReply,
  type DeskTicketDetail,
} from '@crimsonhost/shared/support-desk';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useTypingPings } from '../api/ping-typing';
import type { StaffStatus } from '../api/set-ticket-status';
import { useWriteDeskMessage } from '../api/write-desk-message';
import { fillPlaceholders, insertReply } from '../fill-placeholders';
import { CannedReplyPicker } from './canned-reply-picker';

type Kind = 'reply' | 'note';

interface ComposerValues {
  message: string;
  attachments: Attachment[];
  status?: StaffStatus;
}

const FORM_NAME = 'desk-reply';
const MESSAGE_ID = `${FORM_NAME}_message`;

/** 'Demo Support is replying…', 'Ada and Grace are replying…'. */
export function collisionText(names: string[]): string {
  const who =
    names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${who} ${names.length === 1 ? 'is' : 'are'} replying…`;
}

/**
 * The agent's answer: a public reply (which may also set the status) or an internal note, in
 * Markdown with a preview, canned replies with their placeholders filled, files, and a warning
 * when a colleague is writing in the same ticket. Typing tells the colleagues in turn.
 */
export function DeskComposer({ ticket }: { ticket: DeskTicketDetail }) {
  const { token } = theme.useToken();
  const [form] = Form.useForm<ComposerValues>();
  const [kind, setKind] = useState<Kind>('reply');
  const [failure, setFailure] = useState<string | null>(null);
  const write = useWriteDeskMessage();
  const typing = useTypingPings(ticket.id);
  const toast = useToast();
  const note = kind === 'note';
  const label = note ? 'Note' : 'Reply';

  const pickCanned = (reply: CannedReply) => {
    const draft = (form.getFieldValue('message') as string | undefined) ?? '';
    form.setFieldValue('message', insertReply(draft, fillPlaceholders(reply.body, ticket)));
    if (reply.status) form.setFieldValue('status', reply.status);
    setKind('reply');
    typing();
    void form.validateFields(['message']).catch(() => undefined);
    // Back to the text, where the agent reads it over before sending.
    requestAnimationFrame(() => document.getElementById(MESSAGE_ID)?.focus());
  };

  const send = (values: ComposerValues) => {
    setFailure(null);
    write.mutate(
      {
        id: ticket.id,
        message: values.message,
        internal: note,
        status: note ? undefined : values.status,
        attachmentIds: values.attachments.map((file) => file.id),
      },
      {
        onSuccess: () => {
          form.resetFields();
          toast('success', note ? 'Note added' : 'Reply sent');
        },
        onError: (error) => {
          const apiError = toApiError(error);
          if (!applyFieldErrors(form, apiError)) setFailure(describeApiError(apiError));
        },
      },
    );
  };

  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Answer</h2>}
      style={
        note ? { borderColor: token.colorWarningBorder, background: token.colorWarningBg } : {}
      }
    >
      {ticket.othersReplying.length > 0 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="warning"
          showIcon
          title={collisionText(ticket.othersReplying.map((other) => other.name))}
          description="Read their answer before you send yours, so the customer does not get two."
        />
      )}
      <AppForm<ComposerValues>
        name={FORM_NAME}
        form={form}
        initialValues={{ message: '', attachments: [] }}
        onFinish={send}
      >
        <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 12 }}>
          <Segmented<Kind>
            aria-label="Public reply or internal note"
            value={kind}
            onChange={setKind}
            options={[
              { value: 'reply', label: 'Public reply' },
              { value: 'note', label: 'Internal note' },
            ]}
          />
          <CannedReplyPicker onPick={pickCanned} />
        </Flex>
        {note && (
          <Alert
            style={{ marginBottom: 12 }}
            type="warning"
            showIcon
            title="Internal note: only staff see it, and it never changes the status."
          />
        )}
        <Form.Item
          name="message"
          label={label}
          rules={[
            { required: true, message: `${label} is required` },
            zodRule(ticketMessageSchema),
          ]}
        >
          <MessageEditor label={label} rows={6} onTyping={typing} />
        </Form.Item>
        <Form.Item name="attachments" label="Attachments">
          <AttachmentPicker />
        </Form.Item>
        {failure && <Alert style={{ marginBottom: 12 }} type="error" showIcon title={failure} />}
        <Flex wrap gap={8} align="center">
          <Button type="primary" htmlType="submit" loading={write.isPending}>
            {note ? 'Add note' : 'Send reply'}
          </Button>
          {!note && (
            <Form.Item name="status" noStyle>
              <Select<StaffStatus>
                allowClear
                aria-label="and set the status to"
                placeholder="and set the status to…"
                style={{ minWidth: 230 }}
                options={STAFF_SETTABLE_STATUSES.map((status) => ({
                  value: status,
                  label: `and set to ${TICKET_STATUS_LABELS[status]}`,
                }))}
              />
            </Form.Item>
          )}
        </Flex>
      </AppForm>
    </Card>
  );
}
