import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorListingParamsSchema } from '@crimsonhost/shared/vendor-listings';
import {
  demoPanelLinkResponseSchema,
  panelErrorsQuerySchema,
  panelErrorsResponseSchema,
  panelLinkInputSchema,
  panelLinkResponseSchema,
  panelTestResponseSchema,
} from '@crimsonhost/shared/vendor-panels';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { VendorPanelsService } from './vendor-panels.service';

const tags = ['vendor'];

/**
 * The panel link of a vendor's listing under /api/vendor/listings/:id/panel, and the panel errors
 * of the vendor's listings under /api/vendor/panel-errors (issue 16 point 5, decision 040).
 */
export const vendorPanelRoutes =
  ({ guards, panels }: { guards: Guards; panels: VendorPanelsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const vendorOnly = guards.requireRole('vendor');
    const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user.id;

    app.get(
      '/vendor/listings/:id/panel',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary:
            'A listing’s panel link (never its key: only the last 4 characters); null if none',
          params: vendorListingParamsSchema,
          response: { 200: panelLinkResponseSchema },
        },
      },
      async (request) => ({ data: await panels.get(me(request), request.params.id) }),
    );

    app.get(
      '/vendor/listings/:id/panel/demo',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary:
            'The demo panel’s link for a listing of one of the demo’s spare game servers; null otherwise',
          params: vendorListingParamsSchema,
          response: { 200: demoPanelLinkResponseSchema },
        },
      },
      async (request) => ({ data: await panels.demoLink(me(request), request.params.id) }),
    );

    app.put(
      '/vendor/listings/:id/panel',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary:
            'Link a listing to its Pterodactyl panel: https, a public address, the key stored encrypted',
          params: vendorListingParamsSchema,
          body: panelLinkInputSchema,
          response: { 200: panelLinkResponseSchema },
        },
      },
      async (request) => ({
        data: await panels.save(me(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/vendor/listings/:id/panel',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Unlink a listing from its panel: renters can no longer start or stop it here',
          params: vendorListingParamsSchema,
        },
      },
      async (request, reply) => {
        await panels.remove(me(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/vendor/listings/:id/panel/test',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Read the server’s resources through the panel and say what it answered',
          params: vendorListingParamsSchema,
          response: { 200: panelTestResponseSchema },
        },
      },
      async (request) => ({ data: await panels.test(me(request), request.params.id) }),
    );

    app.get(
      '/vendor/panel-errors',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Panel errors met while renters used my listings, newest first',
          querystring: panelErrorsQuerySchema,
          response: { 200: panelErrorsResponseSchema },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { items, total } = await panels.errors(me(request), request.query);
        return { data: items, meta: { page, pageSize, total } };
      },
    );
  };
