import { Col, Segmented, Select } from 'antd';
import {
  ADMIN_DEPOSIT_VIEW_LABELS,
  ADMIN_DEPOSIT_VIEWS,
  type AdminDepositView,
} from '@crimsonhost/shared/admin-deposits';
import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import { DEPOSITS_SEARCH_MAX, hasDepositsFilters, type DepositsSearch } from '../deposits-search';

const VIEW_OPTIONS = optionsOf(ADMIN_DEPOSIT_VIEWS, ADMIN_DEPOSIT_VIEW_LABELS);
const ALL_NETWORKS = 'ALL';
const NETWORK_OPTIONS = [
  { value: ALL_NETWORKS, label: 'All networks' },
  ...NETWORKS.map((network) => ({ value: network, label: network })),
];

/** The lists an operator works from: open, late, short, over, expired, on the wrong network. */
export function DepositViews({
  view,
  onChange,
}: {
  view: AdminDepositView;
  onChange: (view: AdminDepositView) => void;
}) {
  return (
    // Seven choices are wider than a phone: they scroll sideways rather than push the page.
    <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
      <Segmented<AdminDepositView>
        aria-label="Show deposits"
        options={VIEW_OPTIONS}
        value={view}
        onChange={onChange}
      />
    </div>
  );
}

/** The deposits list's search (taken when typing pauses) and network; each goes to the URL. */
export function DepositFilters({
  search,
  onChange,
  onClear,
}: {
  search: DepositsSearch;
  /** A change of filters; the list goes back to its first page. */
  onChange: (changes: Partial<DepositsSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ q: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.q ?? '', commit);
  return (
    <FilterBar label="Filter deposits">
      <Col xs={24} md={12} xl={10}>
        <SearchInput
          aria-label="Search address, transaction hash, deposit id or e-mail"
          placeholder="Address, transaction hash, deposit id or e-mail"
          allowClear
          maxLength={DEPOSITS_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
        />
      </Col>
      <Col xs={12} md={6} xl={4}>
        <Select<Network | typeof ALL_NETWORKS>
          aria-label="Network"
          value={search.network ?? ALL_NETWORKS}
          options={NETWORK_OPTIONS}
          onChange={(network) =>
            onChange({ network: network === ALL_NETWORKS ? undefined : network })
          }
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={12} md={6} xl={4}>
        <ClearFiltersButton onClear={onClear} disabled={!hasDepositsFilters(search)} />
      </Col>
    </FilterBar>
  );
}
