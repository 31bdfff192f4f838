const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds left as a clock: '45:09', '2:05:09', '3d 04:05:09'. */
export function formatTimeLeft(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days}d ${pad(hours)}:${pad(minutes)}:${pad(rest)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(rest)}`;
  return `${pad(minutes)}:${pad(rest)}`;
}

/** The same in words, for screen readers: '3 days 4 hours 5 minutes left'. */
export function describeTimeLeft(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'} left`;
  const parts: string[] = [];
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`);
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`);
  if (minutes) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  return `${parts.join(' ')} left`;
}

/** '1 hour', '24 hours'. */
export function formatHours(hours: number): string {
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** '4 s', '2 min', '1 h': how long ago the run state was read. */
export function formatAge(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min`;
  return `${Math.floor(whole / 3600)} h`;
}
