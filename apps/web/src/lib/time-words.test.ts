import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { describe, expect, it } from 'vitest';
import { dateTimeInWords, timeAgo } from './time-words';

dayjs.extend(relativeTime);

describe('time in words', () => {
  it('says how long ago as dayjs does, at and around each of its thresholds up to a month', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    const seconds = [
      0,
      44,
      45,
      89,
      90,
      150,
      44 * 60,
      45 * 60,
      89 * 60,
      90 * 60,
      5 * 3600,
      21 * 3600 + 1800,
      22 * 3600,
      35 * 3600,
      35 * 3600 + 1800,
      36 * 3600,
      10 * 86400,
      25 * 86400,
      25 * 86400 + 43200,
      26 * 86400,
      44 * 86400,
      45 * 86400,
      46 * 86400,
    ];
    for (const elapsed of seconds) {
      const then = now - elapsed * 1000;
      expect(timeAgo(then, now), `${elapsed} s`).toBe(dayjs(then).from(dayjs(now)));
    }
  });

  it('counts a time ahead of now as now', () => {
    expect(timeAgo(Date.now() + 5_000, Date.now())).toBe('a few seconds ago');
  });

  it('writes a date and time as the app does elsewhere', () => {
    const at = '2026-12-05T14:30:00';
    expect(dateTimeInWords(at)).toBe(dayjs(at).format('D MMMM YYYY, HH:mm'));
    expect(dateTimeInWords('2026-01-09T00:05:00')).toBe('9 January 2026, 00:05');
  });
});
