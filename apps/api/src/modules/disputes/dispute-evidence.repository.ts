import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { EvidenceRunState, PowerOutcome } from '@crimsonhost/shared/dispute-evidence';
import type { PowerSignal } from '@crimsonhost/shared/rentals';
import type { Executor } from '../../db/client';
import { serverStatusHours } from '../../db/schema/catalog';
import { panelEvents, panelPowerActions, panelStateChanges } from '../../db/schema/rentals';
import { HOUR_MS, type RecordedHistory } from './dispute-downtime';

/**
 * The most panel errors one window lists: they are shown, not counted, and a panel that failed
 * all month would otherwise fill the answer.
 */
const PANEL_ERRORS_LIMIT = 200;

/**
 * What the platform kept about a listing over [from, to): the run state before `from` and its
 * changes inside, the status hours that overlap it (the hour `from` falls in included), the power
 * signals and the panel errors. Each read is one index range (listing, time).
 */
export async function recordedHistory(
  db: Executor,
  listingId: string,
  from: Date,
  to: Date,
): Promise<RecordedHistory> {
  const firstHour = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const [before, changes, hours, actions, errors] = await Promise.all([
    db
      .select()
      .from(panelStateChanges)
      .where(and(eq(panelStateChanges.listingId, listingId), lt(panelStateChanges.changedAt, from)))
      .orderBy(desc(panelStateChanges.changedAt), desc(panelStateChanges.id))
      .limit(1),
    db
      .select()
      .from(panelStateChanges)
      .where(
        and(
          eq(panelStateChanges.listingId, listingId),
          gte(panelStateChanges.changedAt, from),
          lt(panelStateChanges.changedAt, to),
        ),
      )
      .orderBy(asc(panelStateChanges.changedAt), asc(panelStateChanges.id)),
    db
      .select()
      .from(serverStatusHours)
      .where(
        and(
          eq(serverStatusHours.listingId, listingId),
          gte(serverStatusHours.hour, firstHour),
          lt(serverStatusHours.hour, to),
        ),
      )
      .orderBy(asc(serverStatusHours.hour)),
    db
      .select()
      .from(panelPowerActions)
      .where(
        and(
          eq(panelPowerActions.listingId, listingId),
          gte(panelPowerActions.sentAt, from),
          lt(panelPowerActions.sentAt, to),
        ),
      )
      .orderBy(asc(panelPowerActions.sentAt), asc(panelPowerActions.id)),
    db
      .select()
      .from(panelEvents)
      .where(
        and(
          eq(panelEvents.listingId, listingId),
          gte(panelEvents.createdAt, from),
          lt(panelEvents.createdAt, to),
        ),
      )
      .orderBy(asc(panelEvents.createdAt), asc(panelEvents.id))
      .limit(PANEL_ERRORS_LIMIT),
  ]);
  const change = (row: typeof panelStateChanges.$inferSelect) => ({
    state: row.state as EvidenceRunState,
    detail: row.detail,
    at: row.changedAt,
  });
  return {
    stateBefore: before[0] ? change(before[0]) : null,
    stateChanges: changes.map(change),
    statusHours: hours.map((row) => ({
      hour: row.hour,
      checks: row.checks,
      answered: row.answered,
      playersMax: row.playersMax,
      playersSum: row.playersSum,
    })),
    powerActions: actions.map((row) => ({
      signal: row.signal as PowerSignal,
      outcome: row.outcome as PowerOutcome,
      message: row.message,
      at: row.sentAt,
    })),
    panelErrors: errors.map((row) => ({ kind: row.kind, message: row.message, at: row.createdAt })),
  };
}
