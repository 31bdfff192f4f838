import type { ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { formatUsdt } from '@crimsonhost/shared/money';
import { useWallet } from '../lib/wallet/get-wallet';
import { LoadErrorResult } from './load-error-result';

function Balance({
  label,
  value,
  unit,
  hint,
}: {
  label: string;
  value: string;
  unit?: string;
  hint: ReactNode;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
        {value}
        {unit && <span style={{ fontSize: 14, fontWeight: 400 }}> {unit}</span>}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </Card>
  );
}

/**
 * The wallet's balances: available USDT, USDT held in escrow for rentals, platform credit and the
 * deposits still open. Two decimals, en-US grouping (spec section 9). Read here, so the dashboard
 * and the wallet page show them, or why they could not be loaded, alike.
 */
export function WalletBalances() {
  const query = useWallet();
  const wallet = query.data;
  if (query.isError && !wallet) {
    return <LoadErrorResult title="Your balances could not be loaded" query={query} />;
  }
  const balances = wallet
    ? [
        {
          key: 'available',
          label: 'Available',
          value: formatUsdt(wallet.usdt.available),
          unit: 'USDT',
          hint: 'Ready to spend on rentals',
        },
        {
          key: 'held',
          label: 'Held in escrow',
          value: formatUsdt(wallet.usdt.held),
          unit: 'USDT',
          hint: 'Paid for running rentals, released to the vendor when they end',
        },
        {
          key: 'credit',
          label: 'Platform credit',
          // The label names the currency already; "0.00 Platform credit" under it said it twice
          // and wrapped at 375 px.
          value: formatUsdt(wallet.platformCredit.available),
          hint: 'Compensation from CrimsonHost',
        },
        {
          key: 'pending',
          label: 'Pending deposits',
          value: String(wallet.pendingDeposits),
          hint: 'Waiting for payment or confirmations',
        },
      ]
    : [];
  return (
    <section aria-label="Balances">
      <Row gutter={[12, 12]}>
        {wallet
          ? balances.map(({ key, ...balance }) => (
              <Col key={key} xs={12} lg={6}>
                <Balance {...balance} />
              </Col>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <Col key={index} xs={12} lg={6}>
                <Card size="small">
                  <Skeleton active title={false} paragraph={{ rows: 2 }} />
                </Card>
              </Col>
            ))}
      </Row>
    </section>
  );
}
