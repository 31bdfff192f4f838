import { Card, Flex, Pagination, Typography, type PaginationProps } from 'antd';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { UserLink } from './users-table';
import { Moment, RoleTag, UserStatusTag } from './user-tags';

/** The accounts below 768 px: one card each, the same facts as the table. */
export function UserCards({
  users,
  loading,
  pagination,
}: {
  users: AdminUser[];
  loading: boolean;
  pagination: PaginationProps;
}) {
  return (
    <Flex vertical gap={12} aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }}>
      <ul aria-label="Accounts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {users.map((user) => (
          <li key={user.id} style={{ marginBottom: 12 }}>
            <Card size="small">
              <Flex vertical gap={6}>
                <UserLink user={user} />
                <Typography.Text>{user.displayName}</Typography.Text>
                <Flex wrap gap={4}>
                  <RoleTag role={user.role} />
                  <UserStatusTag user={user} />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  Created <Moment at={user.createdAt} /> · Last sign-in{' '}
                  <Moment at={user.lastLoginAt} empty="never" />
                </Typography.Text>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination {...pagination} align="center" />
    </Flex>
  );
}
