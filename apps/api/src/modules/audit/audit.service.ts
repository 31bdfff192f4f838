import type { AuditAction, AuditEntry, AuditQuery } from '@crimsonhost/shared/admin';
import type { ClientKind } from '@crimsonhost/shared/constants';
import type { Database, Executor } from '../../db/client';
import * as repo from './audit.repository';

/** Who did something: a signed-in person with the app they used and their address. */
export interface AuditActor {
  user: { id: string; displayName: string; email: string } | null;
  clientKind: ClientKind | null;
  ip: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  targetType:
    'user' | 'settings' | 'deposit' | 'ledger' | 'vendor' | 'payout' | 'clock' | 'paypal_payment';
  targetId: string | null;
  /** How the target read then (an e-mail, a setting's name): kept, as the target may change. */
  targetLabel: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * The audit log (issue 15 point 7): what staff did and what happened to security, append-only in
 * the database. `record` takes the caller's transaction, so an action and its record are written
 * together or not at all.
 */
export class AuditService {
  constructor(private readonly db: Database) {}

  async record(db: Executor, actor: AuditActor, event: AuditEvent) {
    await repo.insertAuditRecord(db, {
      actorId: actor.user?.id ?? null,
      actorName: actor.user?.displayName ?? null,
      actorEmail: actor.user?.email ?? null,
      clientKind: actor.clientKind,
      ip: actor.ip,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      targetLabel: event.targetLabel,
      before: event.before ?? null,
      after: event.after ?? null,
    });
  }

  async list(query: Required<Pick<AuditQuery, 'page' | 'pageSize'>> & AuditQuery) {
    const page = await repo.listAuditRecords(this.db, {
      ...query,
      page: Number(query.page),
      pageSize: Number(query.pageSize),
    });
    return {
      data: page.rows.map(toAuditEntry),
      meta: {
        page: Number(query.page),
        pageSize: Number(query.pageSize),
        total: page.total,
        totalExact: page.totalExact,
        nextCursor: page.nextCursor,
      },
    };
  }
}

function toAuditEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actorId
      ? { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' }
      : null,
    clientKind: (row.clientKind as AuditEntry['clientKind']) ?? null,
    ip: row.ip,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
  };
}
