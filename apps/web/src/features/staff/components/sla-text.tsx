import { Typography } from 'antd';
import dayjs from 'dayjs';
import type { Sla } from '@crimsonhost/shared/support-desk';

/** 2 h 10 min, 35 min, 3 d 4 h (at least 1 min). */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(totalSeconds) / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${rest ? ` ${rest} min` : ''}`;
  return `${rest} min`;
}

/**
 * Where a ticket stands against its service level, in words: '2 h 10 min left', 'Overdue by
 * 35 min', 'Paused' while the customer is to answer, '—' when no answer is owed.
 */
export function slaText(sla: Sla): string {
  if (sla.paused) return 'Paused';
  if (sla.secondsLeft === null) return '—';
  return sla.overdue
    ? `Overdue by ${formatDuration(sla.secondsLeft)}`
    : `${formatDuration(sla.secondsLeft)} left`;
}

/** What the clock is for and when it runs out, for a tooltip or a second line. */
export function slaDetail(sla: Sla): string | null {
  if (sla.paused) return 'Waiting for the customer: the clock stands still.';
  if (sla.kind === null || sla.secondsLeft === null) return 'No answer owed.';
  const what = sla.kind === 'first' ? 'First answer' : 'Next answer';
  return sla.dueAt ? `${what} due ${dayjs(sla.dueAt).format('D MMM, HH:mm')}` : what;
}

/** The SLA in words, red and bold when overdue; `detailed` adds what is due and when. */
export function SlaText({ sla, detailed = false }: { sla: Sla; detailed?: boolean }) {
  const quiet = sla.paused || sla.secondsLeft === null;
  const detail = slaDetail(sla);
  return (
    <span title={detailed ? undefined : (detail ?? undefined)}>
      <Typography.Text
        type={sla.overdue ? 'danger' : quiet ? 'secondary' : undefined}
        strong={sla.overdue}
        style={{ whiteSpace: 'nowrap' }}
      >
        {slaText(sla)}
      </Typography.Text>
      {detailed && detail && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {detail}
        </Typography.Text>
      )}
    </span>
  );
}
