import { Col, Segmented } from 'antd';
import {
  ADMIN_VENDOR_VIEW_LABELS,
  ADMIN_VENDOR_VIEWS,
  type AdminVendorView,
} from '@crimsonhost/shared/vendors';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import { hasVendorsFilters, VENDORS_SEARCH_MAX, type VendorsSearch } from '../vendors-search';

const VIEW_OPTIONS = optionsOf(ADMIN_VENDOR_VIEWS, ADMIN_VENDOR_VIEW_LABELS);

/** The lists an admin works from: the applications waiting, all vendors, or one status. */
export function VendorViews({
  view,
  onChange,
}: {
  view: AdminVendorView;
  onChange: (view: AdminVendorView) => void;
}) {
  return (
    // Six choices are wider than a phone: they scroll sideways rather than push the page.
    <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
      <Segmented<AdminVendorView>
        aria-label="Show vendors"
        options={VIEW_OPTIONS}
        value={view}
        onChange={onChange}
      />
    </div>
  );
}

/** The vendors list's search, taken when typing pauses; it goes to the URL. */
export function VendorFilters({
  search,
  onChange,
  onClear,
}: {
  search: VendorsSearch;
  /** A change of search; the list goes back to its first page. */
  onChange: (changes: Partial<VendorsSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ q: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.q ?? '', commit);
  return (
    <FilterBar label="Filter vendors">
      <Col xs={24} md={16} xl={10}>
        <SearchInput
          aria-label="Search vendor name, e-mail or id"
          placeholder="Vendor name, e-mail or id"
          allowClear
          maxLength={VENDORS_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <ClearFiltersButton onClear={onClear} disabled={!hasVendorsFilters(search)} />
      </Col>
    </FilterBar>
  );
}
