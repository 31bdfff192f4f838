import { http, HttpResponse } from 'msw';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { server } from '../../../test/msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export const PAYOUT_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const PAYOUT_TX_HASH = `0x${'ab'.repeat(32)}`;

/**
 * A payout as GET /api/admin/payouts lists it: Nordic Hosting asked for 15.25 USDT on ERC20 and
 * nobody has sent it yet.
 */
export function buildAdminPayout(overrides: Partial<AdminPayout> = {}): AdminPayout {
  return {
    id: uuid('b'),
    vendor: {
      id: '70000000-0000-4000-8000-000000000042',
      displayName: 'Nordic Hosting',
      email: 'nils@example.com',
    },
    status: 'REQUESTED',
    network: 'ERC20',
    address: PAYOUT_ADDRESS,
    addressUrl: `https://etherscan.io/address/${PAYOUT_ADDRESS}`,
    amount: '15.250000',
    txHash: null,
    explorerUrl: null,
    confirmations: null,
    requiredConfirmations: null,
    reason: null,
    requestedAt: '2026-11-26T09:00:00.000Z',
    submittedAt: null,
    paidAt: null,
    closedAt: null,
    ...overrides,
  };
}

/** `payout` once its hash was entered: 3 of 12 confirmations so far. */
export function submitted(payout: AdminPayout, confirmations = 3): AdminPayout {
  return {
    ...payout,
    status: 'SUBMITTED',
    txHash: PAYOUT_TX_HASH,
    explorerUrl: `https://etherscan.io/tx/${PAYOUT_TX_HASH}`,
    confirmations,
    requiredConfirmations: 12,
    submittedAt: '2026-11-26T10:00:00.000Z',
  };
}

/** `payout` once the chain confirmed its transaction. */
export function paid(payout: AdminPayout): AdminPayout {
  return {
    ...submitted(payout, 12),
    status: 'PAID',
    paidAt: '2026-11-26T10:03:00.000Z',
  };
}

/** GET /api/admin/payouts answering `payouts`; every asked URL is recorded. */
export function servePayouts(payouts: AdminPayout[], total = payouts.length) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/payouts', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json({
        data: payouts,
        meta: {
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: Number(url.searchParams.get('pageSize') ?? 20),
          total,
        },
      });
    }),
  );
  return { asked };
}

/** What an action on a payout was sent: which one and the body. */
export interface SentPayoutAction {
  action: 'transaction' | 'reject';
  body: unknown;
}

/**
 * GET /api/admin/payouts/:id answering each read with the next of `reads` (the last one stays),
 * and its two actions, each recorded and answered with `answer` (the payout afterwards, which
 * later reads then show) unless it returns a Response of its own (a refusal).
 */
export function servePayoutDetail(
  reads: AdminPayout[],
  answer: (sent: SentPayoutAction) => AdminPayout | Response = () => reads.at(-1)!,
) {
  const sent: SentPayoutAction[] = [];
  let shown = [...reads];
  let count = 0;
  const path = `/api/admin/payouts/${reads[0]!.id}`;
  const act = (action: SentPayoutAction['action']) =>
    http.post(`${path}/${action}`, async ({ request }) => {
      const done: SentPayoutAction = { action, body: await request.json() };
      sent.push(done);
      const result = answer(done);
      if (result instanceof Response) return result;
      shown = [result];
      return HttpResponse.json({ data: result });
    });
  server.use(
    http.get(path, () => {
      count += 1;
      const payout = shown.length > 1 ? shown.shift()! : shown[0]!;
      return HttpResponse.json({ data: payout });
    }),
    act('transaction'),
    act('reject'),
  );
  return { sent, reads: () => count };
}
