import { Button, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { ADMIN_PAYOUT_VIEW_LABELS, type AdminPayoutView } from '@crimsonhost/shared/vendor-payouts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminPayouts } from '../api/get-admin-payouts';
import { PayoutCards } from '../components/payout-cards';
import { PayoutFilters, PayoutViews } from '../components/payout-filters';
import { PayoutsTable } from '../components/payouts-table';
import { countOf, StaffListPage } from '../components/staff-list-page';
import {
  DEFAULT_PAYOUTS_SEARCH,
  hasPayoutsFilters,
  OLDEST_FIRST_VIEWS,
  readPayoutsSearch,
  toPayoutsQuery,
  writePayoutsSearch,
  type PayoutsSearch,
} from '../payouts-search';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** What an empty view means, in the words of the view. */
const EMPTY_VIEW: Record<AdminPayoutView, string> = {
  open: 'Nothing to do: no payout waits to be sent or confirmed.',
  REQUESTED: 'No payout waits to be sent.',
  SUBMITTED: 'No payout is confirming on chain.',
  PAID: 'No payout is paid yet.',
  closed: 'No payout was rejected or cancelled.',
  all: 'No vendor has asked for a payout yet.',
};

/** 'Payouts: To do, matching "nordic", oldest first': what the list shows, for screen readers. */
function captionOf(search: PayoutsSearch): string {
  const q = search.q ? `, matching "${search.q}"` : '';
  const order = OLDEST_FIRST_VIEWS.includes(search.view) ? 'oldest first' : 'newest first';
  return `Payouts: ${ADMIN_PAYOUT_VIEW_LABELS[search.view]}${q}, ${order}`;
}

/**
 * /admin/payouts (support and admin): the vendors' payouts, opening on those to send or
 * confirming (oldest first, so the one waiting longest is sent first), or by status, or searched.
 * View, search and page live in the URL, so a view can be shared.
 */
export function PayoutsPage() {
  const [params, setParams] = useSearchParams();
  const search = readPayoutsSearch(params);
  const payouts = useAdminPayouts(toPayoutsQuery(search));
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const show = (next: PayoutsSearch, replace = false) =>
    setParams(writePayoutsSearch(next), { replace });
  const clear = () =>
    show({ ...DEFAULT_PAYOUTS_SEARCH, view: search.view, pageSize: search.pageSize });

  return (
    <StaffListPage
      title="Payouts"
      query={payouts}
      search={search}
      show={show}
      loadErrorTitle="The payouts could not be loaded"
      countText={(total) =>
        search.view === 'REQUESTED'
          ? `${countOf(total, 'payout')} to send`
          : countOf(total, 'payout')
      }
      empty={
        hasPayoutsFilters(search) ? (
          <Empty description={`No payout in this view matches "${search.q}".`}>
            <Button onClick={clear}>Clear filters</Button>
          </Empty>
        ) : (
          <Empty description={EMPTY_VIEW[search.view]} />
        )
      }
      controls={
        <>
          <PayoutViews view={search.view} onChange={(view) => show({ ...search, view, page: 1 })} />
          <PayoutFilters
            search={search}
            onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
            onClear={clear}
          />
        </>
      }
      renderRows={(rows, { loading, pagination }) =>
        isMobile ? (
          <PayoutCards
            payouts={rows}
            loading={loading}
            pagination={pagination}
            caption={captionOf(search)}
          />
        ) : (
          <PayoutsTable
            payouts={rows}
            loading={loading}
            pagination={pagination}
            caption={captionOf(search)}
          />
        )
      }
    />
  );
}
