import { Table, type TablePaginationConfig } from 'antd';
import type { TicketSummary } from '@crimsonhost/shared/support';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { LastActivity, TicketSubjectLink } from './ticket-list-parts';

/** My tickets on a wide screen. */
export function TicketsTable({
  tickets,
  pagination,
  loading,
}: {
  tickets: TicketSummary[];
  pagination: TablePaginationConfig;
  loading: boolean;
}) {
  return (
    <Table<TicketSummary>
      rowKey="id"
      dataSource={tickets}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', key: 'number', width: 80, render: (_, ticket) => `#${ticket.number}` },
        {
          title: 'Subject',
          key: 'subject',
          render: (_, ticket) => <TicketSubjectLink ticket={ticket} />,
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
          key: 'category',
          render: (_, ticket) => <TicketCategoryTag category={ticket.category} />,
        },
        {
          title: 'Last activity',
          key: 'lastActivity',
          render: (_, ticket) => <LastActivity at={ticket.lastActivityAt} />,
        },
      ]}
    />
  );
}
