import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_HOURS } from '@crimsonhost/shared/support';
import { NO_SLA, slaAfter, slaOfNewTicket, slaView, slaWithPriority } from './sla';

const HOUR = 3_600_000;
const t0 = new Date('2026-11-24T09:00:00Z');
const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

describe('the service-level clock', () => {
  it('gives a new ticket its first-answer time by priority', () => {
    for (const [priority, hours] of Object.entries(DEFAULT_SLA_HOURS)) {
      const clock = slaOfNewTicket(
        priority as keyof typeof DEFAULT_SLA_HOURS,
        t0,
        DEFAULT_SLA_HOURS,
      );
      expect(clock).toEqual({ slaKind: 'first', slaDueAt: at(hours), slaPausedSeconds: null });
    }
  });

  it('counts down, then overdue, on a fake clock', () => {
    const clock = slaOfNewTicket('HIGH', t0, DEFAULT_SLA_HOURS);
    expect(slaView(clock, at(1))).toEqual({
      kind: 'first',
      dueAt: at(4).toISOString(),
      secondsLeft: 3 * 3600,
      overdue: false,
      paused: false,
    });
    expect(slaView(clock, at(4.5))).toMatchObject({ secondsLeft: -1800, overdue: true });
  });

  it('pauses while waiting for the customer and resumes with what was left', () => {
    const clock = slaOfNewTicket('NORMAL', t0, DEFAULT_SLA_HOURS);
    const waiting = slaAfter(
      clock,
      {
        event: { type: 'set_status', to: 'WAITING_CUSTOMER' },
        to: 'WAITING_CUSTOMER',
        priority: 'NORMAL',
      },
      at(5),
      DEFAULT_SLA_HOURS,
    );
    expect(waiting).toEqual({ slaKind: 'first', slaDueAt: null, slaPausedSeconds: 13 * 3600 });
    // Three days later the clock has not moved.
    expect(slaView(waiting, at(72))).toMatchObject({
      paused: true,
      secondsLeft: 13 * 3600,
      overdue: false,
    });
    const resumed = slaAfter(
      waiting,
      { event: { type: 'set_status', to: 'IN_PROGRESS' }, to: 'IN_PROGRESS', priority: 'NORMAL' },
      at(72),
      DEFAULT_SLA_HOURS,
    );
    expect(resumed).toEqual({ slaKind: 'first', slaDueAt: at(85), slaPausedSeconds: null });
  });

  it('is paid by a staff reply, owes a next answer after the customer writes, and stops when resolved', () => {
    const clock = slaOfNewTicket('LOW', t0, DEFAULT_SLA_HOURS);
    const answered = slaAfter(
      clock,
      { event: { type: 'staff_reply' }, to: 'WAITING_CUSTOMER', priority: 'LOW' },
      at(2),
      DEFAULT_SLA_HOURS,
    );
    expect(answered).toEqual(NO_SLA);
    expect(slaView(answered, at(100))).toEqual({
      kind: null,
      dueAt: null,
      secondsLeft: null,
      overdue: false,
      paused: false,
    });
    const next = slaAfter(
      answered,
      { event: { type: 'customer_reply' }, to: 'WAITING_SUPPORT', priority: 'LOW' },
      at(10),
      DEFAULT_SLA_HOURS,
    );
    expect(next).toEqual({ slaKind: 'next', slaDueAt: at(58), slaPausedSeconds: null });
    expect(
      slaAfter(
        next,
        { event: { type: 'resolve' }, to: 'RESOLVED', priority: 'LOW' },
        at(11),
        DEFAULT_SLA_HOURS,
      ),
    ).toEqual(NO_SLA);
  });

  it('keeps an unanswered first-answer time when the customer adds to the ticket', () => {
    const clock = slaOfNewTicket('HIGH', t0, DEFAULT_SLA_HOURS);
    expect(
      slaAfter(
        clock,
        { event: { type: 'customer_reply' }, to: 'OPEN', priority: 'HIGH' },
        at(1),
        DEFAULT_SLA_HOURS,
      ),
    ).toEqual(clock);
    expect(
      slaAfter(
        clock,
        { event: { type: 'internal_note' }, to: 'OPEN', priority: 'HIGH' },
        at(1),
        DEFAULT_SLA_HOURS,
      ),
    ).toEqual(clock);
  });

  it('moves a running or paused clock by the difference when the priority changes', () => {
    const clock = slaOfNewTicket('LOW', t0, DEFAULT_SLA_HOURS);
    expect(slaWithPriority(clock, 'LOW', 'URGENT', DEFAULT_SLA_HOURS).slaDueAt).toEqual(at(1));
    const paused = { slaKind: 'first' as const, slaDueAt: null, slaPausedSeconds: 3600 };
    expect(slaWithPriority(paused, 'NORMAL', 'LOW', DEFAULT_SLA_HOURS).slaPausedSeconds).toBe(
      3600 + 30 * 3600,
    );
  });
});
