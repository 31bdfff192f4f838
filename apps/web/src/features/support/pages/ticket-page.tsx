import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Popconfirm,
  Rate,
  Result,
  Row,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  ticketMessageSchema,
  type Attachment,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { AppForm, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TextArea } from '../../../components/text-input';
import { TicketConversation } from '../../../components/ticket-conversation';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { useToast } from '../../../components/use-toast';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useTicket, useTicketMutations } from '../api/tickets';
import { GuestLinkRequest } from '../components/guest-link-request';
import { LinkedRecordCard } from '../components/linked-record-card';
import { VisitorPrompt } from '../components/visitor-prompt';

function RatingCard({ ticket, guestToken }: { ticket: TicketDetail; guestToken?: string }) {
  const { rate } = useTicketMutations(guestToken);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  if (ticket.rating) {
    return (
      <Card size="small" title="Your rating">
        <Rate
          disabled
          value={ticket.rating.score}
          aria-label={`You rated ${ticket.rating.score} of 5`}
        />
        {ticket.rating.comment && (
          <Typography.Paragraph style={{ marginTop: 8 }}>
            {ticket.rating.comment}
          </Typography.Paragraph>
        )}
      </Card>
    );
  }
  if (!ticket.canRate || guestToken) return null;
  return (
    <Card size="small" title="How did we do?">
      <Flex vertical gap={8}>
        <Rate value={score} onChange={setScore} aria-label="Rate the answer from 1 to 5 stars" />
        <TextArea
          aria-label="Comment (optional)"
          placeholder="Anything we could do better? (optional)"
          rows={2}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {rate.error && (
          <Alert type="error" showIcon title={describeApiError(toApiError(rate.error))} />
        )}
        <Button
          type="primary"
          disabled={score === 0}
          loading={rate.isPending}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            rate.mutate({ id: ticket.id, score, comment: comment.trim() || undefined })
          }
        >
          Send rating
        </Button>
      </Flex>
    </Card>
  );
}

function ReplyBox({ ticket, guestToken }: { ticket: TicketDetail; guestToken?: string }) {
  const [form] = Form.useForm<{ message: string; attachments: Attachment[] }>();
  const { reply } = useTicketMutations(guestToken);
  const navigate = useNavigate();
  const toast = useToast();
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
          title="This ticket was closed more than 14 days ago. Replying starts a new ticket linked to this one."
        />
      )}
      <AppForm<{ message: string; attachments: Attachment[] }>
        name="reply"
        form={form}
        initialValues={{ message: '', attachments: [] }}
        onFinish={(values) =>
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
                if (answer.id !== ticket.id) {
                  toast('success', `We opened ticket #${answer.number} for your reply.`);
                  if (!guestToken) void navigate(paths.supportTicket.href(answer.id));
                } else {
                  toast('success', 'Reply sent');
                }
              },
            },
          )
        }
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
          Send reply
        </Button>
      </AppForm>
    </Card>
  );
}

/** /support/tickets/:ticketId: the conversation, the linked record, reply, close and rating. */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const [search] = useSearchParams();
  const guestToken = search.get('token') ?? undefined;
  const { status } = useAuth();
  const canRead = Boolean(guestToken) || status === 'authenticated';
  const ticket = useTicket(ticketId, guestToken, { enabled: canRead });
  const { close } = useTicketMutations(guestToken);

  if (status === 'loading') return <ListSkeleton rows={3} />;
  if (!canRead)
    return (
      <VisitorPrompt text="Sign in to read this ticket. If you wrote to us without an account, open the link in our mail." />
    );
  if (ticket.isPending) return <ListSkeleton rows={4} />;
  const error = ticket.error instanceof ApiError ? ticket.error : null;
  if (error?.status === 404 || (error?.status === 400 && guestToken)) {
    return (
      <Result
        status="404"
        title="Ticket not found"
        subTitle="There is no ticket of yours with this link."
        extra={
          <ButtonLink type="primary" to={paths.supportTickets.href()}>
            My Tickets
          </ButtonLink>
        }
      />
    );
  }
  if (error?.status === 410) {
    return (
      <Flex vertical gap={16}>
        <Alert type="warning" showIcon title={error.message} />
        <GuestLinkRequest />
      </Flex>
    );
  }
  if (ticket.isError && !ticket.data)
    return <LoadErrorResult title="The ticket could not be loaded" query={ticket} />;
  const detail = ticket.data;

  return (
    <>
      <title>{`#${detail.number} ${detail.subject} · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Typography.Title level={2} style={{ fontSize: 22, margin: 0 }}>
            <Typography.Text type="secondary">#{detail.number}</Typography.Text> {detail.subject}
          </Typography.Title>
          <Flex wrap gap={4} align="center">
            <TicketStatusTag status={detail.status} />
            <TicketPriorityTag priority={detail.priority} />
            <TicketCategoryTag category={detail.category} />
            {detail.followsTicket && (
              <Typography.Text type="secondary">
                Follows{' '}
                <ButtonLink
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  to={paths.supportTicket.href(detail.followsTicket.id)}
                >
                  #{detail.followsTicket.number}
                </ButtonLink>
              </Typography.Text>
            )}
          </Flex>
        </Flex>
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={16}>
            <Flex vertical gap={16}>
              <TicketConversation messages={detail.messages} viewer="customer" />
              <ReplyBox ticket={detail} guestToken={guestToken} />
            </Flex>
          </Col>
          <Col xs={24} lg={8}>
            <Flex vertical gap={16}>
              {detail.link && <LinkedRecordCard link={detail.link} />}
              <RatingCard ticket={detail} guestToken={guestToken} />
              {detail.status !== 'CLOSED' && (
                <Card size="small" title="Done?">
                  <Typography.Paragraph type="secondary">
                    Close the ticket when you need nothing more. A reply within 14 days reopens it.
                  </Typography.Paragraph>
                  {close.error && (
                    <Alert
                      type="error"
                      showIcon
                      title={describeApiError(toApiError(close.error))}
                    />
                  )}
                  <Popconfirm
                    title="Close this ticket?"
                    description="You can reopen it by replying within 14 days."
                    okText="Close ticket"
                    cancelText="Keep it open"
                    onConfirm={() => close.mutate({ id: detail.id, guestToken })}
                  >
                    <Button loading={close.isPending}>Close ticket</Button>
                  </Popconfirm>
                </Card>
              )}
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
