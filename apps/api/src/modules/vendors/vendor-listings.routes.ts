import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LISTING_IMAGE_MAX_BYTES,
  vendorListingInputSchema,
  vendorListingParamsSchema,
  vendorListingResponseSchema,
  vendorListingsResponseSchema,
} from '@crimsonhost/shared/vendor-listings';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { principalOf, type Guards } from '../auth/auth.guard';
import * as repo from './vendor-listings.repository';
import type { VendorListingsService } from './vendor-listings.service';
import { isUuid } from './vendors.repository';

const tags = ['vendor'];

const imageParams = z.object({
  id: z.string(),
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});

const imageTooLarge = () =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `The image is larger than ${LISTING_IMAGE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`,
  );

/**
 * The vendor's listings under /api/vendor/listings (issue 16 point 4, decision 038), for the
 * vendor role only; and the listing images, served to anyone from /api/listing-images.
 */
export const vendorListingRoutes =
  ({
    db,
    guards,
    listings,
  }: {
    db: Executor;
    guards: Guards;
    listings: VendorListingsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const vendorOnly = guards.requireRole('vendor');
    const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user.id;

    app.get(
      '/vendor/listings',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'My listings, newest first, each with its state and live status',
          response: { 200: vendorListingsResponseSchema },
        },
      },
      async (request) => ({ data: await listings.list(me(request)) }),
    );

    app.post(
      '/vendor/listings',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Create a listing: out of the catalog until its game server answers',
          body: vendorListingInputSchema,
          response: { 201: vendorListingResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await listings.create(me(request), request.body) }),
    );

    app.get(
      '/vendor/listings/:id',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'One of my listings, with its price and game changes',
          params: vendorListingParamsSchema,
          response: { 200: vendorListingResponseSchema },
        },
      },
      async (request) => ({ data: await listings.get(me(request), request.params.id) }),
    );

    app.put(
      '/vendor/listings/:id',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary:
            'Edit a listing; a new game or address takes it out of the catalog until it answers',
          params: vendorListingParamsSchema,
          body: vendorListingInputSchema,
          response: { 200: vendorListingResponseSchema },
        },
      },
      async (request) => ({
        data: await listings.update(me(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/vendor/listings/:id/pause',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Pause a listing: shown in maintenance, not rentable (refused while rented)',
          params: vendorListingParamsSchema,
          response: { 200: vendorListingResponseSchema },
        },
      },
      async (request) => ({ data: await listings.pause(me(request), request.params.id) }),
    );

    app.post(
      '/vendor/listings/:id/resume',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Resume a paused listing: rentable again once its game server answers',
          params: vendorListingParamsSchema,
          response: { 200: vendorListingResponseSchema },
        },
      },
      async (request) => ({ data: await listings.resume(me(request), request.params.id) }),
    );

    app.delete(
      '/vendor/listings/:id',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Delete a listing (refused while rented)',
          params: vendorListingParamsSchema,
        },
      },
      async (request, reply) => {
        await listings.remove(me(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.delete(
      '/vendor/listings/:id/image',
      {
        onRequest: vendorOnly,
        schema: {
          tags,
          summary: 'Remove a listing’s image',
          params: vendorListingParamsSchema,
          response: { 200: vendorListingResponseSchema },
        },
      },
      async (request) => ({ data: await listings.removeImage(me(request), request.params.id) }),
    );

    await app.register(async (plugin) => {
      const uploads = plugin.withTypeProvider<ZodTypeProvider>();
      // The image is the raw body, checked by its bytes; the route's limit is the largest image.
      uploads.addContentTypeParser(
        ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp'],
        { parseAs: 'buffer', bodyLimit: LISTING_IMAGE_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      uploads.put(
        '/vendor/listings/:id/image',
        {
          onRequest: vendorOnly,
          bodyLimit: LISTING_IMAGE_MAX_BYTES,
          schema: {
            tags,
            summary: 'Set a listing’s image (raw body: a PNG, JPEG or WebP file)',
            params: vendorListingParamsSchema,
            response: { 200: vendorListingResponseSchema },
          },
          errorHandler: (error) => {
            if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
              throw imageTooLarge();
            }
            throw error;
          },
        },
        async (request) => {
          const body = request.body;
          if (!Buffer.isBuffer(body)) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              415,
              'Send the image as the request body (application/octet-stream)',
            );
          }
          return {
            data: await listings.setImage(me(request), request.params.id, new Uint8Array(body)),
          };
        },
      );
    });

    app.get(
      '/listing-images/:id/:version',
      {
        schema: {
          tags: ['catalog'],
          summary:
            'A listing’s image (WebP); a new image is a new version, so it is cached for good',
          params: imageParams,
        },
      },
      async (request, reply) => {
        const { id, version } = request.params;
        const image = isUuid(id) ? await repo.findImage(db, id, version) : null;
        if (!image) throw new AppError('NOT_FOUND', 404, 'No such image');
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(Buffer.from(image.data));
      },
    );
  };
