import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminUsers } from '../api/get-admin-users';
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
  const total = users.data?.meta.total ?? 0;
  const pagination = {
    ...TABLE_PAGINATION,
    current: search.page,
    pageSize: search.pageSize,
    total,
    onChange: (page: number, pageSize: number) => show(turnPage(search, page, pageSize)),
  };

  let body;
  if (users.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (users.isError && !users.data) {
    body = <LoadErrorResult title="The accounts could not be loaded" query={users} />;
  } else if (isPastTheEnd(search.page, search.pageSize, total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total, search.pageSize)}
        onGoTo={(page) => show({ ...search, page })}
      />
    );
  } else if (users.data.data.length === 0) {
    body = (
      <Empty description="No account matches">
        {hasUsersFilters(search) && <Button onClick={clear}>Clear filters</Button>}
      </Empty>
    );
  } else if (isMobile) {
    body = (
      <UserCards
        users={users.data.data}
        loading={users.isPlaceholderData}
        pagination={pagination}
      />
    );
  } else {
    body = (
      <UsersTable
        users={users.data.data}
        loading={users.isPlaceholderData}
        pagination={pagination}
      />
    );
  }

  return (
    <>
      <title>Users · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Users
          </Typography.Title>
          {users.data && !users.isPlaceholderData && (
            <Typography.Text type="secondary" aria-live="polite">
              {total.toLocaleString('en-US')} account{total === 1 ? '' : 's'}
            </Typography.Text>
          )}
        </Flex>
        <UserFilters
          search={search}
          onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
          onClear={clear}
        />
        {users.isError && users.data && (
          <Alert
            type="warning"
            showIcon
            title={`The list could not be refreshed: ${describeApiError(toApiError(users.error))}`}
            action={
              <Button size="small" onClick={() => void users.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </>
  );
}
