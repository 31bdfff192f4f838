import type { Sla } from '@crimsonhost/shared/support-desk';
import type { TicketPriority, TicketStatus } from '@crimsonhost/shared/support';
import type { TicketEvent } from './ticket-status';

/** Hours to an answer, by priority. */
export type SlaHours = Record<TicketPriority, number>;

/** The service-level clock of a ticket as stored. */
export interface SlaClock {
  /** first: no staff answer yet; next: the customer wrote since the last one; null: none owed. */
  slaKind: 'first' | 'next' | null;
  /** When the owed answer is due, while the clock runs. */
  slaDueAt: Date | null;
  /** While paused (WAITING_CUSTOMER without an answer): the seconds that were left. */
  slaPausedSeconds: number | null;
}

export const NO_SLA: SlaClock = { slaKind: null, slaDueAt: null, slaPausedSeconds: null };

const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000);

/** The clock of a new ticket: the first answer is due within its priority's hours. */
export function slaOfNewTicket(priority: TicketPriority, now: Date, hours: SlaHours): SlaClock {
  return { slaKind: 'first', slaDueAt: addHours(now, hours[priority]), slaPausedSeconds: null };
}

/**
 * The clock after an event (issue 14, point 9): a staff reply pays what is owed; a customer reply
 * owes the next answer (the first one, if still unanswered, keeps its time); moving to
 * WAITING_CUSTOMER without a reply pauses the clock and leaving that status resumes it; resolving
 * or closing stops it; a reopened ticket owes a next answer.
 */
export function slaAfter(
  clock: SlaClock,
  change: { event: TicketEvent; to: TicketStatus; priority: TicketPriority },
  now: Date,
  hours: SlaHours,
): SlaClock {
  const { event, to, priority } = change;
  if (to === 'RESOLVED' || to === 'CLOSED') return NO_SLA;
  switch (event.type) {
    case 'internal_note':
    case 'claim':
      return clock;
    case 'staff_reply':
      return NO_SLA;
    case 'customer_reply':
    case 'customer_reopen': {
      if (clock.slaKind === 'first') {
        return clock.slaDueAt
          ? clock
          : {
              slaKind: 'first',
              slaDueAt: addHours(now, hours[priority]),
              slaPausedSeconds: null,
            };
      }
      return { slaKind: 'next', slaDueAt: addHours(now, hours[priority]), slaPausedSeconds: null };
    }
    case 'set_status': {
      if (to === 'WAITING_CUSTOMER') return pause(clock, now);
      return resume(clock, now);
    }
    case 'resolve':
    case 'customer_close':
    case 'auto_close':
      return NO_SLA;
  }
}

function pause(clock: SlaClock, now: Date): SlaClock {
  if (!clock.slaDueAt) return clock;
  return {
    slaKind: clock.slaKind,
    slaDueAt: null,
    slaPausedSeconds: Math.round((clock.slaDueAt.getTime() - now.getTime()) / 1000),
  };
}

function resume(clock: SlaClock, now: Date): SlaClock {
  if (clock.slaPausedSeconds === null) return clock;
  return {
    slaKind: clock.slaKind,
    slaDueAt: new Date(now.getTime() + clock.slaPausedSeconds * 1000),
    slaPausedSeconds: null,
  };
}

/** A new priority moves a running clock by the difference of the two targets. */
export function slaWithPriority(
  clock: SlaClock,
  from: TicketPriority,
  to: TicketPriority,
  hours: SlaHours,
): SlaClock {
  const shift = (hours[to] - hours[from]) * 3600;
  if (clock.slaDueAt) {
    return { ...clock, slaDueAt: new Date(clock.slaDueAt.getTime() + shift * 1000) };
  }
  if (clock.slaPausedSeconds !== null) {
    return { ...clock, slaPausedSeconds: clock.slaPausedSeconds + shift };
  }
  return clock;
}

/** The clock as the desk shows it at `now`. */
export function slaView(clock: SlaClock, now: Date): Sla {
  if (clock.slaDueAt) {
    const secondsLeft = Math.floor((clock.slaDueAt.getTime() - now.getTime()) / 1000);
    return {
      kind: clock.slaKind,
      dueAt: clock.slaDueAt.toISOString(),
      secondsLeft,
      overdue: secondsLeft < 0,
      paused: false,
    };
  }
  if (clock.slaPausedSeconds !== null) {
    return {
      kind: clock.slaKind,
      dueAt: null,
      secondsLeft: clock.slaPausedSeconds,
      overdue: clock.slaPausedSeconds < 0,
      paused: true,
    };
  }
  return { kind: null, dueAt: null, secondsLeft: null, overdue: false, paused: false };
}
