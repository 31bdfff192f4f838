import { Button, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminUsers } from '../api/get-admin-users';
import { countOf, StaffListPage } from '../components/staff-list-page';
import { UserCards } from '../components/user-cards';
import { UserFilters } from '../components/user-filters';
import { UsersTable } from '../components/users-table';
import {
  DEFAULT_USERS_SEARCH,
  hasUsersFilters,
  readUsersSearch,
  toUsersQuery,
  writeUsersSearch,
  type UsersSearch,
} from '../users-search';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * /admin/users (support and admin): every account, searched by e-mail, name or id and filtered by
 * role and status. Search, filters and page live in the URL, so a view can be shared.
 */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const search = readUsersSearch(params);
  const users = useAdminUsers(toUsersQuery(search));
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const show = (next: UsersSearch, replace = false) =>
    setParams(writeUsersSearch(next), { replace });
  const clear = () => show({ ...DEFAULT_USERS_SEARCH, pageSize: search.pageSize });

  return (
    <StaffListPage
      title="Users"
      query={users}
      search={search}
      show={show}
      loadErrorTitle="The accounts could not be loaded"
      countText={(total) => countOf(total, 'account')}
      empty={
        <Empty description="No account matches">
          {hasUsersFilters(search) && <Button onClick={clear}>Clear filters</Button>}
        </Empty>
      }
      controls={
        <UserFilters
          search={search}
          onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
          onClear={clear}
        />
      }
      renderRows={(rows, { loading, pagination }) =>
        isMobile ? (
          <UserCards users={rows} loading={loading} pagination={pagination} />
        ) : (
          <UsersTable users={rows} loading={loading} pagination={pagination} />
        )
      }
    />
  );
}
