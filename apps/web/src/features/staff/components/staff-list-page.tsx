import { Alert, Button, Flex, Typography, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import type { PageSize } from '@crimsonhost/shared/constants';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';

/** A list read of the staff area: a page of rows and how many there are in all. */
interface ListQuery<Row> {
  data: { data: Row[]; meta: { total: number } } | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The frame of a staff list (Users, Deposits, Vendors): the heading with the count, the views
 * and filters the page brings, a warning when a refresh failed over rows already shown, then the
 * rows in one of their states: loading, failed, past the last page, empty, or the page's table.
 * The search (page and page size among it) lives in the URL; `show` writes it.
 */
export function StaffListPage<Row, S extends { page: number; pageSize: PageSize }>({
  title,
  query,
  search,
  show,
  countText,
  loadErrorTitle,
  empty,
  controls,
  renderRows,
}: {
  title: string;
  query: ListQuery<Row>;
  search: S;
  show: (next: S) => void;
  /** '3 deposits': what the heading says of the total. */
  countText: (total: number) => string;
  /** 'The deposits could not be loaded'. */
  loadErrorTitle: string;
  /** What an empty list shows (the words of the view, a way to clear the filters). */
  empty: ReactNode;
  /** The views and filters above the rows. */
  controls: ReactNode;
  renderRows: (
    rows: Row[],
    options: { loading: boolean; pagination: TablePaginationConfig },
  ) => ReactNode;
}) {
  const total = query.data?.meta.total ?? 0;
  const pagination = {
    ...TABLE_PAGINATION,
    current: search.page,
    pageSize: search.pageSize,
    total,
    onChange: (page: number, pageSize: number) => show(turnPage(search, page, pageSize)),
  };

  let body;
  if (query.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (!query.data) {
    body = <LoadErrorResult title={loadErrorTitle} query={query} />;
  } else if (isPastTheEnd(search.page, search.pageSize, total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total, search.pageSize)}
        onGoTo={(page) => show({ ...search, page })}
      />
    );
  } else if (query.data.data.length === 0) {
    body = empty;
  } else {
    body = renderRows(query.data.data, { loading: query.isPlaceholderData, pagination });
  }

  return (
    <>
      <title>{`${title} · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {title}
          </Typography.Title>
          {query.data && !query.isPlaceholderData && (
            <Typography.Text type="secondary" aria-live="polite">
              {countText(total)}
            </Typography.Text>
          )}
        </Flex>
        {controls}
        {query.isError && query.data && (
          <Alert
            type="warning"
            showIcon
            title={`The list could not be refreshed: ${describeApiError(toApiError(query.error))}`}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
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

/** '3 deposits', '1 account': a count with its noun. */
export function countOf(total: number, noun: string) {
  return `${total.toLocaleString('en-US')} ${noun}${total === 1 ? '' : 's'}`;
}
