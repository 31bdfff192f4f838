import { describe, expect, it } from 'vitest';
import type { Sla } from '@crimsonhost/shared/support-desk';
import { formatDuration, slaText } from './sla-text';

const sla = (overrides: Partial<Sla>): Sla => ({
  kind: 'first',
  dueAt: '2026-11-20T14:00:00.000Z',
  secondsLeft: 7800,
  overdue: false,
  paused: false,
  ...overrides,
});

describe('the SLA in words', () => {
  it('says the time left, or how long overdue', () => {
    expect(slaText(sla({ secondsLeft: 7800 }))).toBe('2 h 10 min left');
    expect(slaText(sla({ secondsLeft: -2100, overdue: true }))).toBe('Overdue by 35 min');
    expect(slaText(sla({ secondsLeft: 3 * 86_400 + 4 * 3600 }))).toBe('3 d 4 h left');
    expect(formatDuration(20)).toBe('1 min');
  });

  it('says Paused while the customer is to answer, and a dash when nothing is owed', () => {
    expect(slaText(sla({ paused: true, dueAt: null, secondsLeft: 600 }))).toBe('Paused');
    expect(slaText(sla({ kind: null, dueAt: null, secondsLeft: null }))).toBe('—');
  });
});
