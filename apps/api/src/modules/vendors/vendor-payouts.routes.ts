import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  adminPayoutSchema,
  adminPayoutsPageSchema,
  adminPayoutsQuerySchema,
  payoutAddressesChangeSchema,
  payoutRejectRequestSchema,
  payoutRequestSchema,
  payoutSchema,
  payoutsPageSchema,
  payoutsQuerySchema,
  payoutStandingSchema,
  payoutTransactionRequestSchema,
} from '@crimsonhost/shared/vendor-payouts';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { VendorPayoutsService } from './vendor-payouts.service';

const idParams = z.object({ id: z.string() });

/** A vendor's payouts under /api/vendor (issue 16 point 8): the vendor role only. */
export const vendorPayoutRoutes =
  ({ guards, payouts }: { guards: Guards; payouts: VendorPayoutsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['vendor'];
    const onRequest = guards.requireRole('vendor');

    app.get(
      '/vendor/payouts/standing',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Available money, payout addresses, the open payout, and whether one can be asked for now',
          response: { 200: dataEnvelope(payoutStandingSchema) },
        },
      },
      async (request) => ({ data: await payouts.standing(principalOf(request)) }),
    );

    app.get(
      '/vendor/payouts',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The vendor’s payouts, newest first',
          querystring: payoutsQuerySchema,
          response: { 200: payoutsPageSchema },
        },
      },
      async (request) => payouts.list(principalOf(request).user.id, request.query),
    );

    app.post(
      '/vendor/payouts',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Ask for a payout of available money to a saved address',
          body: payoutRequestSchema,
          response: { 201: dataEnvelope(payoutSchema) },
        },
      },
      async (request, reply) => {
        const payout = await payouts.request(
          principalOf(request),
          requestMetaOf(request),
          request.body,
        );
        return reply.code(201).send({ data: payout });
      },
    );

    app.post(
      '/vendor/payouts/:id/cancel',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Cancel a payout nobody has sent yet; the money is available again',
          params: idParams,
          response: { 200: dataEnvelope(payoutSchema) },
        },
      },
      async (request) => ({
        data: await payouts.cancel(principalOf(request), requestMetaOf(request), request.params.id),
      }),
    );

    app.put(
      '/vendor/payout-addresses',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Change the payout addresses, with the account password; payouts wait 48 hours',
          body: payoutAddressesChangeSchema,
          response: { 200: dataEnvelope(payoutStandingSchema) },
        },
      },
      async (request) => ({
        data: await payouts.changeAddresses(
          principalOf(request),
          requestMetaOf(request),
          request.body,
        ),
      }),
    );
  };

/**
 * The Payouts queue under /api/admin: the staff area's plugin puts its guard in front (support
 * reads); entering a hash and rejecting are for admins.
 */
export const adminPayoutRoutes =
  ({ guards, payouts }: { guards: Guards; payouts: VendorPayoutsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const detailAnswer = { 200: dataEnvelope(adminPayoutSchema) };

    app.get(
      '/payouts',
      {
        schema: {
          tags,
          summary: 'Vendor payouts to send and confirming, oldest first; paid and closed ones',
          querystring: adminPayoutsQuerySchema,
          response: { 200: adminPayoutsPageSchema },
        },
      },
      async (request) => payouts.search(request.query),
    );

    app.get(
      '/payouts/:id',
      {
        schema: { tags, summary: 'A vendor payout', params: idParams, response: detailAnswer },
      },
      async (request) => ({ data: await payouts.detail(request.params.id) }),
    );

    app.post(
      '/payouts/:id/transaction',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary:
            'Enter the hash of the USDT transfer sent for a payout; the chain decides when it is paid',
          params: idParams,
          body: payoutTransactionRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await payouts.submitTransaction(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body.txHash,
        ),
      }),
    );

    app.post(
      '/payouts/:id/reject',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Reject a payout nobody has sent, with a reason; the money is available again',
          params: idParams,
          body: payoutRejectRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await payouts.reject(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body.reason,
        ),
      }),
    );
  };
