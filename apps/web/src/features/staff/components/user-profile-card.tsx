import { Descriptions, Typography } from 'antd';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { formatUsdt } from '@crimsonhost/shared/money';
import type { Wallet } from '@crimsonhost/shared/wallet';
import { DetailCard } from './detail-card';
import { Moment, ROLE_LABELS } from './user-tags';

const PROVIDER_LABELS: Record<AdminUser['authProvider'], string> = {
  local: 'E-mail and password',
  discord: 'Discord',
};

/** The account's facts: id, how it signs in, whether the mailbox is proven, its dates. */
export function UserProfileCard({ user }: { user: AdminUser }) {
  const staff = user.role === 'support' || user.role === 'admin';
  return (
    <DetailCard title="Profile">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Account id">
          <Typography.Text
            code
            copyable={{ text: user.id, tooltips: ['Copy account id', 'Copied'] }}
            style={{ overflowWrap: 'anywhere' }}
          >
            {user.id}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Role">{ROLE_LABELS[user.role]}</Descriptions.Item>
        <Descriptions.Item label="Signs in with">
          {PROVIDER_LABELS[user.authProvider]}
        </Descriptions.Item>
        <Descriptions.Item label="E-mail verified">
          {user.emailVerified ? 'Yes' : 'Not yet'}
        </Descriptions.Item>
        <Descriptions.Item label="Created">
          <Moment at={user.createdAt} />
        </Descriptions.Item>
        <Descriptions.Item label="Last sign-in">
          <Moment at={user.lastLoginAt} empty="Never" />
        </Descriptions.Item>
        <Descriptions.Item label="Sign-in">
          {user.signInLocked ? (
            <Typography.Text strong>Slowed down after failed passwords</Typography.Text>
          ) : (
            'Open'
          )}
        </Descriptions.Item>
        {staff && (
          <Descriptions.Item label="Staff two-step">
            {user.staffFactorEnrolled ? 'Set up' : 'Not set up yet'}
          </Descriptions.Item>
        )}
      </Descriptions>
    </DetailCard>
  );
}

/** What the account holds: USDT to spend and held for rentals, platform credit, open deposits. */
export function UserWalletCard({ wallet }: { wallet: Wallet }) {
  return (
    <DetailCard title="Wallet">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="USDT available">
          {formatUsdt(wallet.usdt.available)} USDT
        </Descriptions.Item>
        <Descriptions.Item label="USDT held">{formatUsdt(wallet.usdt.held)} USDT</Descriptions.Item>
        <Descriptions.Item label="Platform credit">
          {formatUsdt(wallet.platformCredit.available)}
        </Descriptions.Item>
        <Descriptions.Item label="Open deposits">{wallet.pendingDeposits}</Descriptions.Item>
      </Descriptions>
    </DetailCard>
  );
}
