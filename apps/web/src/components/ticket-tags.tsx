import { Tag } from 'antd';
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@crimsonhost/shared/support';

/*
 * The colour is a dot beside the words, not the words' own colour: coloured tag text on a tinted
 * background falls under the contrast WCAG asks for (4.5:1), in light and in dark.
 */
const STATUS_COLORS: Record<TicketStatus, string> = {
  OPEN: '#1677ff',
  IN_PROGRESS: '#2f54eb',
  WAITING_CUSTOMER: '#faad14',
  WAITING_SUPPORT: '#722ed1',
  RESOLVED: '#52c41a',
  CLOSED: '#8c8c8c',
};
const PRIORITY_COLORS: Record<TicketPriority, string> = {
  LOW: '#8c8c8c',
  NORMAL: '#13c2c2',
  HIGH: '#fa8c16',
  URGENT: '#DC2626',
};

/** The coloured dot of a status tag, beside its words. */
export function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: color,
        marginInlineEnd: 6,
        verticalAlign: 'middle',
      }}
    />
  );
}

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  return (
    <Tag>
      <Dot color={STATUS_COLORS[status]} />
      {TICKET_STATUS_LABELS[status]}
    </Tag>
  );
}

export function TicketPriorityTag({ priority }: { priority: TicketPriority }) {
  return (
    <Tag>
      <Dot color={PRIORITY_COLORS[priority]} />
      {TICKET_PRIORITY_LABELS[priority]}
    </Tag>
  );
}

export function TicketCategoryTag({ category }: { category: TicketCategory }) {
  return <Tag>{TICKET_CATEGORY_LABELS[category]}</Tag>;
}
