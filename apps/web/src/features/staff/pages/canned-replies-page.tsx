import { Button, Card, Empty, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { TICKET_STATUS_LABELS } from '@crimsonhost/shared/support';
import type { CannedReply } from '@crimsonhost/shared/support-desk';
import { LoadErrorResult } from '../../../components/load-error-result';
import { Markdown } from '../../../components/markdown';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useDeleteCannedReply } from '../api/delete-canned-reply';
import { useCannedReplies } from '../api/get-canned-replies';
import { CannedReplyDialog } from '../components/canned-reply-dialog';

function DeleteButton({ reply }: { reply: CannedReply }) {
  const remove = useDeleteCannedReply();
  const toast = useToast();
  return (
    <Popconfirm
      title={`Delete "${reply.title}"?`}
      description="Agents can no longer insert it. This cannot be undone."
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        remove.mutate(reply.id, {
          onSuccess: () => toast('success', 'Canned reply deleted'),
          onError: (error) => toast('error', describeApiError(toApiError(error))),
        })
      }
    >
      <Button size="small" danger loading={remove.isPending} aria-label={`Delete ${reply.title}`}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/** /admin/canned-replies: the answers agents give again and again, with placeholders. */
export function CannedRepliesPage() {
  const replies = useCannedReplies();
  const [editing, setEditing] = useState<Partial<CannedReply> | null>(null);
  return (
    <>
      <title>Canned replies · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap justify="space-between" align="center" gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Canned replies
          </Typography.Title>
          <Button type="primary" onClick={() => setEditing({})}>
            New canned reply
          </Button>
        </Flex>
        {replies.isPending ? (
          <ListSkeleton rows={4} />
        ) : replies.isError ? (
          <LoadErrorResult title="The canned replies could not be loaded" query={replies} />
        ) : replies.data.length === 0 ? (
          <Empty description="No canned replies yet." />
        ) : (
          replies.data.map((reply) => (
            <Card
              key={reply.id}
              size="small"
              title={
                <Typography.Title level={2} style={{ fontSize: 15, margin: 0 }}>
                  {reply.title}
                </Typography.Title>
              }
              extra={
                <Flex gap={4}>
                  <Button
                    size="small"
                    aria-label={`Edit ${reply.title}`}
                    onClick={() => setEditing(reply)}
                  >
                    Edit
                  </Button>
                  <DeleteButton reply={reply} />
                </Flex>
              }
            >
              <Markdown>{reply.body}</Markdown>
              {reply.status && (
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                  Also sets the status to {TICKET_STATUS_LABELS[reply.status]}.
                </Typography.Paragraph>
              )}
            </Card>
          ))
        )}
      </Flex>
      <CannedReplyDialog reply={editing} onClose={() => setEditing(null)} />
    </>
  );
}
