import dayjs from 'dayjs';
import { AUDIT_ACTIONS, type AuditAction, type AuditQuery } from '@crimsonhost/shared/admin';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';

/** The audit log's view as the address bar holds it: dates as YYYY-MM-DD, local days. */
export interface AuditSearch {
  action?: AuditAction;
  /** Who did it: an account id (reached by a link; no box of its own). */
  actorId?: string;
  /** What it was done to: an id, or words of its label (an e-mail). */
  target?: string;
  /** First day shown, inclusive. */
  from?: string;
  /** Last day shown, inclusive. */
  to?: string;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_AUDIT_SEARCH: AuditSearch = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** The longest target the API takes. */
export const AUDIT_TARGET_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(raw: string | null): string | undefined {
  if (!raw || !DAY.test(raw)) return undefined;
  const parsed = dayjs(raw);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === raw ? raw : undefined;
}

/**
 * The log as the URL asks for it: ?action=user.penalised&target=ada&from=2026-11-01. A value the
 * API would refuse (a mistyped link) is left out rather than failing the page.
 */
export function readAuditSearch(params: URLSearchParams): AuditSearch {
  const action = params.get('action');
  const actorId = params.get('actorId');
  const target = params.get('target')?.trim().slice(0, AUDIT_TARGET_MAX);
  let from = day(params.get('from'));
  const to = day(params.get('to'));
  if (from && to && from > to) from = undefined;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    action: AUDIT_ACTIONS.includes(action as AuditAction) ? (action as AuditAction) : undefined,
    actorId: actorId && UUID.test(actorId) ? actorId : undefined,
    target: target || undefined,
    from,
    to,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The address bar's query for a view, leaving out what is the default. */
export function writeAuditSearch(search: AuditSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'actorId', 'target', 'from', 'to'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

export function hasAuditFilters(search: AuditSearch): boolean {
  return Boolean(search.action || search.actorId || search.target || search.from || search.to);
}

/** What GET /api/admin/audit is asked: whole local days as ISO date-times. */
export function toAuditQuery(search: AuditSearch): AuditQuery {
  const query: AuditQuery = { page: search.page, pageSize: search.pageSize };
  if (search.action) query.action = search.action;
  if (search.actorId) query.actorId = search.actorId;
  if (search.target) query.target = search.target;
  if (search.from) query.from = dayjs(search.from).startOf('day').toISOString();
  if (search.to) query.to = dayjs(search.to).endOf('day').toISOString();
  return query;
}
