import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  vendorOverviewSchema,
  vendorRentalsPageSchema,
  vendorRentalsQuerySchema,
} from '@crimsonhost/shared/vendor-overview';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { VendorOverviewService } from './vendor-overview.service';

const tags = ['vendor'];

/**
 * The vendor area's Overview and "Rentals of my listings" (issue 16 points 3 and 6), for the
 * vendor role only; a vendor reads only their own listings' rentals.
 */
export const vendorOverviewRoutes =
  ({
    guards,
    overview,
  }: {
    guards: Guards;
    overview: VendorOverviewService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const vendorOnly = guards.requireRole('vendor');

    app.get(
      '/vendor/overview',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary:
            'My listings by state, running rentals, occupancy and earnings over 7 and 30 days, uptime over 30 days',
          response: { 200: dataEnvelope(vendorOverviewSchema) },
        },
      },
      async (request) => ({ data: await overview.overview(principalOf(request).user.id) }),
    );

    app.get(
      '/vendor/rentals',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'The rentals of my listings, newest first',
          querystring: vendorRentalsQuerySchema,
          response: { 200: vendorRentalsPageSchema },
        },
      },
      async (request) => overview.rentals(principalOf(request).user.id, request.query),
    );
  };
