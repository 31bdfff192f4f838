import { ExportOutlined } from '@ant-design/icons';
import { Descriptions, Flex, Typography, theme } from 'antd';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { UsdtAmount } from '../../../components/usdt-amount';
import { NETWORK_NAMES } from '../../../lib/network-names';
import { DetailCard } from './detail-card';
import { payoutConfirmationsText, PayoutStatusTag } from './payout-tags';
import { PayoutVendor } from './payouts-table';
import { Moment } from './user-tags';
import { FullAddress } from './vendor-application-card';

/** A link to the network's public block explorer, said to open a new tab. */
export function ExplorerLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children} <ExportOutlined aria-hidden />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The vendor's address in full, to copy, with where the block explorer shows it. */
function PayoutAddress({ payout }: { payout: AdminPayout }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <FullAddress address={payout.address} />
      {payout.addressUrl && (
        <ExplorerLink href={payout.addressUrl}>View the address on the block explorer</ExplorerLink>
      )}
    </Flex>
  );
}

/** The hash of the transfer entered for the payout, to copy, with its explorer link. */
function PayoutTransaction({ payout }: { payout: AdminPayout }) {
  const { token } = theme.useToken();
  if (!payout.txHash) return <Typography.Text type="secondary">None entered yet</Typography.Text>;
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text
        copyable={{ text: payout.txHash, tooltips: ['Copy transaction hash', 'Copied'] }}
        style={{ fontFamily: token.fontFamilyCode, fontSize: '0.92em', overflowWrap: 'anywhere' }}
      >
        {payout.txHash}
      </Typography.Text>
      {payout.explorerUrl && (
        <ExplorerLink href={payout.explorerUrl}>
          View the transaction on the block explorer
        </ExplorerLink>
      )}
    </Flex>
  );
}

/** The dates the payout went through, each under the name of what happened then. */
function dateItems(payout: AdminPayout) {
  const items = [
    { key: 'requested', label: 'Requested', children: <Moment at={payout.requestedAt} /> },
  ];
  if (payout.submittedAt) {
    items.push({
      key: 'submitted',
      label: 'Hash entered',
      children: <Moment at={payout.submittedAt} />,
    });
  }
  if (payout.paidAt) {
    items.push({ key: 'paid', label: 'Paid', children: <Moment at={payout.paidAt} /> });
  }
  if (payout.closedAt) {
    items.push({
      key: 'closed',
      label: payout.status === 'CANCELLED' ? 'Cancelled' : 'Rejected',
      children: <Moment at={payout.closedAt} />,
    });
  }
  return items;
}

/**
 * What the payout is: whose, how much on which network to which address, its status and dates,
 * the transaction entered for it and the reason it was rejected or sent back.
 */
export function PayoutFactsCard({ payout }: { payout: AdminPayout }) {
  const confirmations = payoutConfirmationsText(payout);
  // Rejected or cancelled: why. Back to REQUESTED: why the hash entered was dropped (an alert
  // above the sending says so too).
  const reasonLabel = payout.status === 'REQUESTED' ? 'Hash dropped because' : 'Reason';
  return (
    <DetailCard title="Details">
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'vendor', label: 'Vendor', children: <PayoutVendor vendor={payout.vendor} /> },
            { key: 'amount', label: 'Amount', children: <UsdtAmount amount={payout.amount} /> },
            { key: 'network', label: 'Network', children: NETWORK_NAMES[payout.network] },
            {
              key: 'status',
              label: 'Status',
              children: <PayoutStatusTag status={payout.status} />,
            },
            ...(confirmations
              ? [{ key: 'confirmations', label: 'Confirmations', children: confirmations }]
              : []),
            ...dateItems(payout),
          ]}
        />
        {/* The long values get a line each: a full address or hash is wider than a grid cell. */}
        <Descriptions
          size="small"
          column={1}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          items={[
            { key: 'address', label: 'To address', children: <PayoutAddress payout={payout} /> },
            {
              key: 'transaction',
              label: 'Transaction',
              children: <PayoutTransaction payout={payout} />,
            },
            ...(payout.reason
              ? [
                  {
                    key: 'reason',
                    label: reasonLabel,
                    children: <span style={{ overflowWrap: 'anywhere' }}>{payout.reason}</span>,
                  },
                ]
              : []),
            {
              key: 'id',
              label: 'Payout id',
              children: (
                <Typography.Text
                  code
                  copyable={{ text: payout.id, tooltips: ['Copy payout id', 'Copied'] }}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {payout.id}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Flex>
    </DetailCard>
  );
}
