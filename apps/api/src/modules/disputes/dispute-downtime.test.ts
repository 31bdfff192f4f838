import { describe, expect, it } from 'vitest';
import {
  measureDowntime,
  type RecordedHistory,
  type RecordedPowerAction,
  type RecordedStateChange,
  type RecordedStatusHour,
} from './dispute-downtime';

const at = (time: string) => new Date(`2026-11-24T${time}:00Z`);
const next = (time: string) => new Date(`2026-11-25T${time}:00Z`);
const PRICE = 2_500_000n;

const state = (
  time: Date,
  value: RecordedStateChange['state'],
  detail: string | null = null,
): RecordedStateChange => ({ state: value, detail, at: time });
const checks = (
  hour: Date,
  count: number,
  answered: number,
  players: [max: number, sum: number] = [0, 0],
): RecordedStatusHour => ({
  hour,
  checks: count,
  answered,
  playersMax: players[0],
  playersSum: players[1],
});
const power = (
  time: Date,
  signal: RecordedPowerAction['signal'],
  message: string | null = null,
): RecordedPowerAction => ({
  signal,
  outcome: message === null ? 'ok' : 'failed',
  message,
  at: time,
});
const history = (overrides: Partial<RecordedHistory> = {}): RecordedHistory => ({
  stateBefore: null,
  stateChanges: [],
  statusHours: [],
  powerActions: [],
  panelErrors: [],
  ...overrides,
});

/**
 * A seven-hour rental, 17:20 to 00:20 UTC, as the platform recorded it: unreachable at 18, the
 * panel stopped from 19:40 to 20:15, no check at 21, the renter's own stop and start at 22, a
 * restart the panel refused at 23.
 */
const RECORDED = history({
  stateBefore: state(at('12:00'), 'running'),
  stateChanges: [
    state(at('19:40'), 'stopped'),
    state(at('20:15'), 'running'),
    state(at('22:11'), 'stopped'),
    state(at('22:51'), 'starting'),
    state(at('22:55'), 'running'),
  ],
  statusHours: [
    checks(at('17:00'), 120, 120, [12, 1200]),
    checks(at('18:00'), 120, 0),
    checks(at('19:00'), 120, 80, [9, 560]),
    checks(at('20:00'), 120, 90, [4, 180]),
    checks(at('22:00'), 120, 40, [3, 60]),
    checks(at('23:00'), 120, 120, [7, 600]),
    checks(next('00:00'), 40, 40, [6, 200]),
  ],
  powerActions: [
    power(at('22:10'), 'stop'),
    power(at('22:50'), 'start'),
    power(at('23:05'), 'restart', 'The control panel did not answer within 8 seconds.'),
  ],
  panelErrors: [{ kind: 'timeout', message: 'restart: timed out', at: at('23:05') }],
});

describe("a dispute's measured downtime", () => {
  it('counts the hours down or unreachable from a recorded history, and suggests their refund', () => {
    const evidence = measureDowntime(RECORDED, {
      from: at('17:20'),
      to: next('00:20'),
      pricePerHour: PRICE,
    });
    expect(
      evidence.hours.map((hour) => [hour.hour.slice(11, 16), hour.verdict, hour.states.join(' ')]),
    ).toEqual([
      ['17:00', 'up', 'running'],
      ['18:00', 'down', 'running'],
      ['19:00', 'down', 'running stopped'],
      ['20:00', 'down', 'stopped running'],
      ['21:00', 'no_measurement', 'running'],
      ['22:00', 'renter_stopped', 'running stopped starting running'],
      ['23:00', 'up', 'running'],
      ['00:00', 'up', 'running'],
    ]);
    expect(evidence).toMatchObject({
      from: '2026-11-24T17:20:00.000Z',
      to: '2026-11-25T00:20:00.000Z',
      windowHours: 7,
      downHours: 3,
      renterStoppedHours: 1,
      noMeasurementHours: 1,
      pricePerHour: '2.500000',
      suggestedRefund: '7.500000',
    });
    expect(evidence.hours[1]).toEqual({
      hour: '2026-11-24T18:00:00.000Z',
      checks: 120,
      answered: 0,
      playersMax: null,
      playersAvg: null,
      states: ['running'],
      panelDown: false,
      unreachable: true,
      renterStopped: false,
      verdict: 'down',
    });
    expect(evidence.hours[0]).toMatchObject({ playersMax: 12, playersAvg: 10 });
    expect(evidence.hours[2]).toMatchObject({ panelDown: true, unreachable: false });
    expect(evidence.hours[3]).toMatchObject({ playersMax: 4, playersAvg: 2 });
    expect(evidence.hours[5]).toMatchObject({ panelDown: false, renterStopped: true });
  });

  it('carries the state before the rental in and lays the run states end to end', () => {
    const evidence = measureDowntime(RECORDED, {
      from: at('17:20'),
      to: next('00:20'),
      pricePerHour: PRICE,
    });
    expect(evidence.timeline).toEqual([
      {
        state: 'running',
        detail: null,
        from: '2026-11-24T17:20:00.000Z',
        to: '2026-11-24T19:40:00.000Z',
      },
      {
        state: 'stopped',
        detail: null,
        from: '2026-11-24T19:40:00.000Z',
        to: '2026-11-24T20:15:00.000Z',
      },
      {
        state: 'running',
        detail: null,
        from: '2026-11-24T20:15:00.000Z',
        to: '2026-11-24T22:11:00.000Z',
      },
      {
        state: 'stopped',
        detail: null,
        from: '2026-11-24T22:11:00.000Z',
        to: '2026-11-24T22:51:00.000Z',
      },
      {
        state: 'starting',
        detail: null,
        from: '2026-11-24T22:51:00.000Z',
        to: '2026-11-24T22:55:00.000Z',
      },
      {
        state: 'running',
        detail: null,
        from: '2026-11-24T22:55:00.000Z',
        to: '2026-11-25T00:20:00.000Z',
      },
    ]);
    expect(evidence.powerActions).toEqual([
      { signal: 'stop', outcome: 'ok', message: null, sentAt: '2026-11-24T22:10:00.000Z' },
      { signal: 'start', outcome: 'ok', message: null, sentAt: '2026-11-24T22:50:00.000Z' },
      {
        signal: 'restart',
        outcome: 'failed',
        message: 'The control panel did not answer within 8 seconds.',
        sentAt: '2026-11-24T23:05:00.000Z',
      },
    ]);
    expect(evidence.panelErrors).toEqual([
      { kind: 'timeout', message: 'restart: timed out', at: '2026-11-24T23:05:00.000Z' },
    ]);
  });

  it('knows nothing of a server never measured: no state, every hour without measurement', () => {
    const evidence = measureDowntime(history(), {
      from: at('10:00'),
      to: at('12:00'),
      pricePerHour: PRICE,
    });
    expect(evidence.timeline).toEqual([
      { state: null, detail: null, from: at('10:00').toISOString(), to: at('12:00').toISOString() },
    ]);
    expect(evidence.hours.map((hour) => hour.verdict)).toEqual([
      'no_measurement',
      'no_measurement',
    ]);
    expect(evidence).toMatchObject({ downHours: 0, suggestedRefund: '0.000000' });
  });

  it('counts a panel outage without status checks as down', () => {
    const evidence = measureDowntime(
      history({ stateBefore: state(at('09:00'), 'error', 'The control panel cannot be reached.') }),
      { from: at('10:00'), to: at('11:00'), pricePerHour: PRICE },
    );
    expect(evidence.hours).toMatchObject([{ checks: 0, panelDown: true, verdict: 'down' }]);
    expect(evidence.downHours).toBe(1);
  });

  it('never counts more hours down than the window lasts, though an outage crosses the hour', () => {
    const evidence = measureDowntime(
      history({
        stateBefore: state(at('10:00'), 'running'),
        stateChanges: [state(at('10:55'), 'stopped'), state(at('11:05'), 'running')],
        statusHours: [checks(at('10:00'), 120, 110), checks(at('11:00'), 120, 110)],
      }),
      { from: at('10:30'), to: at('11:30'), pricePerHour: PRICE },
    );
    expect(evidence.hours.map((hour) => hour.verdict)).toEqual(['down', 'down']);
    expect(evidence).toMatchObject({ windowHours: 1, downHours: 1, suggestedRefund: '2.500000' });
  });

  it("does not count unanswered checks while the renter's own stop lasts", () => {
    const evidence = measureDowntime(
      history({
        stateBefore: state(at('09:00'), 'running'),
        stateChanges: [state(at('10:01'), 'stopped')],
        statusHours: [checks(at('10:00'), 120, 0), checks(at('11:00'), 120, 0)],
        powerActions: [power(at('10:00'), 'stop')],
      }),
      { from: at('09:30'), to: at('12:00'), pricePerHour: PRICE },
    );
    expect(evidence.hours.map((hour) => hour.verdict)).toEqual([
      'no_measurement',
      'renter_stopped',
      'renter_stopped',
    ]);
    expect(evidence.downHours).toBe(0);
  });

  it('gives a start or restart ten minutes to boot, then counts it down', () => {
    const evidence = measureDowntime(
      history({
        stateBefore: state(at('09:00'), 'running'),
        stateChanges: [
          state(at('10:00'), 'stopping'),
          state(at('10:01'), 'starting'),
          state(at('10:05'), 'running'),
          state(at('11:00'), 'starting'),
        ],
        statusHours: [checks(at('10:00'), 120, 110), checks(at('11:00'), 120, 0)],
        powerActions: [power(at('10:00'), 'restart'), power(at('11:00'), 'restart')],
      }),
      { from: at('10:00'), to: at('12:00'), pricePerHour: PRICE },
    );
    // 10:00: back in five minutes. 11:00: still starting after ten, and nothing answered.
    expect(evidence.hours.map((hour) => [hour.verdict, hour.panelDown])).toEqual([
      ['up', false],
      ['down', true],
    ]);
  });

  it('ignores a stop the panel refused', () => {
    const evidence = measureDowntime(
      history({
        stateBefore: state(at('09:00'), 'stopped'),
        statusHours: [checks(at('10:00'), 120, 0)],
        powerActions: [power(at('10:10'), 'stop', 'The control panel cannot be reached.')],
      }),
      { from: at('10:00'), to: at('11:00'), pricePerHour: PRICE },
    );
    expect(evidence.hours).toMatchObject([
      { panelDown: true, unreachable: true, renterStopped: false, verdict: 'down' },
    ]);
  });
});
