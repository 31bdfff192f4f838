import { http, HttpResponse } from 'msw';
import type {
  AdminPayPalDetail,
  AdminPayPalDispute,
  AdminPayPalPayment,
  PayPalReconciliation,
} from '@crimsonhost/shared/admin-paypal';
import { server } from '../../../test/msw-server';

let next = 0;
const uuid = (prefix: string) =>
  `${prefix}0000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export const PAYER = {
  id: '60000000-0000-4000-8000-000000000042',
  name: 'Ada Renter',
  email: 'ada@example.com',
};

/**
 * A PayPal payment as GET /api/admin/paypal/payments lists it: 20.00 USD at 1 USDT a dollar,
 * captured and credited, less the fee (3.49 % + 0.49 USD = 1.188 USDT), nothing refunded.
 */
export function buildAdminPayPalPayment(
  overrides: Partial<AdminPayPalPayment> = {},
): AdminPayPalPayment {
  const n = ++next;
  return {
    transactionId: uuid('c'),
    orderId: `5O190127TN36471${String(n).padStart(2, '0')}T`,
    captureId: `3C679366HH9085${String(n).padStart(3, '0')}`,
    state: 'COMPLETED',
    paymentStatus: 'completed',
    currency: 'USD',
    value: '20.00',
    usdtAmount: '20.000000',
    fee: '1.188000',
    credit: '18.812000',
    refunded: '0.000000',
    reason: null,
    approveUrl: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:02:00.000Z',
    user: PAYER,
    refundableValue: '20.00',
    refundedValue: '0.00',
    ...overrides,
  };
}

/** A dispute the buyer opened at PayPal on `payment`: 20.00 USD disputed, 18.812 USDT held. */
export function buildPayPalDispute(
  payment: AdminPayPalPayment,
  overrides: Partial<AdminPayPalDispute> = {},
): AdminPayPalDispute {
  return {
    disputeId: `PP-D-${String(++next).padStart(5, '0')}`,
    transactionId: payment.transactionId,
    value: payment.value,
    currency: payment.currency,
    held: payment.credit,
    status: 'OPEN',
    wonBy: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    resolvedAt: null,
    user: payment.user,
    ...overrides,
  };
}

/** GET /api/admin/paypal/payments/:transactionId of `payment`: nothing taken back, 30 USDT held. */
export function buildPayPalDetail(
  payment: AdminPayPalPayment = buildAdminPayPalPayment(),
  overrides: Partial<AdminPayPalDetail> = {},
): AdminPayPalDetail {
  return {
    ...payment,
    refunds: [],
    disputes: [],
    walletAvailable: '30.000000',
    owed: '0.000000',
    ...overrides,
  };
}

/**
 * A payment refunded in full at PayPal after the renter spent part of it: 18.812 USDT taken back,
 * 12.5 USDT of it from the wallet and the rest owed.
 */
export function buildRefundedDetail(): AdminPayPalDetail {
  const payment = buildAdminPayPalPayment({
    state: 'REFUNDED',
    paymentStatus: 'refunded',
    refunded: '20.000000',
    refundableValue: '0.00',
    refundedValue: '20.00',
    reason: 'Refunded at PayPal: 20.00 USD',
    updatedAt: '2026-11-23T08:00:00.000Z',
  });
  return buildPayPalDetail(payment, {
    refunds: [
      {
        reference: `paypal:refund:${payment.captureId}:1JU08902781691411`,
        description: 'PayPal refund of your payment of 20.00 USD',
        amount: '18.812000',
        fromWallet: '12.500000',
        status: 'CONFIRMED',
        createdAt: '2026-11-23T08:00:00.000Z',
      },
    ],
    disputes: [
      buildPayPalDispute(payment, {
        status: 'RESOLVED',
        wonBy: 'BUYER',
        held: '0.000000',
        resolvedAt: '2026-11-23T08:00:00.000Z',
      }),
    ],
    walletAvailable: '0.000000',
    owed: '6.312000',
  });
}

/** GET /api/admin/paypal/reconciliation: nothing found, nobody owes, no dispute open. */
export function buildReconciliation(
  overrides: Partial<PayPalReconciliation> = {},
): PayPalReconciliation {
  return {
    findings: [],
    debts: [],
    openDisputes: [],
    paypalClearing: '-55.000000',
    checkedAt: '2026-11-24T12:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/paypal/payments answering `payments`; every asked URL is recorded. */
export function servePayPalPayments(payments: AdminPayPalPayment[], total = payments.length) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/admin/paypal/payments', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return HttpResponse.json({
        data: payments,
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

/** GET /api/admin/paypal/reconciliation answering `check`; each read is counted. */
export function serveReconciliation(check: PayPalReconciliation = buildReconciliation()) {
  const reads: number[] = [];
  server.use(
    http.get('/api/admin/paypal/reconciliation', () => {
      reads.push(Date.now());
      return HttpResponse.json({ data: check });
    }),
  );
  return { reads };
}

/** What a refund was sent: the body and its Idempotency-Key. */
export interface SentRefund {
  body: unknown;
  key: string | null;
}

/**
 * GET /api/admin/paypal/payments/:transactionId answering `detail`, and its refunds, each
 * recorded and answered with `answer` (the payment afterwards) unless it returns a Response of
 * its own (a refusal).
 */
export function servePayPalDetail(
  detail: AdminPayPalDetail,
  answer: (sent: SentRefund, count: number) => AdminPayPalDetail | Response = () => detail,
) {
  const sent: SentRefund[] = [];
  const path = `/api/admin/paypal/payments/${detail.transactionId}`;
  let current = detail;
  server.use(
    http.get(path, () => HttpResponse.json({ data: current })),
    http.post(`${path}/refunds`, async ({ request }) => {
      const refund: SentRefund = {
        body: await request.json(),
        key: request.headers.get('Idempotency-Key'),
      };
      sent.push(refund);
      const result = answer(refund, sent.length);
      if (result instanceof Response) return result;
      current = result;
      return HttpResponse.json({ data: result });
    }),
  );
  return { sent };
}
