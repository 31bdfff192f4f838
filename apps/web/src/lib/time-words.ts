/**
 * Dates and times in words without a date library, for the modules a first visit loads (decision
 * 058): the same words dayjs gives elsewhere in the app.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `then` was at `now`, as dayjs's relativeTime says it, with its thresholds on
 * rounded values: to 44 s "a few seconds", to 89 s "a minute", to 44 min in minutes, to 89 min
 * "an hour", to 21 h in hours, to 35 h "a day", to 25 days in days, to 45 days "a month"; months
 * and years after that are counted in 30.44 and 365.25 days (dayjs counts calendar months). A
 * time ahead of `now` counts as now. A count of one says "a" or "an", as dayjs does.
 */
export function timeAgo(then: number, now: number): string {
  const elapsed = Math.max(0, now - then);
  const seconds = Math.round(elapsed / SECOND);
  if (seconds <= 44) return 'a few seconds ago';
  if (seconds <= 89) return 'a minute ago';
  const minutes = Math.round(elapsed / MINUTE);
  if (minutes <= 44) return minutes <= 1 ? 'a minute ago' : `${minutes} minutes ago`;
  if (minutes <= 89) return 'an hour ago';
  const hours = Math.round(elapsed / HOUR);
  if (hours <= 21) return hours <= 1 ? 'an hour ago' : `${hours} hours ago`;
  if (hours <= 35) return 'a day ago';
  const days = Math.round(elapsed / DAY);
  if (days <= 25) return days <= 1 ? 'a day ago' : `${days} days ago`;
  if (days <= 45) return 'a month ago';
  const months = Math.round(elapsed / (30.44 * DAY));
  if (months <= 10) return months <= 1 ? 'a month ago' : `${months} months ago`;
  if (months <= 17) return 'a year ago';
  const years = Math.round(elapsed / (365.25 * DAY));
  return years <= 1 ? 'a year ago' : `${years} years ago`;
}

// Made on first use: building a date formatter loads the browser's locale data, about 30 ms of a
// phone's main thread, and the pages of a first visit that import this module show no date.
let dateTime: Intl.DateTimeFormat | undefined;

function dateTimeFormat(): Intl.DateTimeFormat {
  dateTime ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return dateTime;
}

/** "5 December 2026, 14:30" in the browser's time zone (dayjs's 'D MMMM YYYY, HH:mm'). */
export function dateTimeInWords(value: string | number | Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat()
      .formatToParts(new Date(value))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}
