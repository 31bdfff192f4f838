import { Table, Typography, type PaginationProps, type TableColumnsType } from 'antd';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { paths } from '../../../app/paths';
import { Moment, RoleTag, UserStatusTag } from './user-tags';

/** The e-mail, linking to the account's page: the row's way in for keyboards and readers. */
export function UserLink({ user }: { user: AdminUser }) {
  return (
    <Link to={paths.staffUser.href(user.id)} style={{ overflowWrap: 'anywhere' }}>
      {user.email}
    </Link>
  );
}

const COLUMNS: TableColumnsType<AdminUser> = [
  {
    title: 'E-mail',
    key: 'email',
    render: (_, user) => <UserLink user={user} />,
  },
  {
    title: 'Name',
    dataIndex: 'displayName',
    width: 180,
  },
  {
    title: 'Role',
    key: 'role',
    render: (_, user) => <RoleTag role={user.role} />,
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, user) => <UserStatusTag user={user} />,
  },
  {
    title: 'Created',
    dataIndex: 'createdAt',
    render: (at: string) => <Moment at={at} />,
  },
  {
    title: 'Last sign-in',
    dataIndex: 'lastLoginAt',
    render: (at: string | null) =>
      at ? <Moment at={at} /> : <Typography.Text type="secondary">Never</Typography.Text>,
  },
];

/** One page of accounts from 768 px up; a click anywhere on a row opens the account. */
export function UsersTable({
  users,
  loading,
  pagination,
}: {
  users: AdminUser[];
  loading: boolean;
  pagination: PaginationProps;
}) {
  const navigate = useNavigate();
  return (
    <Table<AdminUser>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={users}
      columns={COLUMNS}
      scroll={{ x: 900 }}
      onRow={(user) => ({
        style: { cursor: 'pointer' },
        onClick: (event: MouseEvent) => {
          // The e-mail is a link of its own; a selection of text is not a click to open.
          if ((event.target as HTMLElement).closest('a')) return;
          if (window.getSelection()?.toString()) return;
          void navigate(paths.staffUser.href(user.id));
        },
      })}
      pagination={pagination}
    />
  );
}
