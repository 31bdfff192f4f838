import { Col, Flex, Select, Switch } from 'antd';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
} from '@crimsonhost/shared/support';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-select';
import { SearchInput } from '../../../components/text-input';
import { useDeskAgents } from '../api/get-desk-agents';
import {
  hasQueueFilters,
  type QueueSearch,
  type QueueSort,
  type QueueStatus,
} from '../queue-search';

const COLUMN = { xs: 12, md: 8, xl: 4 } as const;

const STATUS_OPTIONS: { value: QueueStatus; label: string }[] = [
  { value: 'ACTIVE', label: 'Not ended' },
  { value: 'ALL', label: 'All statuses' },
  ...optionsOf(TICKET_STATUSES, TICKET_STATUS_LABELS),
];
const SORT_OPTIONS: { value: QueueSort; label: string }[] = [
  { value: 'sla', label: 'SLA time left' },
  { value: 'updated', label: 'Last updated' },
  { value: 'created', label: 'Newest first' },
];

/** The queue's filters and sort; each change is written to the URL by the page. */
export function QueueFilters({
  search,
  onChange,
  onClear,
}: {
  search: QueueSearch;
  /** A change of filters; the queue goes back to its first page. */
  onChange: (changes: Partial<QueueSearch>) => void;
  onClear: () => void;
}) {
  const agents = useDeskAgents();
  return (
    <FilterBar label="Filter tickets">
      <Col xs={24} md={16} xl={8}>
        <SearchInput
          // A new URL (Clear, the back button) starts the box again from it.
          key={search.q ?? ''}
          aria-label="Search subject, e-mail or #number"
          placeholder="Subject, e-mail or #number"
          defaultValue={search.q}
          allowClear
          onSearch={(text) => onChange({ q: text.trim() || undefined })}
        />
      </Col>
      <Col {...COLUMN}>
        <Select<QueueStatus>
          aria-label="Status"
          value={search.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onChange({ status })}
          style={{ width: '100%' }}
        />
      </Col>
      <Col {...COLUMN}>
        <FilterSelect
          label="Priority"
          placeholder="All priorities"
          value={search.priority}
          options={optionsOf(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS)}
          onChange={(priority) => onChange({ priority })}
        />
      </Col>
      <Col {...COLUMN}>
        <FilterSelect
          label="Category"
          placeholder="All categories"
          value={search.category}
          options={optionsOf(TICKET_CATEGORIES, TICKET_CATEGORY_LABELS)}
          onChange={(category) => onChange({ category })}
        />
      </Col>
      <Col {...COLUMN}>
        <FilterSelect
          label="Assignee"
          placeholder="Anyone"
          value={search.assignee}
          searchable
          options={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Unassigned' },
            ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
          onChange={(assignee) => onChange({ assignee })}
        />
      </Col>
      <Col {...COLUMN}>
        <Select<QueueSort>
          aria-label="Sort"
          value={search.sort}
          options={SORT_OPTIONS}
          onChange={(sort) => onChange({ sort })}
          style={{ width: '100%' }}
        />
      </Col>
      <Col {...COLUMN}>
        <Flex align="center" gap={8} style={{ minHeight: 32 }}>
          <Switch
            id="queue-overdue-only"
            checked={search.overdue}
            onChange={(overdue) => onChange({ overdue })}
          />
          <label htmlFor="queue-overdue-only">Overdue only</label>
        </Flex>
      </Col>
      <Col {...COLUMN}>
        <ClearFiltersButton onClear={onClear} disabled={!hasQueueFilters(search)} />
      </Col>
    </FilterBar>
  );
}
