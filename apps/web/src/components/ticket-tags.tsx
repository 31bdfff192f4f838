import { Tag } from 'antd';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@crimsonhost/shared/support';

const STATUS_COLORS: Record<TicketStatus, string> = {
  OPEN: 'blue',
  IN_PROGRESS: 'geekblue',
  WAITING_CUSTOMER: 'gold',
  WAITING_SUPPORT: 'purple',
  RESOLVED: 'green',
  CLOSED: 'default',
};
const PRIORITY_COLORS: Record<TicketPriority, string> = {
  LOW: 'default',
  NORMAL: 'cyan',
  HIGH: 'orange',
  URGENT: 'red',
};

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{TICKET_STATUS_LABELS[status]}</Tag>;
}

export function TicketPriorityTag({ priority }: { priority: TicketPriority }) {
  return <Tag color={PRIORITY_COLORS[priority]}>{TICKET_PRIORITY_LABELS[priority]}</Tag>;
}

export function TicketCategoryTag({ category }: { category: TicketCategory }) {
  return <Tag>{TICKET_CATEGORY_LABELS[category]}</Tag>;
}
