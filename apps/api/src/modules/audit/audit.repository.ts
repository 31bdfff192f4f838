import { and, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import {
  afterCursor,
  countRows,
  createdMicros,
  historyPage,
  limitOf,
  offsetOf,
  type HistoryPageRequest,
} from '../../lib/history-page';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRecord(db: Executor, row: NewAuditRow) {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter extends HistoryPageRequest {
  action?: string;
  actorId?: string;
  target?: string;
  from?: string;
  to?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first along `audit_log_order_idx`, paged like every list that grows with history. */
export async function listAuditRecords(db: Executor, filter: AuditFilter) {
  const target = filter.target?.trim();
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    target
      ? UUID.test(target)
        ? or(eq(auditLog.targetId, target.toLowerCase()), eq(auditLog.actorId, target))
        : sql`lower(${auditLog.targetLabel}) like ${`%${target.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    filter.from ? gte(auditLog.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(auditLog.createdAt, new Date(filter.to)) : undefined,
  );
  const read = await db
    .select({ record: auditLog, micros: createdMicros(auditLog.createdAt) })
    .from(auditLog)
    .where(and(where, afterCursor(auditLog.createdAt, auditLog.id, filter.after)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limitOf(filter))
    .offset(offsetOf(filter));
  const page = await historyPage(
    filter,
    read,
    (row) => row.record.id,
    (limit) =>
      countRows(
        db,
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(where)
          .limit(limit)
          .as('matching'),
      ),
  );
  return { ...page, rows: page.rows.map((row) => row.record) };
}
