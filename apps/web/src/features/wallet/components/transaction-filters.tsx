import { Col, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { PAYMENT_METHODS } from '@crimsonhost/shared/paypal';
import { CURRENCIES, TIMELINE_STATUSES, TRANSACTION_TYPES } from '@crimsonhost/shared/wallet';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-select';
import {
  CURRENCY_LABELS,
  PAYMENT_METHOD_LABELS,
  TIMELINE_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '../../../lib/wallet/transaction-labels';
import { hasWalletFilters, type WalletSearch } from '../wallet-search';

const DAY_FORMAT = 'YYYY-MM-DD';
/**
 * Two boxes to a row on a phone and a tablet; on a wider screen the four lists in one row, the
 * dates and Clear in the next.
 */
const LIST_COLUMN = { xs: 12, lg: 6 } as const;
const COLUMN = { xs: 12, lg: 8 } as const;

export interface TransactionFiltersProps {
  search: WalletSearch;
  /** A change of filters; the list goes back to its first page. */
  onChange: (changes: Partial<WalletSearch>) => void;
  onClear: () => void;
}

/** One end of the date range, as YYYY-MM-DD; days past the other end cannot be picked. */
function DayPicker({
  label,
  placeholder,
  value,
  onChange,
  outOfRange,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  outOfRange: (day: string) => boolean;
}) {
  return (
    <DatePicker
      value={value ? dayjs(value) : null}
      onChange={(date) => onChange(date ? date.format(DAY_FORMAT) : undefined)}
      disabledDate={(date) => outOfRange(date.format(DAY_FORMAT))}
      format={DAY_FORMAT}
      placeholder={placeholder}
      aria-label={label}
      style={{ width: '100%' }}
    />
  );
}

/** Type, status, currency, payment method and a date range of the wallet's transactions. */
export function TransactionFilters({ search, onChange, onClear }: TransactionFiltersProps) {
  return (
    <FilterBar label="Filter transactions">
      <Col {...LIST_COLUMN}>
        <FilterSelect
          label="Type"
          placeholder="All types"
          value={search.type}
          options={optionsOf(TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS)}
          onChange={(type) => onChange({ type })}
        />
      </Col>
      <Col {...LIST_COLUMN}>
        <FilterSelect
          label="Status"
          placeholder="All statuses"
          value={search.status}
          options={optionsOf(TIMELINE_STATUSES, TIMELINE_STATUS_LABELS)}
          onChange={(status) => onChange({ status })}
        />
      </Col>
      <Col {...LIST_COLUMN}>
        <FilterSelect
          label="Currency"
          placeholder="All currencies"
          value={search.currency}
          options={optionsOf(CURRENCIES, CURRENCY_LABELS)}
          onChange={(currency) => onChange({ currency })}
        />
      </Col>
      <Col {...LIST_COLUMN}>
        <FilterSelect
          label="Method"
          placeholder="All methods"
          value={search.method}
          options={optionsOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
          onChange={(method) => onChange({ method })}
        />
      </Col>
      <Col {...COLUMN}>
        <DayPicker
          label="From date"
          placeholder="From"
          value={search.from}
          onChange={(from) => onChange({ from })}
          outOfRange={(day) => Boolean(search.to && day > search.to)}
        />
      </Col>
      <Col {...COLUMN}>
        <DayPicker
          label="To date"
          placeholder="To"
          value={search.to}
          onChange={(to) => onChange({ to })}
          outOfRange={(day) => Boolean(search.from && day < search.from)}
        />
      </Col>
      <Col {...COLUMN}>
        <ClearFiltersButton onClear={onClear} disabled={!hasWalletFilters(search)} />
      </Col>
    </FilterBar>
  );
}
