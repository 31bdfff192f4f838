import { Alert, Badge, Button, Card, Empty, Flex, Select, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  MOBILE_BREAKPOINT_PX,
  TABLE_PAGE_SIZES,
} from '@crimsonhost/shared/constants';
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketStatus,
  type TicketSummary,
} from '@crimsonhost/shared/support';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SearchInput } from '../../../components/text-input';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useTickets } from '../api/tickets';
import { GuestLinkRequest } from '../components/guest-link-request';
import { VisitorPrompt } from '../components/visitor-prompt';

dayjs.extend(relativeTime);

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function readSearch(search: URLSearchParams) {
  const status = search.get('status');
  const pageSize = Number(search.get('pageSize'));
  return {
    status: (TICKET_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as TicketStatus)
      : undefined,
    q: search.get('q') ?? undefined,
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: (TABLE_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_PAGE_SIZE,
  };
}

function LastActivity({ at }: { at: string }) {
  return (
    <time dateTime={at} title={dayjs(at).format('D MMMM YYYY, HH:mm')}>
      {dayjs(at).fromNow()}
    </time>
  );
}

function Subject({ ticket }: { ticket: TicketSummary }) {
  return (
    <Flex gap={8} align="center">
      {ticket.unread && <Badge status="processing" color="red" aria-hidden />}
      <Link
        to={paths.supportTicket.href(ticket.id)}
        style={{ fontWeight: ticket.unread ? 600 : undefined }}
      >
        {ticket.subject}
      </Link>
      {ticket.unread && <span className="visually-hidden">New reply</span>}
    </Flex>
  );
}

/** /support/tickets: my tickets; a visitor is told how to get help. */
export function MyTicketsPage() {
  const { status: authStatus } = useAuth();
  const [search, setSearch] = useSearchParams();
  const query = readSearch(search);
  const signedIn = authStatus === 'authenticated';
  const tickets = useTickets(query, { enabled: signedIn });
  const isMobile = useMediaQuery(MOBILE_QUERY);

  const show = (next: Partial<typeof query>) => {
    const merged = { ...query, ...next };
    const params = new URLSearchParams();
    if (merged.status) params.set('status', merged.status);
    if (merged.q) params.set('q', merged.q);
    if (merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(merged.pageSize));
    setSearch(params);
  };

  if (authStatus === 'loading') return <ListSkeleton rows={3} />;
  if (!signedIn) {
    return (
      <>
        <title>My Tickets · CrimsonHost</title>
        <Flex vertical gap={16}>
          <VisitorPrompt text="Sign in to see your support tickets and answer them. No account? Open a ticket with your e-mail address: we mail you a link to follow it." />
          <GuestLinkRequest />
        </Flex>
      </>
    );
  }

  const rows = tickets.data?.data ?? [];
  const pagination = {
    current: query.page,
    pageSize: query.pageSize,
    total: tickets.data?.meta.total ?? 0,
    pageSizeOptions: [...TABLE_PAGE_SIZES],
    showSizeChanger: true,
    showTotal: (total: number, [from, to]: [number, number]) => `${from}-${to} of ${total}`,
    onChange: (page: number, pageSize: number) =>
      show(pageSize !== query.pageSize ? { page: 1, pageSize } : { page }),
  };

  let body;
  if (tickets.isPending) body = <ListSkeleton rows={4} />;
  else if (tickets.isError && !tickets.data)
    body = <LoadErrorResult title="Your tickets could not be loaded" query={tickets} />;
  else if (rows.length === 0)
    body = (
      <Empty
        description={
          query.status || query.q ? 'No tickets match these filters.' : 'You have no tickets yet.'
        }
      >
        <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
          New ticket
        </ButtonLink>
      </Empty>
    );
  else if (isMobile)
    body = (
      <Flex vertical gap={12}>
        {rows.map((ticket) => (
          <Card key={ticket.id} size="small">
            <Flex vertical gap={6}>
              <Typography.Text type="secondary">#{ticket.number}</Typography.Text>
              <Subject ticket={ticket} />
              <Flex wrap gap={4}>
                <TicketStatusTag status={ticket.status} />
                <TicketPriorityTag priority={ticket.priority} />
                <TicketCategoryTag category={ticket.category} />
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                Last activity <LastActivity at={ticket.lastActivityAt} />
              </Typography.Text>
            </Flex>
          </Card>
        ))}
        {(tickets.data?.meta.total ?? 0) > query.pageSize && (
          <Flex justify="space-between">
            <Button disabled={query.page <= 1} onClick={() => show({ page: query.page - 1 })}>
              Previous
            </Button>
            <Button
              disabled={query.page * query.pageSize >= (tickets.data?.meta.total ?? 0)}
              onClick={() => show({ page: query.page + 1 })}
            >
              Next
            </Button>
          </Flex>
        )}
      </Flex>
    );
  else
    body = (
      <Table<TicketSummary>
        rowKey="id"
        dataSource={rows}
        loading={tickets.isPlaceholderData}
        pagination={pagination}
        columns={[
          { title: '#', dataIndex: 'number', width: 80, render: (n: number) => `#${n}` },
          { title: 'Subject', key: 'subject', render: (_, ticket) => <Subject ticket={ticket} /> },
          {
            title: 'Status',
            key: 'status',
            render: (_, t) => <TicketStatusTag status={t.status} />,
          },
          {
            title: 'Priority',
            key: 'priority',
            render: (_, t) => <TicketPriorityTag priority={t.priority} />,
          },
          {
            title: 'Category',
            key: 'category',
            render: (_, t) => <TicketCategoryTag category={t.category} />,
          },
          {
            title: 'Last activity',
            key: 'activity',
            render: (_, t) => <LastActivity at={t.lastActivityAt} />,
          },
        ]}
      />
    );

  return (
    <>
      <title>My Tickets · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} justify="space-between" align="center">
          <Flex wrap gap={8}>
            <Select
              aria-label="Show tickets by status"
              style={{ minWidth: 190 }}
              value={query.status ?? 'ALL'}
              options={[
                { value: 'ALL', label: 'All statuses' },
                ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
              ]}
              onChange={(value: string) =>
                show({ status: value === 'ALL' ? undefined : (value as TicketStatus), page: 1 })
              }
            />
            <SearchInput
              aria-label="Search by subject"
              placeholder="Search by subject"
              defaultValue={query.q}
              onSearch={(value) => show({ q: value.trim() || undefined, page: 1 })}
              style={{ width: 240, maxWidth: '100%' }}
            />
          </Flex>
          <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
            New ticket
          </ButtonLink>
        </Flex>
        {tickets.isError && tickets.data && (
          <Alert type="warning" showIcon title="Could not refresh your tickets." />
        )}
        {body}
      </Flex>
    </>
  );
}
