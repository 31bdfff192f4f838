import { ArrowLeftOutlined, AuditOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { DEFAULT_AUDIT_SEARCH, writeAuditSearch, type AuditSearch } from '../audit-search';
import { RoleTag, UserStatusTag, when } from './user-tags';

const auditHref = (filters: Partial<AuditSearch>) =>
  paths.staffAudit.href(writeAuditSearch({ ...DEFAULT_AUDIT_SEARCH, ...filters }));

/** Why the account cannot sign in, when it cannot: until when, and the reason it was given. */
function restriction(user: AdminUser): string | null {
  const reason = user.statusReason ? ` — ${user.statusReason}` : '';
  if (user.status === 'banned') return `Banned for good${reason}`;
  if (user.status === 'suspended') {
    return user.suspendedUntil
      ? `Suspended until ${when(user.suspendedUntil)}${reason}`
      : `Suspended${reason}`;
  }
  return null;
}

/** The account's name, e-mail, role and status; a suspension or ban said in full beneath. */
export function UserHeader({ user, showAudit }: { user: AdminUser; showAudit: boolean }) {
  const restricted = restriction(user);
  return (
    <Flex vertical gap={6}>
      <Link to={paths.staffUsers.href()} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined aria-hidden /> Back to users
      </Link>
      <Flex wrap gap={12} justify="space-between" align="flex-start">
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
            {user.displayName}
          </Typography.Title>
          <Typography.Text
            type="secondary"
            copyable={{ text: user.email, tooltips: ['Copy e-mail', 'Copied'] }}
            style={{ overflowWrap: 'anywhere' }}
          >
            {user.email}
          </Typography.Text>
          <Flex wrap gap={4}>
            <RoleTag role={user.role} />
            <UserStatusTag user={user} />
          </Flex>
        </Flex>
        {showAudit && (
          <Flex wrap gap={8}>
            <ButtonLink icon={<AuditOutlined aria-hidden />} to={auditHref({ target: user.id })}>
              Audit log of this account
            </ButtonLink>
            {(user.role === 'support' || user.role === 'admin') && (
              <ButtonLink to={auditHref({ actorId: user.id })}>Their actions</ButtonLink>
            )}
          </Flex>
        )}
      </Flex>
      {restricted && <Alert type="warning" showIcon title={restricted} />}
    </Flex>
  );
}
