import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { AdminUser } from '@crimsonhost/shared/admin';
import type { ClientKind, Role } from '@crimsonhost/shared/constants';
import type { UserStatus } from '../users-search';

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Customer',
  vendor: 'Vendor',
  support: 'Support',
  admin: 'Admin',
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  banned: 'Banned',
};

/** Which app a sign-in or an audited action came from. */
export const CLIENT_KIND_LABELS: Record<ClientKind, string> = {
  WEB: 'Storefront',
  SUPPORT: 'Staff area (support)',
  ADMIN: 'Staff area (admin)',
};

const SIGN_IN_METHOD_LABELS: Record<string, string> = {
  password: 'Password',
  discord: 'Discord',
  recovery: 'Recovery code',
  staff: 'Staff two-step',
};

/** 'Password', 'Recovery code'; a method the API adds later shows as it is named. */
export const signInMethodLabel = (method: string) => SIGN_IN_METHOD_LABELS[method] ?? method;

/** '20 Nov 2026, 14:05': a moment in the staff area's lists. */
export const when = (at: string) => dayjs(at).format('D MMM YYYY, HH:mm');

/** A date and time for people, the exact one for machines. */
export function Moment({ at, empty = '—' }: { at: string | null; empty?: string }) {
  if (!at) return <>{empty}</>;
  return (
    <time
      dateTime={at}
      title={dayjs(at).format('D MMMM YYYY, HH:mm:ss')}
      style={{ whiteSpace: 'nowrap' }}
    >
      {when(at)}
    </time>
  );
}

/*
 * The colour is a dot beside the words, as on the ticket tags: coloured text on a tinted tag
 * falls under the contrast WCAG asks for, in light and in dark.
 */
const ROLE_COLORS: Record<Role, string> = {
  user: '#8c8c8c',
  vendor: '#13c2c2',
  support: '#2f54eb',
  admin: '#722ed1',
};
const STATUS_COLORS: Record<UserStatus, string> = {
  active: '#52c41a',
  suspended: '#fa8c16',
  banned: '#DC2626',
};

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: color,
        marginInlineEnd: 6,
        verticalAlign: 'middle',
      }}
    />
  );
}

export function RoleTag({ role }: { role: Role }) {
  return (
    <Tag>
      <Dot color={ROLE_COLORS[role]} />
      {ROLE_LABELS[role]}
    </Tag>
  );
}

/** Active, Banned, or 'Suspended until 21 Nov 2026, 18:30'. */
export function UserStatusTag({ user }: { user: Pick<AdminUser, 'status' | 'suspendedUntil'> }) {
  return (
    <Tag style={{ whiteSpace: 'normal' }}>
      <Dot color={STATUS_COLORS[user.status]} />
      {USER_STATUS_LABELS[user.status]}
      {user.status === 'suspended' && user.suspendedUntil && (
        <>
          {' until '}
          <time dateTime={user.suspendedUntil}>{when(user.suspendedUntil)}</time>
        </>
      )}
    </Tag>
  );
}
