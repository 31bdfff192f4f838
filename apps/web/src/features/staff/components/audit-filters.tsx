import { Button, Col, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '@crimsonhost/shared/admin';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-select';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import { AUDIT_TARGET_MAX, hasAuditFilters, type AuditSearch } from '../audit-search';

const DAY_FORMAT = 'YYYY-MM-DD';
const COLUMN = { xs: 12, md: 6, xl: 4 } as const;

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

/** The audit log's action, target (taken when typing pauses) and days; each goes to the URL. */
export function AuditFilters({
  search,
  onChange,
  onClear,
}: {
  search: AuditSearch;
  /** A change of filters; the log goes back to its first page. */
  onChange: (changes: Partial<AuditSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ target: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.target ?? '', commit);
  return (
    <Flex vertical gap={8}>
      <FilterBar label="Filter the audit log">
        <Col xs={24} md={12} xl={6}>
          <FilterSelect
            label="Action"
            placeholder="All actions"
            searchable
            value={search.action}
            options={optionsOf(AUDIT_ACTIONS, AUDIT_ACTION_LABELS)}
            onChange={(action) => onChange({ action })}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <SearchInput
            aria-label="Target: e-mail or id"
            placeholder="Target: e-mail or id"
            allowClear
            maxLength={AUDIT_TARGET_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={(value) => onChange({ target: value.trim() || undefined })}
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
        <Col xs={24} md={12} xl={4}>
          <ClearFiltersButton onClear={onClear} disabled={!hasAuditFilters(search)} />
        </Col>
      </FilterBar>
      {search.actorId && (
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary">
            Only actions by account <Typography.Text code>{search.actorId}</Typography.Text>
          </Typography.Text>
          <Button size="small" onClick={() => onChange({ actorId: undefined })}>
            Show everyone's
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
