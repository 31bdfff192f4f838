import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPayPalDetailSchema,
  adminPayPalPageSchema,
  adminPayPalQuerySchema,
  adminPayPalRefundRequestSchema,
  paypalReconciliationSchema,
} from '@crimsonhost/shared/admin-paypal';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AdminPayPalService } from './admin-paypal.service';

const tags = ['admin'];
const detailAnswer = { 200: dataEnvelope(adminPayPalDetailSchema) };

/**
 * PayPal under /api/admin (issue 19 points 4 and 5). The staff area's plugin puts its guard
 * (support or admin, with a staff sign-in) in front; a refund adds admin only.
 */
export const adminPayPalRoutes =
  ({ guards, paypal }: { guards: Guards; paypal: AdminPayPalService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/paypal/payments',
      {
        schema: {
          tags,
          summary: 'PayPal payments, newest first, by state or by an id, e-mail or name',
          querystring: adminPayPalQuerySchema,
          response: { 200: adminPayPalPageSchema },
        },
      },
      async (request) => paypal.list(request.query),
    );

    app.get(
      '/paypal/payments/:transactionId',
      {
        schema: {
          tags,
          summary: 'A PayPal payment with its refunds, reversals and disputes',
          params: z.object({ transactionId: z.string() }),
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await paypal.detail(request.params.transactionId.toLowerCase()),
      }),
    );

    app.post(
      '/paypal/payments/:transactionId/refunds',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary:
            "Refund a PayPal payment, whole or part, while that much of it is unspent in the renter's wallet (send an Idempotency-Key header)",
          params: z.object({ transactionId: z.string() }),
          body: adminPayPalRefundRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const meta = requestMetaOf(request);
        return {
          data: await paypal.refund(
            { user: principal.user, clientKind: principal.clientKind, ip: meta.ip },
            request.params.transactionId.toLowerCase(),
            request.body,
            idempotencyKeyOf(request),
          ),
        };
      },
    );

    app.get(
      '/paypal/reconciliation',
      {
        schema: {
          tags,
          summary:
            'What disagrees with the ledger or waits too long, the accounts that owe, the open disputes',
          response: { 200: dataEnvelope(paypalReconciliationSchema) },
        },
      },
      async () => ({ data: await paypal.reconciliation() }),
    );
  };
