import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { TicketCategory } from '@crimsonhost/shared/support';
import { TICKET_CATEGORY_LABELS } from '@crimsonhost/shared/support';
import type { DeskQueuePage, DeskTicket } from '@crimsonhost/shared/support-desk';
import { paths } from '../../../app/paths';
import { TABLE_PAGINATION } from '../../../components/table-pagination';
import { TicketPriorityTag, TicketStatusTag } from '../../../components/ticket-tags';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useClaimTicket } from '../api/claim-ticket';
import type { QueueSearch } from '../queue-search';
import { SlaText } from './sla-text';

function ClaimButton({ ticket }: { ticket: DeskTicket }) {
  const claim = useClaimTicket();
  const toast = useToast();
  return (
    <Button
      size="small"
      loading={claim.isPending}
      aria-label={`Claim ticket #${ticket.number}`}
      onClick={() =>
        claim.mutate(ticket.id, {
          onSuccess: () => toast('success', `#${ticket.number} is yours`),
          onError: (error) => toast('error', describeApiError(toApiError(error))),
        })
      }
    >
      Claim
    </Button>
  );
}

const COLUMNS: TableColumnsType<DeskTicket> = [
  {
    title: '#',
    dataIndex: 'number',
    width: 72,
    render: (number: number) => `#${number}`,
  },
  {
    title: 'Subject',
    key: 'subject',
    render: (_, ticket) => <Link to={paths.staffTicket.href(ticket.id)}>{ticket.subject}</Link>,
  },
  {
    title: 'Requester',
    key: 'requester',
    render: (_, { requester }) => (
      <Flex vertical>
        <span>{requester.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {requester.email}
          {requester.id === null ? ' · guest' : ''}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, ticket) => <TicketStatusTag status={ticket.status} />,
  },
  {
    title: 'Priority',
    key: 'priority',
    render: (_, ticket) => <TicketPriorityTag priority={ticket.priority} />,
  },
  {
    title: 'Category',
    dataIndex: 'category',
    render: (category: TicketCategory) => TICKET_CATEGORY_LABELS[category],
  },
  {
    title: 'Assignee',
    key: 'assignee',
    render: (_, ticket) =>
      ticket.assignee ? ticket.assignee.name : <ClaimButton ticket={ticket} />,
  },
  {
    title: 'SLA',
    key: 'sla',
    render: (_, ticket) => <SlaText sla={ticket.sla} />,
  },
  {
    title: 'Last activity',
    dataIndex: 'lastActivityAt',
    render: (at: string) => (
      <time dateTime={at} title={dayjs(at).format('D MMMM YYYY, HH:mm')}>
        {dayjs(at).format('D MMM, HH:mm')}
      </time>
    ),
  },
];

/** One page of the queue with row selection for bulk changes and a Claim on unassigned rows. */
export function QueueTable({
  page,
  search,
  loading,
  selected,
  onSelect,
  onPage,
}: {
  page: DeskQueuePage | undefined;
  search: QueueSearch;
  loading: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onPage: (page: number, pageSize: number) => void;
}) {
  return (
    <Table<DeskTicket>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={page?.data ?? []}
      columns={COLUMNS}
      scroll={{ x: 1100 }}
      locale={{ emptyText: <Empty description="No tickets match these filters." /> }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getTitleCheckboxProps: () => ({ 'aria-label': 'Select every ticket on this page' }),
        getCheckboxProps: (ticket) => ({ 'aria-label': `Select ticket #${ticket.number}` }),
      }}
      pagination={{
        ...TABLE_PAGINATION,
        current: search.page,
        pageSize: search.pageSize,
        total: page?.meta.total ?? 0,
        onChange: onPage,
      }}
    />
  );
}
