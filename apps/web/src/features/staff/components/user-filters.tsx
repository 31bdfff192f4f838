import { Col } from 'antd';
import { ROLES } from '@crimsonhost/shared/constants';
import { ClearFiltersButton, FilterBar, optionsOf } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-select';
import { SearchInput } from '../../../components/text-input';
import { useDebouncedCommit } from '../../../lib/use-debounced-commit';
import {
  USER_STATUSES,
  USERS_SEARCH_MAX,
  hasUsersFilters,
  type UsersSearch,
} from '../users-search';
import { ROLE_LABELS, USER_STATUS_LABELS } from './user-tags';

const COLUMN = { xs: 12, md: 6, xl: 4 } as const;

/** The users list's search (taken when typing pauses), role and status; each goes to the URL. */
export function UserFilters({
  search,
  onChange,
  onClear,
}: {
  search: UsersSearch;
  /** A change of filters; the list goes back to its first page. */
  onChange: (changes: Partial<UsersSearch>, replace?: boolean) => void;
  onClear: () => void;
}) {
  const commit = (text: string) => onChange({ q: text.trim() || undefined }, true);
  const [text, setText] = useDebouncedCommit(search.q ?? '', commit);
  return (
    <FilterBar label="Filter accounts">
      <Col xs={24} md={12} xl={10}>
        <SearchInput
          aria-label="Search e-mail, name or account id"
          placeholder="E-mail, name or account id"
          allowClear
          maxLength={USERS_SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ q: value.trim() || undefined })}
        />
      </Col>
      <Col {...COLUMN}>
        <FilterSelect
          label="Role"
          placeholder="All roles"
          value={search.role}
          options={optionsOf(ROLES, ROLE_LABELS)}
          onChange={(role) => onChange({ role })}
        />
      </Col>
      <Col {...COLUMN}>
        <FilterSelect
          label="Status"
          placeholder="All statuses"
          value={search.status}
          options={optionsOf(USER_STATUSES, USER_STATUS_LABELS)}
          onChange={(status) => onChange({ status })}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <ClearFiltersButton onClear={onClear} disabled={!hasUsersFilters(search)} />
      </Col>
    </FilterBar>
  );
}
