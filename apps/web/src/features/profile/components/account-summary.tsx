import { Descriptions, Tag, theme } from 'antd';
import dayjs from 'dayjs';
import type { User } from '@crimsonhost/shared/auth';
import { useMediaQuery } from '../../../lib/use-media-query';

const ROLE_LABELS: Record<User['role'], string> = {
  user: 'Renter',
  vendor: 'Vendor',
  support: 'Support',
  admin: 'Administrator',
};

/** E-mail, sign-in methods, role and membership date. */
export function AccountSummary({ user }: { user: User }) {
  // On a phone, labels above values leave the e-mail room to breathe.
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const { token } = theme.useToken();
  // antd's label grey is below 4.5:1; the secondary text colour is not.
  const label = { color: token.colorTextSecondary };
  const methods = [user.hasPassword && 'Password', user.discordLinked && 'Discord'].filter(
    (method): method is string => Boolean(method),
  );
  return (
    <Descriptions
      column={1}
      size="small"
      layout={narrow ? 'vertical' : 'horizontal'}
      styles={{ label: narrow ? label : { ...label, width: 160 } }}
      items={[
        {
          key: 'email',
          label: 'E-mail',
          children: <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>,
        },
        {
          key: 'methods',
          label: 'Sign-in methods',
          children: methods.map((method) => <Tag key={method}>{method}</Tag>),
        },
        { key: 'role', label: 'Account type', children: ROLE_LABELS[user.role] },
        {
          key: 'since',
          label: 'Member since',
          children: dayjs(user.createdAt).format('D MMMM YYYY'),
        },
      ]}
    />
  );
}
