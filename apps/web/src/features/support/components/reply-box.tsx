import { Alert, Button, Card, Form } from 'antd';
import { useNavigate } from 'react-router';
import {
  TICKET_REOPEN_WINDOW_DAYS,
  ticketMessageSchema,
  type Attachment,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { paths } from '../../../app/paths';
import { AppForm, zodRule } from '../../../components/app-form';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useReplyToTicket } from '../api/reply-to-ticket';

interface ReplyValues {
  message: string;
  attachments: Attachment[];
}

/**
 * The reply box: Markdown with a preview, and files for a signed-in customer. It says first when
 * a reply reopens a closed ticket, or starts a new one (closed for longer than the window): the
 * answer is then that new ticket, which opens in its place.
 */
export function ReplyBox({ ticket, guestToken }: { ticket: TicketDetail; guestToken?: string }) {
  const [form] = Form.useForm<ReplyValues>();
  const reply = useReplyToTicket();
  const navigate = useNavigate();
  const toast = useToast();

  const send = (values: ReplyValues) =>
    reply.mutate(
      {
        id: ticket.id,
        guestToken,
        message: values.message,
        attachmentIds: values.attachments.map((file) => file.id),
      },
      {
        onSuccess: (answer) => {
          form.resetFields();
          if (answer.id === ticket.id) {
            toast('success', 'Reply sent');
            return;
          }
          toast('success', `Your reply opened ticket #${answer.number}, linked to this one.`);
          if (!guestToken) void navigate(paths.supportTicket.href(answer.id));
        },
      },
    );

  return (
    <Card size="small" title="Reply">
      {ticket.replyReopens && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          title="This ticket is closed. Replying reopens it."
        />
      )}
      {ticket.replyStartsNew && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          title={`This ticket was closed more than ${TICKET_REOPEN_WINDOW_DAYS} days ago. Replying starts a new ticket linked to this one.`}
        />
      )}
      <AppForm<ReplyValues>
        name="reply"
        form={form}
        initialValues={{ message: '', attachments: [] }}
        onFinish={send}
      >
        <Form.Item
          name="message"
          label="Your reply"
          rules={[{ required: true, message: 'Message is required' }, zodRule(ticketMessageSchema)]}
        >
          <MessageEditor label="Your reply" rows={4} />
        </Form.Item>
        {!guestToken && (
          <Form.Item name="attachments" label="Attachments">
            <AttachmentPicker />
          </Form.Item>
        )}
        {reply.error && (
          <Alert
            style={{ marginBottom: 12 }}
            type="error"
            showIcon
            title={describeApiError(toApiError(reply.error))}
          />
        )}
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {ticket.replyStartsNew ? 'Send as a new ticket' : 'Send reply'}
        </Button>
      </AppForm>
    </Card>
  );
}
