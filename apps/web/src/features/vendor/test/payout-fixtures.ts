import { http, HttpResponse } from 'msw';
import type { Payout, PayoutStanding } from '@crimsonhost/shared/vendor-payouts';
import { server } from '../../../test/msw-server';

export const PAYOUT_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let next = 0;

/** A payout asked for on ERC20, waiting for staff to send it. */
export function buildPayout(overrides: Partial<Payout> = {}): Payout {
  next += 1;
  return {
    id: `70000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    status: 'REQUESTED',
    network: 'ERC20',
    address: PAYOUT_ADDRESS,
    amount: '25.500000',
    txHash: null,
    explorerUrl: null,
    confirmations: null,
    requiredConfirmations: null,
    reason: null,
    requestedAt: '2026-11-25T10:00:00.000Z',
    submittedAt: null,
    paidAt: null,
    closedAt: null,
    ...overrides,
  };
}

/** GET /api/vendor/payouts/standing: 42.75 USDT available, one ERC20 address, free to ask. */
export function buildStanding(overrides: Partial<PayoutStanding> = {}): PayoutStanding {
  return {
    available: '42.750000',
    minimum: '10.000000',
    payoutAddresses: [
      { network: 'ERC20', address: PAYOUT_ADDRESS, updatedAt: '2026-11-20T09:00:00.000Z' },
    ],
    lockedUntil: null,
    nextRequestAt: null,
    open: null,
    blockedReason: null,
    hasPassword: true,
    ...overrides,
  };
}

export function serveStanding(standing: PayoutStanding = buildStanding()) {
  server.use(http.get('/api/vendor/payouts/standing', () => HttpResponse.json({ data: standing })));
}

export function servePayouts(payouts: Payout[]) {
  server.use(
    http.get('/api/vendor/payouts', () =>
      HttpResponse.json({
        data: payouts,
        meta: { page: 1, pageSize: 10, total: payouts.length },
      }),
    ),
  );
}
