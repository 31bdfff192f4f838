import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '@crimsonhost/shared/support';
import { nextStatus, TicketTransitionError, type TicketEvent } from './ticket-status';

const EVENTS: Record<string, TicketEvent> = {
  claim: { type: 'claim' },
  staff_reply: { type: 'staff_reply' },
  customer_reply: { type: 'customer_reply' },
  customer_reopen: { type: 'customer_reopen' },
  internal_note: { type: 'internal_note' },
  resolve: { type: 'resolve' },
  customer_close: { type: 'customer_close' },
  auto_close: { type: 'auto_close' },
  'set_status IN_PROGRESS': { type: 'set_status', to: 'IN_PROGRESS' },
  'set_status WAITING_CUSTOMER': { type: 'set_status', to: 'WAITING_CUSTOMER' },
  'set_status RESOLVED': { type: 'set_status', to: 'RESOLVED' },
  'set_status CLOSED': { type: 'set_status', to: 'CLOSED' },
};

/** Every (status, event) pair: the status after it, or `x` where the event is refused. */
const x = 'refused';
const TABLE: Record<TicketStatus, Record<keyof typeof EVENTS, TicketStatus | typeof x>> = {
  OPEN: {
    claim: 'IN_PROGRESS',
    staff_reply: 'WAITING_CUSTOMER',
    customer_reply: 'OPEN',
    customer_reopen: x,
    internal_note: 'OPEN',
    resolve: 'RESOLVED',
    customer_close: 'CLOSED',
    auto_close: x,
    'set_status IN_PROGRESS': 'IN_PROGRESS',
    'set_status WAITING_CUSTOMER': 'WAITING_CUSTOMER',
    'set_status RESOLVED': 'RESOLVED',
    'set_status CLOSED': 'CLOSED',
  },
  IN_PROGRESS: {
    claim: 'IN_PROGRESS',
    staff_reply: 'WAITING_CUSTOMER',
    customer_reply: 'WAITING_SUPPORT',
    customer_reopen: x,
    internal_note: 'IN_PROGRESS',
    resolve: 'RESOLVED',
    customer_close: 'CLOSED',
    auto_close: x,
    'set_status IN_PROGRESS': x,
    'set_status WAITING_CUSTOMER': 'WAITING_CUSTOMER',
    'set_status RESOLVED': 'RESOLVED',
    'set_status CLOSED': 'CLOSED',
  },
  WAITING_CUSTOMER: {
    claim: 'WAITING_CUSTOMER',
    staff_reply: 'WAITING_CUSTOMER',
    customer_reply: 'WAITING_SUPPORT',
    customer_reopen: x,
    internal_note: 'WAITING_CUSTOMER',
    resolve: 'RESOLVED',
    customer_close: 'CLOSED',
    auto_close: x,
    'set_status IN_PROGRESS': 'IN_PROGRESS',
    'set_status WAITING_CUSTOMER': x,
    'set_status RESOLVED': 'RESOLVED',
    'set_status CLOSED': 'CLOSED',
  },
  WAITING_SUPPORT: {
    claim: 'IN_PROGRESS',
    staff_reply: 'WAITING_CUSTOMER',
    customer_reply: 'WAITING_SUPPORT',
    customer_reopen: x,
    internal_note: 'WAITING_SUPPORT',
    resolve: 'RESOLVED',
    customer_close: 'CLOSED',
    auto_close: x,
    'set_status IN_PROGRESS': 'IN_PROGRESS',
    'set_status WAITING_CUSTOMER': 'WAITING_CUSTOMER',
    'set_status RESOLVED': 'RESOLVED',
    'set_status CLOSED': 'CLOSED',
  },
  RESOLVED: {
    claim: 'RESOLVED',
    staff_reply: 'WAITING_CUSTOMER',
    customer_reply: 'WAITING_SUPPORT',
    customer_reopen: x,
    internal_note: 'RESOLVED',
    resolve: x,
    customer_close: 'CLOSED',
    auto_close: 'CLOSED',
    'set_status IN_PROGRESS': 'IN_PROGRESS',
    'set_status WAITING_CUSTOMER': 'WAITING_CUSTOMER',
    'set_status RESOLVED': x,
    'set_status CLOSED': 'CLOSED',
  },
  CLOSED: {
    claim: x,
    staff_reply: x,
    customer_reply: x,
    customer_reopen: 'WAITING_SUPPORT',
    internal_note: 'CLOSED',
    resolve: x,
    customer_close: x,
    auto_close: x,
    'set_status IN_PROGRESS': 'IN_PROGRESS',
    'set_status WAITING_CUSTOMER': 'WAITING_CUSTOMER',
    'set_status RESOLVED': 'RESOLVED',
    'set_status CLOSED': x,
  },
};

describe('the ticket status machine', () => {
  it('has a row for every status', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...TICKET_STATUSES].sort());
  });

  for (const from of TICKET_STATUSES) {
    for (const [name, event] of Object.entries(EVENTS)) {
      const expected = TABLE[from][name]!;
      it(`${from} + ${name} → ${expected}`, () => {
        if (expected === x) {
          expect(() => nextStatus(from, event)).toThrow(TicketTransitionError);
        } else {
          expect(nextStatus(from, event)).toBe(expected);
        }
      });
    }
  }

  it('never changes the status with an internal note', () => {
    for (const from of TICKET_STATUSES) {
      expect(nextStatus(from, { type: 'internal_note' })).toBe(from);
    }
  });
});
