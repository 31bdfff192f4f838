import { Typography } from 'antd';
import type { Sla } from '@crimsonhost/shared/support-desk';

/** 2 h 10 min, 35 min, 3 d 4 h. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(totalSeconds) / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${rest ? ` ${rest} min` : ''}`;
  return `${rest} min`;
}

/** Where a ticket stands against its service level, in words. */
export function slaText(sla: Sla): string {
  if (sla.paused) return 'Paused';
  if (sla.secondsLeft === null) return '—';
  const what = sla.kind === 'first' ? 'first answer' : 'answer';
  return sla.overdue
    ? `Overdue by ${formatDuration(sla.secondsLeft)}`
    : `${formatDuration(sla.secondsLeft)} left for the ${what}`;
}

export function SlaText({ sla }: { sla: Sla }) {
  return (
    <Typography.Text
      type={
        sla.overdue ? 'danger' : sla.paused || sla.secondsLeft === null ? 'secondary' : undefined
      }
      strong={sla.overdue}
    >
      {slaText(sla)}
    </Typography.Text>
  );
}
