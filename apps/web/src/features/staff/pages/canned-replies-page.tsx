import { Alert, Button, Card, Flex, Form, Modal, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { TICKET_STATUS_LABELS } from '@crimsonhost/shared/support';
import {
  CANNED_PLACEHOLDERS,
  STAFF_SETTABLE_STATUSES,
  type CannedReply,
} from '@crimsonhost/shared/support-desk';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { LoadErrorResult } from '../../../components/load-error-result';
import { Markdown } from '../../../components/markdown';
import { MessageEditor } from '../../../components/message-editor';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TextInput } from '../../../components/text-input';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCannedReplies, useCannedReplyActions } from '../api/desk';

interface Values {
  title: string;
  body: string;
  status: string | null;
}

/** /admin/canned-replies: the replies agents use again and again, with placeholders. */
export function CannedRepliesPage() {
  const replies = useCannedReplies();
  const { save, remove } = useCannedReplyActions();
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Partial<CannedReply> | null>(null);
  if (replies.isPending) return <ListSkeleton rows={4} />;
  if (replies.isError)
    return <LoadErrorResult title="The canned replies could not be loaded" query={replies} />;
  return (
    <>
      <title>Canned replies · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap justify="space-between" align="center" gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Canned replies
          </Typography.Title>
          <Button type="primary" onClick={() => setEditing({ status: null })}>
            New canned reply
          </Button>
        </Flex>
        {replies.data.length === 0 && (
          <Typography.Text type="secondary">No canned replies yet.</Typography.Text>
        )}
        {replies.data.map((reply) => (
          <Card
            key={reply.id}
            size="small"
            title={reply.title}
            extra={
              <Flex gap={4}>
                <Button size="small" onClick={() => setEditing(reply)}>
                  Edit
                </Button>
                <Popconfirm
                  title={`Delete "${reply.title}"?`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutate(reply.id, {
                      onError: (error) => toast('error', describeApiError(toApiError(error))),
                    })
                  }
                >
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </Flex>
            }
          >
            <Markdown>{reply.body}</Markdown>
            {reply.status && (
              <Typography.Text type="secondary">
                Sets the status to {TICKET_STATUS_LABELS[reply.status]}.
              </Typography.Text>
            )}
          </Card>
        ))}
      </Flex>
      <Modal
        open={editing !== null}
        title={editing?.id ? 'Edit canned reply' : 'New canned reply'}
        okText="Save"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={680}
      >
        <AppForm<Values>
          name="canned-reply"
          form={form}
          initialValues={editing ?? {}}
          onFinish={(values) =>
            save.mutate(
              { id: editing?.id, ...values, status: values.status ?? null },
              {
                onSuccess: () => {
                  toast('success', 'Canned reply saved');
                  setEditing(null);
                },
                onError: (error) => applyFieldErrors(form, toApiError(error)),
              },
            )
          }
        >
          <Form.Item name="title" label="Title" rules={[{ required: true }]}>
            <TextInput />
          </Form.Item>
          <Form.Item
            name="body"
            label="Reply"
            rules={[
              { required: true },
              { min: 10, message: 'Reply must be at least 10 characters' },
            ]}
          >
            <MessageEditor label="Reply" rows={8} />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            Placeholders filled in when used: {CANNED_PLACEHOLDERS.join(', ')}
          </Typography.Paragraph>
          <Form.Item name="status" label="Also set the status">
            <Select
              allowClear
              placeholder="Leave the status to the agent"
              options={STAFF_SETTABLE_STATUSES.map((s) => ({
                value: s,
                label: TICKET_STATUS_LABELS[s],
              }))}
            />
          </Form.Item>
          {save.error && (
            <Alert type="error" showIcon title={describeApiError(toApiError(save.error))} />
          )}
        </AppForm>
      </Modal>
    </>
  );
}
