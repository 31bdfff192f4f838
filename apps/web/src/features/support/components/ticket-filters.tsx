import { Flex, Select } from 'antd';
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@crimsonhost/shared/support';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../use-debounce';

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_LABELS[status] })),
];

/** The status filter and the subject search of My Tickets; the search waits for a pause. */
export function TicketFilters({
  status,
  q,
  onStatus,
  onSearch,
}: {
  status?: TicketStatus;
  q?: string;
  onStatus: (status: TicketStatus | undefined) => void;
  onSearch: (q: string | undefined) => void;
}) {
  const commit = (text: string) => onSearch(text.trim() || undefined);
  const [text, setText] = useDebouncedCommit(q ?? '', commit);
  return (
    <Flex wrap gap={8} style={{ flex: '1 1 320px' }}>
      <Select
        aria-label="Show tickets by status"
        style={{ minWidth: 190, flex: '0 1 auto' }}
        value={status ?? ALL}
        options={STATUS_OPTIONS}
        onChange={(value: string) => onStatus(value === ALL ? undefined : (value as TicketStatus))}
      />
      <SearchInput
        aria-label="Search by subject"
        placeholder="Search by subject"
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => commit(value)}
        style={{ flex: '1 1 200px', maxWidth: 320 }}
      />
    </Flex>
  );
}
