import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Result,
  Row,
  Segmented,
  Select,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatUsdt } from '@crimsonhost/shared/money';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  ticketMessageSchema,
  type Attachment,
  type TicketPriority,
} from '@crimsonhost/shared/support';
import {
  STAFF_SETTABLE_STATUSES,
  type CannedReply,
  type DeskTicketDetail,
} from '@crimsonhost/shared/support-desk';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { AppForm, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { AttachmentPicker, MessageEditor } from '../../../components/message-editor';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TicketConversation } from '../../../components/ticket-conversation';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { useToast } from '../../../components/use-toast';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import {
  pingTyping,
  useAgents,
  useCannedReplies,
  useDeskActions,
  useDeskTicket,
} from '../api/desk';
import { SlaText } from '../components/sla-text';

/** A canned reply with its placeholders filled from the ticket. */
export function fillPlaceholders(body: string, ticket: DeskTicketDetail): string {
  const rental = ticket.link?.kind === 'rental' ? ticket.link : null;
  const values: Record<string, string> = {
    '{{customer.name}}': ticket.customer.name || ticket.requester.name,
    '{{ticket.number}}': String(ticket.number),
    '{{rental.server}}': rental?.serverName ?? 'your server',
    '{{rental.endsAt}}': rental
      ? dayjs(rental.endsAt).format('D MMMM YYYY, HH:mm')
      : 'the end of your rental',
  };
  return body.replace(/\{\{[a-zA-Z.]+\}\}/g, (placeholder) => values[placeholder] ?? placeholder);
}

interface ReplyValues {
  message: string;
  attachments: Attachment[];
  status?: string;
}

function Composer({ ticket }: { ticket: DeskTicketDetail }) {
  const [form] = Form.useForm<ReplyValues>();
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const canned = useCannedReplies();
  const { write } = useDeskActions(ticket.id);
  const toast = useToast();
  const lastPing = useRef(0);
  const typing = () => {
    if (Date.now() - lastPing.current < 10_000) return;
    lastPing.current = Date.now();
    void pingTyping(ticket.id).catch(() => undefined);
  };
  const insertCanned = (reply: CannedReply) => {
    form.setFieldValue('message', fillPlaceholders(reply.body, ticket));
    if (reply.status) form.setFieldValue('status', reply.status);
    setKind('reply');
  };
  return (
    <Card size="small" title="Answer">
      {ticket.othersReplying.length > 0 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="warning"
          showIcon
          title={`${ticket.othersReplying.map((o) => o.name).join(', ')} ${ticket.othersReplying.length === 1 ? 'is' : 'are'} replying to this ticket right now.`}
        />
      )}
      <AppForm<ReplyValues>
        name="desk-reply"
        form={form}
        initialValues={{ message: '', attachments: [] }}
        onFinish={(values) =>
          write.mutate(
            {
              message: values.message,
              internal: kind === 'note',
              status:
                kind === 'reply'
                  ? (values.status as (typeof STAFF_SETTABLE_STATUSES)[number] | undefined)
                  : undefined,
              attachmentIds: values.attachments.map((file) => file.id),
            },
            {
              onSuccess: () => {
                form.resetFields();
                toast('success', kind === 'note' ? 'Note added' : 'Reply sent');
              },
            },
          )
        }
      >
        <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 12 }}>
          <Segmented
            aria-label="Public reply or internal note"
            value={kind}
            onChange={(value) => setKind(value as 'reply' | 'note')}
            options={[
              { value: 'reply', label: 'Public reply' },
              { value: 'note', label: 'Internal note' },
            ]}
          />
          <Select<string>
            aria-label="Insert a canned reply"
            placeholder="Insert a canned reply"
            style={{ minWidth: 220 }}
            loading={canned.isPending}
            value={null}
            options={(canned.data ?? []).map((reply) => ({ value: reply.id, label: reply.title }))}
            onChange={(id) => {
              const reply = canned.data?.find((r) => r.id === id);
              if (reply) insertCanned(reply);
            }}
          />
        </Flex>
        {kind === 'note' && (
          <Alert
            style={{ marginBottom: 12 }}
            type="info"
            showIcon
            title="Only staff see internal notes; they never change the status."
          />
        )}
        <Form.Item
          name="message"
          label={kind === 'note' ? 'Note' : 'Reply'}
          rules={[{ required: true, message: 'Message is required' }, zodRule(ticketMessageSchema)]}
        >
          <MessageEditor label={kind === 'note' ? 'Note' : 'Reply'} rows={5} onTyping={typing} />
        </Form.Item>
        <Form.Item name="attachments" label="Attachments">
          <AttachmentPicker />
        </Form.Item>
        {write.error && (
          <Alert
            style={{ marginBottom: 12 }}
            type="error"
            showIcon
            title={describeApiError(toApiError(write.error))}
          />
        )}
        <Flex wrap gap={8} align="center">
          <Button type="primary" htmlType="submit" loading={write.isPending}>
            {kind === 'note' ? 'Add note' : 'Send reply'}
          </Button>
          {kind === 'reply' && (
            <Form.Item name="status" noStyle>
              <Select
                allowClear
                aria-label="And set the status to"
                placeholder="and set status…"
                style={{ minWidth: 200 }}
                options={STAFF_SETTABLE_STATUSES.map((s) => ({
                  value: s,
                  label: `and set ${TICKET_STATUS_LABELS[s]}`,
                }))}
              />
            </Form.Item>
          )}
        </Flex>
      </AppForm>
    </Card>
  );
}

function Facts({ ticket }: { ticket: DeskTicketDetail }) {
  const { user } = useAuth();
  const agents = useAgents();
  const actions = useDeskActions(ticket.id);
  const toast = useToast();
  const fail = (error: unknown) => toast('error', describeApiError(toApiError(error)));
  return (
    <Card size="small" title="Ticket">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Status">
          <Select
            aria-label="Status"
            size="small"
            value={ticket.status}
            style={{ minWidth: 170 }}
            options={[
              ticket.status,
              ...STAFF_SETTABLE_STATUSES.filter((s) => s !== ticket.status),
            ].map((s) => ({
              value: s,
              label: TICKET_STATUS_LABELS[s],
              disabled: s === 'OPEN',
            }))}
            onChange={(status: string) => actions.setStatus.mutate(status, { onError: fail })}
          />
        </Descriptions.Item>
        <Descriptions.Item label="Priority">
          <Select
            aria-label="Priority"
            size="small"
            value={ticket.priority}
            style={{ minWidth: 120 }}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
            onChange={(priority: TicketPriority) =>
              actions.setPriority.mutate(priority, { onError: fail })
            }
          />
        </Descriptions.Item>
        <Descriptions.Item label="Category">
          <TicketCategoryTag category={ticket.category} />
        </Descriptions.Item>
        <Descriptions.Item label="SLA">
          <SlaText sla={ticket.sla} />
        </Descriptions.Item>
        <Descriptions.Item label="Assignee">
          <Flex wrap gap={6} align="center">
            <Select
              aria-label="Assignee"
              size="small"
              style={{ minWidth: 150 }}
              value={ticket.assignee?.id ?? 'none'}
              options={[
                { value: 'none', label: 'Unassigned' },
                ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
              ]}
              onChange={(id: string) =>
                actions.assign.mutate(id === 'none' ? null : id, { onError: fail })
              }
            />
            {ticket.assignee?.id !== user?.id && (
              <Button
                size="small"
                loading={actions.claim.isPending}
                onClick={() => actions.claim.mutate(undefined, { onError: fail })}
              >
                Claim
              </Button>
            )}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Opened">
          {dayjs(ticket.createdAt).format('D MMM YYYY, HH:mm')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function CustomerCard({ ticket }: { ticket: DeskTicketDetail }) {
  const { customer } = ticket;
  return (
    <Card size="small" title="Customer">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Name">{customer.name || ticket.requester.name}</Descriptions.Item>
        <Descriptions.Item label="E-mail">
          {customer.email || ticket.requester.email}
        </Descriptions.Item>
        {customer.id === null && (
          <Descriptions.Item label="Account">Guest (no account)</Descriptions.Item>
        )}
        {customer.memberSince && (
          <Descriptions.Item label="Member since">
            {dayjs(customer.memberSince).format('D MMM YYYY')}
          </Descriptions.Item>
        )}
        {customer.balance !== null && (
          <Descriptions.Item label="Balance">{formatUsdt(customer.balance)} USDT</Descriptions.Item>
        )}
        {customer.id && (
          <Descriptions.Item label="Active rentals">{customer.activeRentals}</Descriptions.Item>
        )}
      </Descriptions>
      {ticket.link?.kind === 'rental' && (
        <Alert
          style={{ marginTop: 8 }}
          type={ticket.link.runState === 'error' ? 'error' : 'info'}
          title={`Linked rental: ${ticket.link.serverName}, ${ticket.link.status.toLowerCase()}${ticket.link.runState ? `, server ${ticket.link.runState}` : ''}`}
        />
      )}
      {ticket.link?.kind === 'transaction' && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          title={`Linked transaction: ${ticket.link.description}, ${formatUsdt(ticket.link.amount.replace(/^-/, ''))} USDT, ${ticket.link.status.toLowerCase()}`}
        />
      )}
      {customer.rentals.length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 12 }}>
            Rentals
          </Typography.Title>
          <ul style={{ paddingInlineStart: 18, margin: 0 }}>
            {customer.rentals.slice(0, 5).map((r) => (
              <li key={r.id}>
                {r.serverName} · {r.status.toLowerCase()} · ends{' '}
                {dayjs(r.endsAt).format('D MMM HH:mm')}
              </li>
            ))}
          </ul>
        </>
      )}
      {customer.recentTransactions.length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 12 }}>
            Recent transactions
          </Typography.Title>
          <ul style={{ paddingInlineStart: 18, margin: 0 }}>
            {customer.recentTransactions.map((t) => (
              <li key={t.id}>
                {t.type.toLowerCase().replace('_', ' ')} · {formatUsdt(t.amount)} USDT ·{' '}
                {t.status.toLowerCase()}
              </li>
            ))}
          </ul>
        </>
      )}
      {customer.openTickets.length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 12 }}>
            Other open tickets
          </Typography.Title>
          <ul style={{ paddingInlineStart: 18, margin: 0 }}>
            {customer.openTickets.map((t) => (
              <li key={t.id}>
                <Link to={paths.staffTicket.href(t.id)}>
                  #{t.number} {t.subject}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {ticket.satisfaction && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          Rated {ticket.satisfaction.score} / 5
          {ticket.satisfaction.comment ? `: “${ticket.satisfaction.comment}”` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** /admin/tickets/:ticketId: the conversation with notes, the composer, the facts and the customer. */
export function DeskTicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useDeskTicket(ticketId);
  if (ticket.isPending) return <ListSkeleton rows={5} />;
  if (ticket.error instanceof ApiError && ticket.error.status === 404) {
    return (
      <Result
        status="404"
        title="Ticket not found"
        extra={
          <ButtonLink type="primary" to={paths.staffTickets.href()}>
            Back to the queue
          </ButtonLink>
        }
      />
    );
  }
  if (ticket.isError && !ticket.data)
    return <LoadErrorResult title="The ticket could not be loaded" query={ticket} />;
  const detail = ticket.data;
  return (
    <>
      <title>{`#${detail.number} · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Link to={paths.staffTickets.href()}>← Queue</Link>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            <Typography.Text type="secondary">#{detail.number}</Typography.Text> {detail.subject}
          </Typography.Title>
          <Flex wrap gap={4}>
            <TicketStatusTag status={detail.status} />
            <TicketPriorityTag priority={detail.priority} />
            <TicketCategoryTag category={detail.category} />
          </Flex>
        </Flex>
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={16}>
              <TicketConversation messages={detail.messages} viewer="staff" />
              <Composer ticket={detail} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <Flex vertical gap={16}>
              <Facts ticket={detail} />
              <CustomerCard ticket={detail} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
