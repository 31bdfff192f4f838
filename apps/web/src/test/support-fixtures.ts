import type { TicketDetail, TicketMessageView } from '@crimsonhost/shared/support';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';

let n = 0;
const id = () => `30000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function buildMessage(overrides: Partial<TicketMessageView> = {}): TicketMessageView {
  return {
    id: id(),
    kind: 'reply',
    author: { name: 'Renter', role: 'customer' },
    body: 'Hello there, my server lags.',
    attachments: [],
    event: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function buildTicket(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    id: id(),
    number: 42,
    subject: 'Rust server lags',
    status: 'WAITING_CUSTOMER',
    priority: 'NORMAL',
    category: 'TECHNICAL',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastActivityAt: '2026-11-20T12:00:00.000Z',
    unread: false,
    messages: [buildMessage()],
    link: null,
    followsTicket: null,
    resolvedAt: null,
    closedAt: null,
    replyReopens: false,
    replyStartsNew: false,
    canRate: false,
    rating: null,
    ...overrides,
  };
}

export function buildDeskTicket(overrides: Partial<DeskTicketDetail> = {}): DeskTicketDetail {
  return {
    ...buildTicket(),
    requester: { id: id(), name: 'Ada Renter', email: 'ada@example.com' },
    assignee: null,
    sla: {
      kind: 'first',
      dueAt: '2026-11-20T14:00:00.000Z',
      secondsLeft: -1800,
      overdue: true,
      paused: false,
    },
    customer: {
      id: id(),
      name: 'Ada Renter',
      email: 'ada@example.com',
      memberSince: '2026-01-01T00:00:00.000Z',
      balance: '12.500000',
      activeRentals: 1,
      rentals: [],
      recentTransactions: [],
      openTickets: [],
    },
    othersReplying: [],
    satisfaction: null,
    dispute: null,
    ...overrides,
  };
}
