import { Button, Col, ConfigProvider, DatePicker, Row, Select, theme } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { CURRENCIES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@crimsonhost/shared/wallet';
import {
  CURRENCY_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '../../../lib/wallet/transaction-labels';
import { hasWalletFilters, type WalletSearch } from '../wallet-search';

const DAY_FORMAT = 'YYYY-MM-DD';

export interface TransactionFiltersProps {
  search: WalletSearch;
  /** A change of filters; the list goes back to its first page. */
  onChange: (changes: Partial<WalletSearch>) => void;
  onClear: () => void;
}

/** Type, status, currency and a date range of the wallet's transactions. */
export function TransactionFilters({ search, onChange, onClear }: TransactionFiltersProps) {
  const { token } = theme.useToken();
  return (
    // Placeholders in the description colour: antd's default is too faint to read (4.5:1).
    <ConfigProvider theme={{ token: { colorTextPlaceholder: token.colorTextDescription } }}>
      <Row gutter={[12, 12]} role="search" aria-label="Filter transactions">
        <Col xs={12} md={8} xl={4}>
          <Select
            value={search.type ?? null}
            onChange={(type) => onChange({ type: type ?? undefined })}
            options={TRANSACTION_TYPES.map((type) => ({
              value: type,
              label: TRANSACTION_TYPE_LABELS[type],
            }))}
            placeholder="All types"
            aria-label="Type"
            allowClear
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Select
            value={search.status ?? null}
            onChange={(status) => onChange({ status: status ?? undefined })}
            options={TRANSACTION_STATUSES.map((status) => ({
              value: status,
              label: TRANSACTION_STATUS_LABELS[status],
            }))}
            placeholder="All statuses"
            aria-label="Status"
            allowClear
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Select
            value={search.currency ?? null}
            onChange={(currency) => onChange({ currency: currency ?? undefined })}
            options={CURRENCIES.map((currency) => ({
              value: currency,
              label: CURRENCY_LABELS[currency],
            }))}
            placeholder="All currencies"
            aria-label="Currency"
            allowClear
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <DatePicker
            value={search.from ? dayjs(search.from) : null}
            onChange={(date) => onChange({ from: date ? date.format(DAY_FORMAT) : undefined })}
            disabledDate={(date) => Boolean(search.to && date.format(DAY_FORMAT) > search.to)}
            format={DAY_FORMAT}
            placeholder="From"
            aria-label="From date"
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <DatePicker
            value={search.to ? dayjs(search.to) : null}
            onChange={(date) => onChange({ to: date ? date.format(DAY_FORMAT) : undefined })}
            disabledDate={(date) => Boolean(search.from && date.format(DAY_FORMAT) < search.from)}
            format={DAY_FORMAT}
            placeholder="To"
            aria-label="To date"
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={8} xl={4}>
          <Button
            icon={<ClearOutlined aria-hidden />}
            onClick={onClear}
            disabled={!hasWalletFilters(search)}
            aria-label="Clear filters"
            block
          >
            Clear
          </Button>
        </Col>
      </Row>
    </ConfigProvider>
  );
}
