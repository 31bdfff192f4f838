import type { TicketStatus } from '@crimsonhost/shared/support';

/**
 * What happens to a ticket, as the status machine sees it. The table below is the whole rule
 * (issue 14, point 8; `ticket-status.test.ts` checks every pair):
 *
 * - a new ticket is OPEN;
 * - an agent taking it (claim) makes it IN_PROGRESS, when it was waiting for support;
 * - a public staff reply makes it WAITING_CUSTOMER;
 * - a customer reply makes it WAITING_SUPPORT, except on a ticket nobody has answered yet, which
 *   stays OPEN (its first-response clock keeps running);
 * - staff resolve it (RESOLVED); the customer's Close ticket ends it (CLOSED) at once;
 * - a RESOLVED ticket closes itself after 7 days (auto_close);
 * - a customer reply to a CLOSED ticket within 14 days reopens it (WAITING_SUPPORT); later it
 *   starts a new ticket (the service decides which event it is);
 * - an internal note never changes the status;
 * - staff may set any status but OPEN by hand (set_status).
 */
export type TicketEvent =
  | { type: 'claim' }
  | { type: 'staff_reply' }
  | { type: 'customer_reply' }
  | { type: 'customer_reopen' }
  | { type: 'internal_note' }
  | { type: 'resolve' }
  | { type: 'customer_close' }
  | { type: 'auto_close' }
  | { type: 'set_status'; to: Exclude<TicketStatus, 'OPEN'> };

export type TicketEventType = TicketEvent['type'];

/** Why an event cannot happen now, in the words the API answers with. */
export class TicketTransitionError extends Error {
  constructor(
    readonly from: TicketStatus,
    readonly event: TicketEventType,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (from: TicketStatus, event: TicketEventType, message: string): never => {
  throw new TicketTransitionError(from, event, message);
};

/** The status after `event`; throws TicketTransitionError where the event cannot happen. */
export function nextStatus(from: TicketStatus, event: TicketEvent): TicketStatus {
  switch (event.type) {
    case 'internal_note':
      return from;
    case 'claim':
      if (from === 'CLOSED') refuse(from, event.type, 'This ticket is closed.');
      return from === 'OPEN' || from === 'WAITING_SUPPORT' ? 'IN_PROGRESS' : from;
    case 'staff_reply':
      if (from === 'CLOSED') {
        refuse(from, event.type, 'This ticket is closed: reopen it before replying.');
      }
      return 'WAITING_CUSTOMER';
    case 'customer_reply':
      if (from === 'CLOSED') {
        refuse(from, event.type, 'This ticket is closed.');
      }
      return from === 'OPEN' ? 'OPEN' : 'WAITING_SUPPORT';
    case 'customer_reopen':
      if (from !== 'CLOSED') refuse(from, event.type, 'Only a closed ticket can be reopened.');
      return 'WAITING_SUPPORT';
    case 'resolve':
      if (from === 'CLOSED') refuse(from, event.type, 'This ticket is closed.');
      if (from === 'RESOLVED') refuse(from, event.type, 'This ticket is already resolved.');
      return 'RESOLVED';
    case 'customer_close':
      if (from === 'CLOSED') refuse(from, event.type, 'This ticket is already closed.');
      return 'CLOSED';
    case 'auto_close':
      if (from !== 'RESOLVED') refuse(from, event.type, 'Only a resolved ticket closes itself.');
      return 'CLOSED';
    case 'set_status':
      if (from === event.to) refuse(from, event.type, `This ticket is already ${from}.`);
      return event.to;
  }
}

/** Statuses in which support owes the customer an answer: the service-level clock runs. */
export function supportOwesAnswer(status: TicketStatus): boolean {
  return status === 'OPEN' || status === 'IN_PROGRESS' || status === 'WAITING_SUPPORT';
}
