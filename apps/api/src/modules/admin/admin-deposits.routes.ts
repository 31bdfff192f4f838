import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDepositDetailSchema,
  adminDepositsPageSchema,
  adminDepositsQuerySchema,
  creditTransferRequestSchema,
} from '@crimsonhost/shared/admin-deposits';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AdminDepositsService } from './deposits.service';

const tags = ['admin'];
const detailAnswer = { 200: dataEnvelope(adminDepositDetailSchema) };

/**
 * Deposits under /api/admin (issue 15 point 5). The staff area's plugin puts its guard (support
 * or admin, with a staff sign-in) in front; the credit by hand adds admin only.
 */
export const adminDepositsRoutes =
  ({
    guards,
    deposits,
  }: {
    guards: Guards;
    deposits: AdminDepositsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/deposits',
      {
        schema: {
          tags,
          summary: 'Deposits by what needs a look: open, late, short, over, expired, wrong network',
          querystring: adminDepositsQuerySchema,
          response: { 200: adminDepositsPageSchema },
        },
      },
      async (request) => deposits.list(request.query),
    );

    app.get(
      '/deposits/:id',
      {
        schema: {
          tags,
          summary: 'A deposit with its address, derivation index and the payments seen',
          params: z.object({ id: z.string() }),
          response: detailAnswer,
        },
      },
      async (request) => ({ data: await deposits.detail(request.params.id) }),
    );

    app.post(
      '/deposits/:id/transfers/:transferId/credit',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary:
            "Credit by hand a confirmed payment that reached the deposit's address on the wrong network",
          params: z.object({ id: z.string(), transferId: z.string() }),
          body: creditTransferRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await deposits.creditByHand(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.params.transferId,
          request.body.reason,
        ),
      }),
    );
  };
