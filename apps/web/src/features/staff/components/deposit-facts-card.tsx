import { ExportOutlined } from '@ant-design/icons';
import { Alert, Descriptions, Flex, Typography, theme } from 'antd';
import type { AdminDepositDetail } from '@crimsonhost/shared/admin-deposits';
import { confirmationsText, DepositTags } from './deposit-tags';
import { DepositOwner } from './deposits-table';
import { DetailCard } from './detail-card';
import { Moment } from './user-tags';
import { UsdtAmount } from '../../../components/usdt-amount';

/** The address in full, to copy, with where its network's block explorer shows it. */
function DepositAddress({ deposit }: { deposit: AdminDepositDetail }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text
        copyable={{ text: deposit.address, tooltips: ['Copy address', 'Copied'] }}
        style={{ fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
      >
        {deposit.address}
      </Typography.Text>
      {deposit.addressExplorerUrl ? (
        <a href={deposit.addressExplorerUrl} target="_blank" rel="noopener noreferrer">
          View on the block explorer <ExportOutlined aria-hidden />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <Typography.Text type="secondary">
          No block explorer is set for this network
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * What the deposit is: whose, on which network and address, what was asked, what arrived and
 * what reached the wallet, its state and its dates.
 */
export function DepositFactsCard({ deposit }: { deposit: AdminDepositDetail }) {
  return (
    <DetailCard title="Details">
      <Flex vertical gap={12}>
        {deposit.addressCollision && (
          <Alert
            type="warning"
            showIcon
            title="Another deposit was handed this same address"
            description="It was given out before ERC20 and BEP20 shared one index space: a payment to it may belong to either deposit. Check the other deposit before crediting by hand."
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'owner', label: 'Owner', children: <DepositOwner owner={deposit.user} /> },
            { key: 'network', label: 'Network', children: deposit.network },
            { key: 'address', label: 'Address', children: <DepositAddress deposit={deposit} /> },
            { key: 'index', label: 'Derivation index', children: deposit.derivationIndex },
            {
              key: 'requested',
              label: 'Requested',
              children: <UsdtAmount amount={deposit.requestedAmount} />,
            },
            {
              key: 'received',
              label: 'Received',
              children: <UsdtAmount amount={deposit.receivedAmount} />,
            },
            {
              key: 'credited',
              label: 'Credited',
              children: <UsdtAmount amount={deposit.creditedAmount} />,
            },
            { key: 'status', label: 'Status', children: <DepositTags deposit={deposit} /> },
            {
              key: 'confirmations',
              label: 'Confirmations',
              children: confirmationsText(deposit.confirmations, deposit.requiredConfirmations),
            },
            { key: 'created', label: 'Created', children: <Moment at={deposit.createdAt} /> },
            { key: 'expires', label: 'Expires', children: <Moment at={deposit.expiresAt} /> },
            {
              key: 'watched',
              label: 'Watched until',
              children: <Moment at={deposit.watchUntil} />,
            },
            ...(deposit.cancelledAt
              ? [
                  {
                    key: 'cancelled',
                    label: 'Cancelled',
                    children: <Moment at={deposit.cancelledAt} />,
                  },
                ]
              : []),
            {
              key: 'id',
              label: 'Deposit id',
              children: (
                <Typography.Text
                  code
                  copyable={{ text: deposit.id, tooltips: ['Copy deposit id', 'Copied'] }}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {deposit.id}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Flex>
    </DetailCard>
  );
}
