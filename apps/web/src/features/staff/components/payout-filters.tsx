import { Col, Segmented } from 'antd';
import {
  ADMIN_PAYOUT_VIEW_LABELS,
  ADMIN_PAYOUT_VIEWS,
  type AdminPayoutView,
} from '@crimsonhost/shared/vendor-payouts';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import { hasPayoutsFilters, PAYOUTS_SEARCH_MAX, type PayoutsSearch } from '../payouts-search';

const VIEW_OPTIONS = optionsOf(ADMIN_PAYOUT_VIEWS, ADMIN_PAYOUT_VIEW_LABELS);

/** The lists an admin works from: to do (to send and confirming), one status, or all. */
export function PayoutViews({
  view,
  onChange,
}: {
  view: AdminPayoutView;
  onChange: (view: AdminPayoutView) => void;
}) {
  return (
    // Six choices are wider than a phone: they scroll sideways rather than push the page.
    <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
      <Segmented<AdminPayoutView>
        aria-label="Show payouts"
        options={VIEW_OPTIONS}
        value={view}
        onChange={onChange}
      />
    </div>
  );
}

/** The payouts list's search, taken when typing pauses; it goes to the URL. */
export function PayoutFilters({
  search,
  onChange,
  onClear,
}: {
  search: PayoutsSearch;
  /** A change of search; the list goes back to its first page. */
  onChange: (changes: Partial<PayoutsSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ q: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.q ?? '', commit);
  return (
    <FilterBar label="Filter payouts">
      <Col xs={24} md={16} xl={10}>
        <SearchInput
          aria-label="Search vendor, e-mail, address, transaction hash or payout id"
          placeholder="Vendor, e-mail, address, hash or payout id"
          allowClear
          maxLength={PAYOUTS_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
        />
      </Col>
      <Col xs={12} md={8} xl={4}>
        <ClearFiltersButton onClear={onClear} disabled={!hasPayoutsFilters(search)} />
      </Col>
    </FilterBar>
  );
}
