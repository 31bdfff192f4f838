import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  adminVendorDetailSchema,
  adminVendorsPageSchema,
  adminVendorsQuerySchema,
  decideApplicationRequestSchema,
  vendorStatusRequestSchema,
} from '@crimsonhost/shared/vendors';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { VendorsService } from './vendors.service';

const tags = ['admin'];
const idParams = z.object({ id: z.string() });
const detailAnswer = { 200: dataEnvelope(adminVendorDetailSchema) };

/**
 * Vendors under /api/admin (issue 16 points 1 and 2). The staff area's plugin puts its guard
 * (support or admin, with a staff sign-in) in front; decisions and status changes add admin only.
 */
export const adminVendorsRoutes =
  ({ guards, vendors }: { guards: Guards; vendors: VendorsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/vendors',
      {
        schema: {
          tags,
          summary: 'Vendor applications waiting for a decision, and vendors by status',
          querystring: adminVendorsQuerySchema,
          response: { 200: adminVendorsPageSchema },
        },
      },
      async (request) => vendors.search(request.query),
    );

    app.get(
      '/vendors/:id',
      {
        schema: {
          tags,
          summary: 'A vendor with its applications, status history, payout addresses and money',
          params: idParams,
          response: detailAnswer,
        },
      },
      async (request) => ({ data: await vendors.detail(request.params.id) }),
    );

    app.post(
      '/vendors/:id/application',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Approve or reject the application waiting for a decision',
          params: idParams,
          body: decideApplicationRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await vendors.decide(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.post(
      '/vendors/:id/status',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags,
          summary: 'Suspend, reactivate or close a vendor, with a reason',
          params: idParams,
          body: vendorStatusRequestSchema,
          response: detailAnswer,
        },
      },
      async (request) => ({
        data: await vendors.setStatus(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );
  };
