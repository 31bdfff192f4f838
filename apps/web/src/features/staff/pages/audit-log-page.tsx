import { Alert, Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { historyTotal, useHistoryCursor } from '../../../lib/history-paging';
import { useAuditLog } from '../api/get-audit-log';
import {
  DEFAULT_AUDIT_SEARCH,
  readAuditSearch,
  toAuditQuery,
  writeAuditSearch,
  type AuditSearch,
} from '../audit-search';
import { AuditFilters } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/**
 * /admin/audit (admin only): what staff did and the staff area's security events, newest first.
 * Filters and page live in the URL; Next reads from where the page shown ended (decision 031),
 * and past 1,000 lines the count says "1,000+".
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => readAuditSearch(params), [params]);
  const query = toAuditQuery(search);
  const cursor = useHistoryCursor(JSON.stringify({ ...query, page: undefined }), search.page);
  const log = useAuditLog(cursor.after ? { ...query, after: cursor.after } : query);
  const meta = log.isPlaceholderData ? undefined : log.data?.meta;

  const show = (next: AuditSearch, replace = false) =>
    setParams(writeAuditSearch(next), { replace });
  const { total, text: totalText } = historyTotal(log.data?.meta, search.page, search.pageSize);

  let body;
  if (log.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (log.isError && !log.data) {
    body = <LoadErrorResult title="The audit log could not be loaded" query={log} />;
  } else if (isPastTheEnd(search.page, search.pageSize, total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total, search.pageSize)}
        onGoTo={(page) => show({ ...search, page })}
      />
    );
  } else {
    body = (
      <AuditTable
        entries={log.data.data}
        loading={log.isPlaceholderData}
        pagination={{
          ...TABLE_PAGINATION,
          current: search.page,
          pageSize: search.pageSize,
          total,
          showTotal: (_all, [from, to]) => `${from}-${to} of ${totalText}`,
          onChange: (page, pageSize) => {
            if (pageSize === search.pageSize) cursor.moving(page, meta?.nextCursor);
            show(turnPage(search, page, pageSize));
          },
        }}
      />
    );
  }

  return (
    <>
      <title>Audit log · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Audit log
          </Typography.Title>
          {meta && (
            <Typography.Text type="secondary" aria-live="polite">
              {total === 1 ? '1 line' : `${totalText} lines`}
            </Typography.Text>
          )}
        </Flex>
        <AuditFilters
          search={search}
          onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
          onClear={() => show({ ...DEFAULT_AUDIT_SEARCH, pageSize: search.pageSize })}
        />
        {log.isError && log.data && (
          <Alert
            type="warning"
            showIcon
            title={`The log could not be refreshed: ${describeApiError(toApiError(log.error))}`}
            action={
              <Button size="small" onClick={() => void log.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </>
  );
}
