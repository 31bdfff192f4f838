import { Col, Segmented, Select } from 'antd';
import type { ReactNode } from 'react';
import { PAYPAL_PAYMENT_STATES, type PayPalPaymentState } from '@crimsonhost/shared/paypal';
import { ClearFiltersButton, FilterBar } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import {
  hasPayPalFilters,
  PAYPAL_SEARCH_MAX,
  type PayPalSearch,
  type PayPalTab,
} from '../paypal-search';
import { PAYPAL_STATE_LABELS } from './paypal-tags';

const ALL_STATES = 'ALL';
const STATE_OPTIONS = [
  { value: ALL_STATES, label: 'All states' },
  ...PAYPAL_PAYMENT_STATES.map((state) => ({ value: state, label: PAYPAL_STATE_LABELS[state] })),
];

/**
 * The section's two tabs: the payments, and what reconciliation found (with how many findings
 * there are, so they are seen from the payments too).
 */
export function PayPalTabs({
  tab,
  findings,
  onChange,
}: {
  tab: PayPalTab;
  /** How many findings reconciliation lists; unknown while it loads. */
  findings?: number;
  onChange: (tab: PayPalTab) => void;
}) {
  let reconciliation: ReactNode = 'Reconciliation';
  if (findings) {
    reconciliation = (
      <>
        <span aria-hidden>{`Reconciliation (${findings})`}</span>
        <span className="visually-hidden">
          {`Reconciliation, ${findings} finding${findings === 1 ? '' : 's'}`}
        </span>
      </>
    );
  }
  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
      <Segmented<PayPalTab>
        aria-label="Show PayPal"
        options={[
          { value: 'payments', label: 'Payments' },
          { value: 'reconciliation', label: reconciliation },
        ]}
        value={tab}
        onChange={onChange}
      />
    </div>
  );
}

/** The payments' search (taken when typing pauses) and state; each goes to the URL. */
export function PayPalFilters({
  search,
  onChange,
  onClear,
}: {
  search: PayPalSearch;
  /** A change of filters; the list goes back to its first page. */
  onChange: (changes: Partial<PayPalSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ q: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.q ?? '', commit);
  return (
    <FilterBar label="Filter PayPal payments">
      <Col xs={24} md={12} xl={10}>
        <SearchInput
          aria-label="Search order id, capture id, transaction id, e-mail or name"
          placeholder="Order id, capture id, transaction id, e-mail or name"
          allowClear
          maxLength={PAYPAL_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
        />
      </Col>
      <Col xs={12} md={6} xl={5}>
        <Select<PayPalPaymentState | typeof ALL_STATES>
          aria-label="State"
          value={search.state ?? ALL_STATES}
          options={STATE_OPTIONS}
          onChange={(state) => onChange({ state: state === ALL_STATES ? undefined : state })}
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={12} md={6} xl={4}>
        <ClearFiltersButton onClear={onClear} disabled={!hasPayPalFilters(search)} />
      </Col>
    </FilterBar>
  );
}
