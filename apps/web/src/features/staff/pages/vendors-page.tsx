import { Button, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { ADMIN_VENDOR_VIEW_LABELS, type AdminVendorView } from '@crimsonhost/shared/vendors';
import { useAdminVendors } from '../api/get-admin-vendors';
import { countOf, StaffListPage } from '../components/staff-list-page';
import { VendorFilters, VendorViews } from '../components/vendor-filters';
import { VendorsTable } from '../components/vendors-table';
import {
  DEFAULT_VENDORS_SEARCH,
  hasVendorsFilters,
  readVendorsSearch,
  toVendorsQuery,
  writeVendorsSearch,
  type VendorsSearch,
} from '../vendors-search';

/** What an empty view means, in the words of the view. */
const EMPTY_VIEW: Record<AdminVendorView, string> = {
  applications: 'No applications wait for a decision.',
  all: 'No vendors yet.',
  PENDING: 'No vendor is pending.',
  ACTIVE: 'No vendor is active.',
  SUSPENDED: 'No vendor is suspended.',
  CLOSED: 'No vendor is closed.',
};

/** 'Vendors: Applications, matching "acme", oldest first': what the table shows, for readers. */
function captionOf(search: VendorsSearch): string {
  const q = search.q ? `, matching "${search.q}"` : '';
  const order = search.view === 'applications' ? 'oldest first' : 'newest first';
  return `Vendors: ${ADMIN_VENDOR_VIEW_LABELS[search.view]}${q}, ${order}`;
}

/**
 * /admin/vendors (support and admin): the vendors of the marketplace, opening on the applications
 * that wait for a decision (oldest first), or by status, or searched. View, search and page live
 * in the URL, so a view can be shared.
 */
export function VendorsPage() {
  const [params, setParams] = useSearchParams();
  const search = readVendorsSearch(params);
  const vendors = useAdminVendors(toVendorsQuery(search));
  const show = (next: VendorsSearch, replace = false) =>
    setParams(writeVendorsSearch(next), { replace });
  const clear = () =>
    show({ ...DEFAULT_VENDORS_SEARCH, view: search.view, pageSize: search.pageSize });

  return (
    <StaffListPage
      title="Vendors"
      query={vendors}
      search={search}
      show={show}
      loadErrorTitle="The vendors could not be loaded"
      countText={(total) =>
        search.view === 'applications'
          ? `${countOf(total, 'application')} waiting`
          : countOf(total, 'vendor')
      }
      empty={
        hasVendorsFilters(search) ? (
          <Empty description={`No vendor in this view matches "${search.q}".`}>
            <Button onClick={clear}>Clear filters</Button>
          </Empty>
        ) : (
          <Empty description={EMPTY_VIEW[search.view]} />
        )
      }
      controls={
        <>
          <VendorViews view={search.view} onChange={(view) => show({ ...search, view, page: 1 })} />
          <VendorFilters
            search={search}
            onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
            onClear={clear}
          />
        </>
      }
      renderRows={(rows, { loading, pagination }) => (
        <VendorsTable
          vendors={rows}
          loading={loading}
          pagination={pagination}
          caption={captionOf(search)}
        />
      )}
    />
  );
}
