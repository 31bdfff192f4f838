import type {
  EvidenceHour,
  EvidenceHourVerdict,
  EvidenceRunState,
  MeasuredEvidence,
  PowerOutcome,
  RunStateSpan,
} from '@crimsonhost/shared/dispute-evidence';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { PowerSignal } from '@crimsonhost/shared/rentals';

/**
 * The hours a rented game server was down or unreachable, from what the platform recorded
 * (issue 17 point 4). Pure: the recorded history in, the evidence out, so the rule is tested on a
 * fixed history without a database.
 *
 * The rental's time is cut into clock hours (UTC); the first and the last may be partial. An hour
 * counts DOWN when either
 * - the panel's run state was known and not `running` for any part of the hour, except what the
 *   renter caused: `stopping`/`stopped` after the renter's own stop, until their next start or
 *   restart, and `stopping`/`stopped`/`starting` for BOOT_GRACE_MS after the renter's start or
 *   restart (only signals the panel took count); or
 * - the hour had status checks and none was answered, unless the renter's own stop covered part
 *   of the hour (the checks cannot tell which of them fell in it).
 * An hour that is not down is RENTER_STOPPED when the renter's stop covered part of it,
 * NO_MEASUREMENT when it had no status check, UP otherwise. A partial hour counts as a whole one,
 * but no more hours count down than the window's length rounded up (a short outage across an
 * hour's turn marks two hours). The suggested refund is the down hours × the price per hour.
 */

export const HOUR_MS = 3_600_000;
/**
 * How long a server may be stopping and starting after the renter's start or restart before it
 * counts as down: the storefront's own limit for `starting` (STUCK_STARTING_SECONDS, 10 minutes).
 */
export const BOOT_GRACE_MS = 10 * 60_000;

export interface RecordedStateChange {
  state: EvidenceRunState;
  detail: string | null;
  at: Date;
}

export interface RecordedStatusHour {
  /** The clock hour's start. */
  hour: Date;
  checks: number;
  answered: number;
  playersMax: number;
  playersSum: number;
}

export interface RecordedPowerAction {
  signal: PowerSignal;
  outcome: PowerOutcome;
  message: string | null;
  at: Date;
}

export interface RecordedPanelError {
  kind: string;
  message: string;
  at: Date;
}

/** What the platform kept about a listing over a window, and just before it. */
export interface RecordedHistory {
  /** The last run state kept before the window: the state the window starts in. */
  stateBefore: RecordedStateChange | null;
  /** The run-state changes inside the window, oldest first. */
  stateChanges: RecordedStateChange[];
  statusHours: RecordedStatusHour[];
  /** The power signals sent inside the window, oldest first. */
  powerActions: RecordedPowerAction[];
  panelErrors: RecordedPanelError[];
}

export interface DowntimeWindow {
  from: Date;
  /** Exclusive. */
  to: Date;
  pricePerHour: bigint;
}

type Interval = readonly [from: number, to: number];
interface Span {
  state: EvidenceRunState | null;
  detail: string | null;
  from: number;
  to: number;
}

const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

/** The run states over [from, to): the state before `from` carried in, repeats merged. */
function runStateSpans(history: RecordedHistory, from: number, to: number): Span[] {
  const spans: Span[] = [];
  let current: Span = {
    state: history.stateBefore?.state ?? null,
    detail: history.stateBefore?.detail ?? null,
    from,
    to,
  };
  for (const change of history.stateChanges) {
    const at = change.at.getTime();
    if (at < from || at >= to || change.state === current.state) continue;
    if (at > current.from) spans.push({ ...current, to: at });
    current = { state: change.state, detail: change.detail, from: at, to };
  }
  spans.push(current);
  return spans;
}

/**
 * The renter's own doing, from the power signals the panel took: their stops (until their next
 * start or restart) and the boot after each start or restart.
 */
function renterIntervals(actions: RecordedPowerAction[], to: number) {
  const stops: Interval[] = [];
  const boots: Interval[] = [];
  let stoppedAt: number | null = null;
  for (const action of actions) {
    if (action.outcome !== 'ok') continue;
    const at = action.at.getTime();
    if (action.signal === 'stop') {
      stoppedAt ??= at;
      continue;
    }
    if (stoppedAt !== null) stops.push([stoppedAt, at]);
    stoppedAt = null;
    boots.push([at, Math.min(at + BOOT_GRACE_MS, to)]);
  }
  if (stoppedAt !== null) stops.push([stoppedAt, to]);
  return { stops, boots };
}

const overlaps = ([a, b]: Interval, [c, d]: Interval) => a < d && c < b;

/** Whether some of [from, to) lies outside every one of `covers` (sorted by their start). */
function uncovered(from: number, to: number, covers: readonly Interval[]): boolean {
  let point = from;
  for (const [a, b] of covers) {
    if (a > point) break;
    point = Math.max(point, b);
    if (point >= to) return false;
  }
  return point < to;
}

interface Covers {
  /** The renter's stops and boots, sorted by start: they excuse stopping and stopped. */
  stopped: readonly Interval[];
  /** The renter's boots, sorted by start: they excuse starting. */
  starting: readonly Interval[];
}

const byStart = (list: readonly Interval[]) => [...list].sort((x, y) => x[0] - y[0]);

/** Which renter intervals excuse a state: a stop excuses being stopped, a boot booting. */
function coversFor(state: EvidenceRunState, covers: Covers): readonly Interval[] {
  switch (state) {
    case 'stopping':
    case 'stopped':
      return covers.stopped;
    case 'starting':
      return covers.starting;
    case 'running':
    case 'error':
      return [];
  }
}

function verdictOf(hour: Omit<EvidenceHour, 'verdict'>): EvidenceHourVerdict {
  if (hour.panelDown || (hour.unreachable && !hour.renterStopped)) return 'down';
  if (hour.renterStopped) return 'renter_stopped';
  return hour.checks === 0 ? 'no_measurement' : 'up';
}

/** The evidence of [from, to) from the recorded history, with its figures. */
export function measureDowntime(
  history: RecordedHistory,
  window: DowntimeWindow,
): MeasuredEvidence {
  const from = window.from.getTime();
  const to = Math.max(window.to.getTime(), from);
  const spans = to > from ? runStateSpans(history, from, to) : [];
  const { stops, boots } = renterIntervals(history.powerActions, to);
  const covers: Covers = { stopped: byStart([...stops, ...boots]), starting: byStart(boots) };
  const status = new Map(history.statusHours.map((row) => [row.hour.getTime(), row]));

  const hours: EvidenceHour[] = [];
  // The spans are in order and touch: the hour's are those from the first that ends after the
  // hour starts to the last that starts before it ends, found with an index that moves with it.
  let first = 0;
  for (let start = floorHour(from); from < to && start < to; start += HOUR_MS) {
    const part: Interval = [Math.max(start, from), Math.min(start + HOUR_MS, to)];
    while (first < spans.length && spans[first]!.to <= part[0]) first += 1;
    const inHour: Span[] = [];
    for (let i = first; i < spans.length && spans[i]!.from < part[1]; i += 1) {
      inHour.push(spans[i]!);
    }
    const states: EvidenceRunState[] = [];
    for (const { state } of inHour)
      if (state !== null && states.at(-1) !== state) states.push(state);
    const panelDown = inHour.some(
      (span) =>
        span.state !== null &&
        span.state !== 'running' &&
        uncovered(
          Math.max(span.from, part[0]),
          Math.min(span.to, part[1]),
          coversFor(span.state, covers),
        ),
    );
    const row = status.get(start);
    const checks = row?.checks ?? 0;
    const answered = row?.answered ?? 0;
    const hour = {
      hour: iso(start),
      checks,
      answered,
      playersMax: row && answered > 0 ? row.playersMax : null,
      playersAvg: row && answered > 0 ? Math.round((row.playersSum / answered) * 10) / 10 : null,
      states,
      panelDown,
      unreachable: checks > 0 && answered === 0,
      renterStopped: stops.some((stop) => overlaps(stop, part)),
    };
    hours.push({ ...hour, verdict: verdictOf(hour) });
  }

  const count = (verdict: EvidenceHourVerdict) =>
    hours.filter((hour) => hour.verdict === verdict).length;
  const windowHours = Math.ceil((to - from) / HOUR_MS);
  const downHours = Math.min(count('down'), windowHours);
  const timeline: RunStateSpan[] = spans.map((span) => ({
    state: span.state,
    detail: span.detail,
    from: iso(span.from),
    to: iso(span.to),
  }));
  return {
    from: iso(from),
    to: iso(to),
    windowHours,
    downHours,
    renterStoppedHours: count('renter_stopped'),
    noMeasurementHours: count('no_measurement'),
    pricePerHour: toUsdtString(window.pricePerHour),
    suggestedRefund: toUsdtString(window.pricePerHour * BigInt(downHours)),
    timeline,
    hours,
    powerActions: history.powerActions.map((action) => ({
      signal: action.signal,
      outcome: action.outcome,
      message: action.message,
      sentAt: action.at.toISOString(),
    })),
    panelErrors: history.panelErrors.map((error) => ({
      kind: error.kind,
      message: error.message,
      at: error.at.toISOString(),
    })),
  };
}
