import { Alert, Button, Flex, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type KeyboardEvent } from 'react';
import { sendRentalMessageSchema } from '@crimsonhost/shared/rental-messages';
import type { Attachment } from '@crimsonhost/shared/support';
import { toApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';
import { AppForm, applyFieldErrors, zodRule } from '../app-form';
import { AttachmentPicker, MessageEditor } from '../message-editor';
import { useSendRentalMessage, type ThreadWriter } from './api/send-rental-message';

interface ComposerValues {
  message: string;
  attachments: Attachment[];
}

const LABEL = 'Your message';

/** What went wrong with the last send, told above the composer. */
type Failure = { kind: 'held' | 'error'; text: string };

/**
 * Writing to the other side of the rental: Markdown with a preview, files uploaded through the
 * support centre's upload, Send or Ctrl/Cmd+Enter. Whatever the answer, the text stays until a
 * message is sent: a held one (contact details) is told why in a warning, to be edited and sent
 * again. A closed thread (409 THREAD_CLOSED) hands over to `onClosed`.
 */
export function ThreadComposer({
  reader,
  rentalId,
  writableUntil,
  onClosed,
}: {
  reader: ThreadWriter;
  rentalId: string;
  writableUntil: string;
  /** Writing ended meanwhile: the API's sentence about it. */
  onClosed: (sentence: string) => void;
}) {
  const [form] = Form.useForm<ComposerValues>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const send = useSendRentalMessage();
  const other = reader === 'renter' ? 'vendor' : 'renter';

  const submit = (values: ComposerValues) => {
    if (send.isPending) return;
    setFailure(null);
    send.mutate(
      {
        reader,
        rentalId,
        message: values.message,
        attachmentIds: values.attachments.map((file) => file.id),
      },
      {
        onSuccess: () => form.resetFields(),
        onError: (raw) => {
          const error = toApiError(raw);
          if (error.code === 'THREAD_CLOSED') {
            onClosed(error.message);
          } else if (error.code === 'MESSAGE_HELD') {
            setFailure({ kind: 'held', text: error.message });
          } else if (!applyFieldErrors(form, error)) {
            setFailure({ kind: 'error', text: describeApiError(error) });
          }
        },
      },
    );
  };

  const sendOnShortcut = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    if (!(event.target instanceof HTMLTextAreaElement)) return;
    event.preventDefault();
    form.submit();
  };

  return (
    <section aria-label="Write a message">
      {failure && (
        <Alert
          style={{ marginBottom: 12 }}
          type={failure.kind === 'held' ? 'warning' : 'error'}
          showIcon
          title={failure.text}
        />
      )}
      <div onKeyDown={sendOnShortcut}>
        <AppForm<ComposerValues>
          name={`rental-message-${rentalId}`}
          form={form}
          initialValues={{ message: '', attachments: [] }}
          onFinish={submit}
        >
          <Form.Item
            name="message"
            label={LABEL}
            rules={[
              { required: true, message: 'Write a message first' },
              zodRule(sendRentalMessageSchema.shape.message),
            ]}
          >
            <MessageEditor label={LABEL} rows={4} placeholder={`Write to the ${other}…`} />
          </Form.Item>
          <Form.Item name="attachments" label="Files">
            <AttachmentPicker />
          </Form.Item>
          <Flex wrap gap={12} align="center">
            {/* Not antd's `loading`: a held message answers within milliseconds, and a loading
                state set and cleared that fast left the button spinning (and refusing clicks)
                after the answer. Disabled with a word instead, for as long as the request runs. */}
            <Button type="primary" htmlType="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send'}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              You can write until{' '}
              <time dateTime={writableUntil}>
                {dayjs(writableUntil).format('D MMM YYYY, HH:mm')}
              </time>
              . Ctrl+Enter (⌘+Enter on a Mac) sends.
            </Typography.Text>
          </Flex>
        </AppForm>
      </div>
    </section>
  );
}
