import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  myVendorStandingSchema,
  vendorApplicationRequestSchema,
  vendorEarningsSchema,
  vendorMovementsPageSchema,
  vendorMovementsQuerySchema,
} from '@crimsonhost/shared/vendors';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { VendorsService } from './vendors.service';

const tags = ['vendor'];
const standingAnswer = dataEnvelope(myVendorStandingSchema);

/**
 * Under /api/vendor (issue 16): becoming a vendor, for any signed-in account (point 1); the vendor
 * area's reads, for the vendor role only (point 7).
 */
export const vendorRoutes =
  ({ guards, vendors }: { guards: Guards; vendors: VendorsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/vendor/application',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Where the signed-in account stands as a vendor, and its latest application',
          response: { 200: standingAnswer },
        },
      },
      async (request) => ({ data: await vendors.standing(principalOf(request).user.id) }),
    );

    app.post(
      '/vendor/applications',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Apply to become a vendor',
          body: vendorApplicationRequestSchema,
          response: { 201: standingAnswer },
        },
      },
      async (request, reply) => {
        const standing = await vendors.apply(principalOf(request), request.body);
        return reply.code(201).send({ data: standing });
      },
    );

    app.get(
      '/vendor/earnings',
      {
        onRequest: guards.requireRole('vendor'),
        schema: {
          tags,
          summary: 'The vendor’s money by state, and the pending shares with the day each clears',
          response: { 200: dataEnvelope(vendorEarningsSchema) },
        },
      },
      async (request) => ({ data: await vendors.earnings(principalOf(request).user.id) }),
    );

    app.get(
      '/vendor/earnings/movements',
      {
        onRequest: guards.requireRole('vendor'),
        schema: {
          tags,
          summary: 'The movements of the vendor’s money, newest first',
          querystring: vendorMovementsQuerySchema,
          response: { 200: vendorMovementsPageSchema },
        },
      },
      async (request) => vendors.movements(principalOf(request).user.id, request.query),
    );
  };
