import { Button, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { ADMIN_DEPOSIT_VIEW_LABELS } from '@crimsonhost/shared/admin-deposits';
import { useAdminDeposits } from '../api/get-admin-deposits';
import { DepositFilters, DepositViews } from '../components/deposit-filters';
import { countOf, StaffListPage } from '../components/staff-list-page';
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

  return (
    <StaffListPage
      title="Deposits"
      query={deposits}
      search={search}
      show={show}
      loadErrorTitle="The deposits could not be loaded"
      countText={(total) => countOf(total, 'deposit')}
      empty={
        <Empty description="No deposits in this view">
          {hasDepositsFilters(search) && <Button onClick={clear}>Clear filters</Button>}
        </Empty>
      }
      controls={
        <>
          <DepositViews
            view={search.view}
            onChange={(view) => show({ ...search, view, page: 1 })}
          />
          <DepositFilters
            search={search}
            onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
            onClear={clear}
          />
        </>
      }
      renderRows={(rows, { loading, pagination }) => (
        <DepositsTable
          deposits={rows}
          loading={loading}
          pagination={pagination}
          caption={captionOf(search)}
        />
      )}
    />
  );
}
