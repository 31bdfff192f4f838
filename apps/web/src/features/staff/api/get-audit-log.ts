import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditQuery } from '@crimsonhost/shared/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AuditPage = z.infer<typeof auditPageSchema>;

/** Every page of the audit log starts here: an action on an account adds a line to it. */
export const auditLogQueryKey = () => [...STAFF_QUERY_KEY, 'audit'] as const;

/**
 * GET /api/admin/audit (admin only): one page of the log, newest first. `after` is the
 * nextCursor of the page before (lib/history-paging.ts).
 */
export async function getAuditLog(query: AuditQuery): Promise<AuditPage> {
  const response = await apiClient.get<unknown>('/admin/audit', {
    params: {
      action: query.action,
      actorId: query.actorId,
      target: query.target,
      from: query.from,
      to: query.to,
      page: query.page,
      pageSize: query.pageSize,
      after: query.after,
    },
  });
  return auditPageSchema.parse(response.data);
}

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...auditLogQueryKey(), query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditQuery) {
  return useQuery(auditLogQueryOptions(query));
}
