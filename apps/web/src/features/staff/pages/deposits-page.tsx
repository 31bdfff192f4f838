import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ADMIN_DEPOSIT_VIEW_LABELS } from '@crimsonhost/shared/admin-deposits';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useAdminDeposits } from '../api/get-admin-deposits';
import { DepositFilters, DepositViews } from '../components/deposit-filters';
import { DepositsTable } from '../components/deposits-table';
import {
  DEFAULT_DEPOSITS_SEARCH,
  hasDepositsFilters,
  readDepositsSearch,
  toDepositsQuery,
  writeDepositsSearch,
  type DepositsSearch,
} from '../deposits-search';

/** 'Deposits: Late, on ERC20, matching "0xab"': what the table shows, for screen readers. */
function captionOf(search: DepositsSearch): string {
  const network = search.network ? `, on ${search.network}` : '';
  const q = search.q ? `, matching "${search.q}"` : '';
  return `Deposits: ${ADMIN_DEPOSIT_VIEW_LABELS[search.view]}${network}${q}, newest first`;
}

/**
 * /admin/deposits (support and admin): the deposits and the payments seen at their addresses, in
 * the lists an operator works from (open, late, short, over, expired, wrong network), by network
 * or searched. View, filters and page live in the URL, so a view can be shared.
 */
export function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const search = readDepositsSearch(params);
  const deposits = useAdminDeposits(toDepositsQuery(search));

  const show = (next: DepositsSearch, replace = false) =>
    setParams(writeDepositsSearch(next), { replace });
  const clear = () =>
    show({ ...DEFAULT_DEPOSITS_SEARCH, view: search.view, pageSize: search.pageSize });
  const total = deposits.data?.meta.total ?? 0;
  const pagination = {
    ...TABLE_PAGINATION,
    current: search.page,
    pageSize: search.pageSize,
    total,
    onChange: (page: number, pageSize: number) => show(turnPage(search, page, pageSize)),
  };

  let body;
  if (deposits.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (deposits.isError && !deposits.data) {
    body = <LoadErrorResult title="The deposits could not be loaded" query={deposits} />;
  } else if (isPastTheEnd(search.page, search.pageSize, total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total, search.pageSize)}
        onGoTo={(page) => show({ ...search, page })}
      />
    );
  } else if (deposits.data.data.length === 0) {
    body = (
      <Empty description="No deposits in this view">
        {hasDepositsFilters(search) && <Button onClick={clear}>Clear filters</Button>}
      </Empty>
    );
  } else {
    body = (
      <DepositsTable
        deposits={deposits.data.data}
        loading={deposits.isPlaceholderData}
        pagination={pagination}
        caption={captionOf(search)}
      />
    );
  }

  return (
    <>
      <title>Deposits · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Deposits
          </Typography.Title>
          {deposits.data && !deposits.isPlaceholderData && (
            <Typography.Text type="secondary" aria-live="polite">
              {total.toLocaleString('en-US')} deposit{total === 1 ? '' : 's'}
            </Typography.Text>
          )}
        </Flex>
        <DepositViews view={search.view} onChange={(view) => show({ ...search, view, page: 1 })} />
        <DepositFilters
          search={search}
          onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
          onClear={clear}
        />
        {deposits.isError && deposits.data && (
          <Alert
            type="warning"
            showIcon
            title={`The list could not be refreshed: ${describeApiError(toApiError(deposits.error))}`}
            action={
              <Button size="small" onClick={() => void deposits.refetch()}>
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
