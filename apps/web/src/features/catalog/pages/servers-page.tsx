import { useCallback, useDeferredValue, useMemo } from 'react';
import { Button, Empty, Flex, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { MAX_PAGED_RESULTS, type ServerListQuery } from '@crimsonhost/shared/catalog';
import { TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import { paths } from '../../../app/paths';
import { LazyResult } from '../../../components/lazy-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { PageNav } from '../../../components/page-nav';
import { lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { CardGridSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { startServersRequest, useServers } from '../api/get-servers';
import { ServerFilters } from '../components/server-filters';
import { SERVER_GRID_COLUMNS, ServerGrid } from '../components/server-grid';
import { hasFilters, readServerSearch, writeServerSearch } from '../server-search';
import { Paragraph, Text, Title } from '../../../components/typography';

// Opening /servers loads this module first: ask for the list now, while React renders the page,
// rather than after it mounts. (The build's prerender has no window, and no request to make.)
if (typeof window !== 'undefined' && window.location.pathname === paths.servers.path) {
  startServersRequest(readServerSearch(new URLSearchParams(window.location.search)));
}

/** The count line's height (14 px text), kept while the list loads so the cards do not move. */
const COUNT_LINE_HEIGHT_PX = 22;

export function ServersPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readServerSearch(params), [params]);
  const servers = useServers(query);
  // A page of cards is drawn in a background render React cuts into slices, not in the one long
  // task that follows the answer: a phone keeps answering taps meanwhile. Until that render is
  // ready the page shows what it showed before (the skeleton, or the previous page).
  const list = useDeferredValue(servers.data);
  const waiting = servers.isPending || (list === undefined && servers.data !== undefined);

  const show = useCallback(
    (next: ServerListQuery, options?: { replace?: boolean }) =>
      setParams(writeServerSearch(next), { replace: options?.replace }),
    [setParams],
  );
  const changeFilters = (changes: Partial<ServerListQuery>, options?: { replace?: boolean }) =>
    show({ ...query, ...changes, page: 1 }, options);
  const clearFilters = () => show({ sort: query.sort, page: 1, pageSize: query.pageSize });

  const total = list?.meta.total ?? 0;
  // Past 1,000 matches a search's total is the database's estimate.
  const about = list?.meta.totalExact === false ? 'about ' : '';
  const from = (query.page - 1) * query.pageSize + 1;
  const to = from + (list?.data.length ?? 0) - 1;
  return (
    <Flex vertical gap={20}>
      <title>Browse Servers · CrimsonHost</title>
      <div>
        <PageBreadcrumb items={[{ title: 'Servers' }]} />
        <Title level={1} style={{ fontSize: 28, margin: 0 }}>
          Browse Servers
        </Title>
        <Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          Game servers from our vendors, rented by the hour. Player counts come from the servers
          themselves.
        </Paragraph>
      </div>

      <ServerFilters query={query} onChange={changeFilters} onClear={clearFilters} />

      {waiting ? (
        <Flex vertical gap={16}>
          <div data-testid="server-count-placeholder" style={{ height: COUNT_LINE_HEIGHT_PX }}>
            <Skeleton.Node active style={{ width: 96, height: COUNT_LINE_HEIGHT_PX }} />
          </div>
          <CardGridSkeleton count={6} columns={SERVER_GRID_COLUMNS} />
        </Flex>
      ) : servers.isError && !list ? (
        <LazyResult
          status="error"
          title="Could not load the servers"
          subTitle={describeApiError(toApiError(servers.error))}
          extra={
            <Button type="primary" onClick={() => void servers.refetch()}>
              Retry
            </Button>
          }
        />
      ) : total === 0 || !list ? (
        <Empty
          description={
            hasFilters(query) ? 'No servers match these filters.' : 'No servers are listed yet.'
          }
        >
          {hasFilters(query) && (
            <Button type="primary" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </Empty>
      ) : (
        <Flex
          vertical
          gap={16}
          role="region"
          aria-label="Results"
          aria-busy={servers.isFetching}
          style={{ opacity: servers.isPlaceholderData ? 0.6 : 1 }}
        >
          <Text type="secondary" aria-live="polite">
            {about}
            {total.toLocaleString('en-US')} {total === 1 ? 'server' : 'servers'}
          </Text>
          {list.data.length === 0 ? (
            <PastTheEnd
              lastPage={lastPageOf(Math.min(total, MAX_PAGED_RESULTS), query.pageSize)}
              onGoTo={(page) => show({ ...query, page })}
            />
          ) : (
            <>
              <ServerGrid servers={list.data} />
              <PageNav
                current={query.page}
                pageSize={query.pageSize}
                total={Math.min(total, MAX_PAGED_RESULTS)}
                pageSizes={TABLE_PAGE_SIZES}
                summary={`${from}-${to} of ${about}${total.toLocaleString('en-US')}`}
                onChange={(page, pageSize) =>
                  show({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize })
                }
              />
            </>
          )}
        </Flex>
      )}
    </Flex>
  );
}
