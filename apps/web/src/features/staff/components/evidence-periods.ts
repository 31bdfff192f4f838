import dayjs from 'dayjs';
import type {
  DisputeEvidence,
  EvidenceHour,
  EvidenceHourVerdict,
  EvidenceRunState,
} from '@crimsonhost/shared/dispute-evidence';

const HOUR_MS = 3_600_000;

export const RUN_STATE_LABELS: Record<EvidenceRunState, string> = {
  starting: 'Starting',
  running: 'Running',
  stopping: 'Stopping',
  stopped: 'Stopped',
  error: 'Panel error',
};

/** Consecutive hours that read the same, as one row of the evidence's hour table. */
export interface EvidencePeriod {
  key: string;
  /** Inside the rental: the first hour may start, the last end, past the clock hour's turn. */
  from: string;
  to: string;
  hours: number;
  verdict: EvidenceHourVerdict;
  /** Why the hours read so, in words; '' for hours up. */
  why: string;
  checks: number;
  answered: number;
  playersMax: number | null;
  states: EvidenceRunState[];
}

/** 'The panel showed it not running; no status check answered': why an hour counts as it does. */
export function whyOf(hour: EvidenceHour): string {
  const reasons = [];
  if (hour.panelDown) reasons.push('the panel showed it not running');
  if (hour.unreachable) reasons.push('no status check answered');
  if (hour.renterStopped) reasons.push('the renter stopped it');
  if (hour.verdict === 'no_measurement') reasons.push('no status check at all');
  const text = reasons.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The evidence's hours grouped into runs of the same verdict for the same reasons: a week-long
 * rental reads as a few rows, each hour still counted in its row.
 */
export function evidencePeriods(evidence: DisputeEvidence): EvidencePeriod[] {
  const from = Date.parse(evidence.from);
  const to = Date.parse(evidence.to);
  const periods: EvidencePeriod[] = [];
  for (const hour of evidence.hours) {
    const start = Date.parse(hour.hour);
    const why = whyOf(hour);
    const end = new Date(Math.min(start + HOUR_MS, to)).toISOString();
    const last = periods.at(-1);
    if (last && last.verdict === hour.verdict && last.why === why) {
      last.to = end;
      last.hours += 1;
      last.checks += hour.checks;
      last.answered += hour.answered;
      if (hour.playersMax !== null) {
        last.playersMax = Math.max(last.playersMax ?? 0, hour.playersMax);
      }
      for (const state of hour.states) {
        if (last.states.at(-1) !== state) last.states.push(state);
      }
      continue;
    }
    periods.push({
      key: hour.hour,
      from: new Date(Math.max(start, from)).toISOString(),
      to: end,
      hours: 1,
      verdict: hour.verdict,
      why,
      checks: hour.checks,
      answered: hour.answered,
      playersMax: hour.playersMax,
      states: [...hour.states],
    });
  }
  return periods;
}

/** '24 Nov, 18:20–20:00', or across midnight '24 Nov, 23:00 – 25 Nov, 01:00'. */
export function periodText(from: string, to: string): string {
  const start = dayjs(from);
  const end = dayjs(to);
  const sameDay = start.isSame(end.subtract(1, 'ms'), 'day');
  return sameDay
    ? `${start.format('D MMM, HH:mm')}–${end.format('HH:mm')}`
    : `${start.format('D MMM, HH:mm')} – ${end.format('D MMM, HH:mm')}`;
}

/** '3 hours', '1 hour'. */
export const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;
