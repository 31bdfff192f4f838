import { Flex, Skeleton, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { VENDOR_CLEARING_DAYS, type VendorBalances } from '@crimsonhost/shared/vendors';
import { SurfaceCard } from '../../../components/surface-card';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { EARNINGS_STATE_LABELS, StateDot, type EarningsState } from './money-state-tag';

/** The five figures in the order money moves through them, each with what it means. */
const FIGURES: Array<{ state: EarningsState; balance: keyof VendorBalances; note: string }> = [
  { state: 'ESCROW', balance: 'escrow', note: 'Paid by renters for rentals still running.' },
  {
    state: 'PENDING',
    balance: 'pending',
    note: `Released when a rental ends, held for the ${VENDOR_CLEARING_DAYS}-day dispute window.`,
  },
  { state: 'AVAILABLE', balance: 'available', note: 'Cleared: can be paid out to you.' },
  {
    state: 'PAYOUT_PENDING',
    balance: 'payoutPending',
    note: 'Requested payouts, waiting to be sent.',
  },
  {
    state: 'PAID_OUT',
    balance: 'paidOut',
    note: 'Sent to your payout address, seen on chain.',
  },
];

/** Five cards side by side on a wide screen (1280 px), two or one a row as it narrows. */
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
  gap: 16,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

/** My money in each state, exact to the micro-USDT, as the ledger's balances. */
export function EarningsFigures({ balances }: { balances: VendorBalances }) {
  return (
    <ul aria-label="Balances by state" style={GRID}>
      {FIGURES.map(({ state, balance, note }) => (
        <li key={state} style={{ minWidth: 0 }}>
          <SurfaceCard style={{ height: '100%' }} bodyStyle={{ padding: 16 }}>
            <Flex vertical gap={4}>
              <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
                <StateDot state={state} />
                {EARNINGS_STATE_LABELS[state]}
              </Typography.Title>
              <Typography.Text
                strong
                style={{
                  fontSize: 20,
                  fontVariantNumeric: 'tabular-nums',
                  overflowWrap: 'anywhere',
                }}
              >
                {formatUsdtExact(balances[balance])}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                  USDT
                </Typography.Text>
              </Typography.Text>
              <Typography.Text type="secondary">{note}</Typography.Text>
            </Flex>
          </SurfaceCard>
        </li>
      ))}
    </ul>
  );
}

/** The figures' places while the balances load. */
export function EarningsFiguresSkeleton() {
  return (
    <div role="status" aria-label="Loading your balances" aria-busy="true" style={GRID}>
      {FIGURES.map(({ state }) => (
        <SurfaceCard key={state} bodyStyle={{ padding: 16 }}>
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2 }} />
        </SurfaceCard>
      ))}
    </div>
  );
}
