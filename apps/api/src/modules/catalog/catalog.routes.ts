import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  facetQuerySchema,
  gameFacetsResponseSchema,
  regionFacetsResponseSchema,
  serverDetailResponseSchema,
  serverIdParamsSchema,
  serverListQuerySchema,
  serverListResponseSchema,
} from '@crimsonhost/shared/catalog';
import { errorEnvelopeSchema } from '@crimsonhost/shared/errors';
import type { Database } from '../../db/client';
import { CompressedAnswer } from '../../lib/compressed-answer';
import { AnswerCache, queryKey } from './answer-cache';
import type { CatalogReadModel } from './catalog-read-model';
import { getServer, listGameFacets, listRegionFacets, listServers } from './catalog.service';

export const catalogRoutes =
  (
    db: Database,
    { cacheTtlMs, readModel }: { cacheTtlMs: number; readModel: CatalogReadModel | null },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Pages and facets are the same for every visitor: each instance reuses them briefly, each
    // kept as JSON (sent as it is: its shape is the route's response schema, which the service's
    // return type guarantees) with its brotli and gzip copies once a visitor asked for them.
    const pages = new AnswerCache<CompressedAnswer>(cacheTtlMs);
    const games = new AnswerCache<CompressedAnswer>(cacheTtlMs);
    const regions = new AnswerCache<CompressedAnswer>(cacheTtlMs);
    // A server's page likewise, for visitors who are not signed in (most of a storefront's
    // traffic). A signed-in visitor may have just rented or edited the server and reads it fresh.
    const details = new AnswerCache<CompressedAnswer>(cacheTtlMs, 5000);

    app.get(
      '/servers',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Listed game servers, filtered, sorted and paged',
          querystring: serverListQuerySchema,
          response: { 200: serverListResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const answer = await pages.get(
          queryKey(request.query),
          async () =>
            new CompressedAnswer(
              (await readModel?.list(request.query)) ??
                JSON.stringify(await listServers(db, request.query)),
            ),
        );
        return answer.send(request, reply);
      },
    );

    app.get(
      '/servers/:id',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One listed game server with its live status',
          params: serverIdParamsSchema,
          response: { 200: serverDetailResponseSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const detail = async () =>
          new CompressedAnswer(JSON.stringify({ data: await getServer(db, request.params.id) }));
        const answer =
          request.headers.authorization === undefined
            ? await details.get(request.params.id.toLowerCase(), detail)
            : await detail();
        return answer.send(request, reply);
      },
    );

    app.get(
      '/games',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Games, each with its listings under the filters (leaving out the game filter)',
          querystring: facetQuerySchema,
          response: { 200: gameFacetsResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const answer = await games.get(
          queryKey(request.query),
          async () =>
            new CompressedAnswer(
              JSON.stringify({
                data:
                  (await readModel?.gameFacets(request.query)) ??
                  (await listGameFacets(db, request.query)),
              }),
            ),
        );
        return answer.send(request, reply);
      },
    );

    app.get(
      '/regions',
      {
        schema: {
          tags: ['catalog'],
          summary:
            'Regions, each with its listings under the filters (leaving out the region filter)',
          querystring: facetQuerySchema,
          response: { 200: regionFacetsResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const answer = await regions.get(
          queryKey(request.query),
          async () =>
            new CompressedAnswer(
              JSON.stringify({
                data:
                  (await readModel?.regionFacets(request.query)) ??
                  (await listRegionFacets(db, request.query)),
              }),
            ),
        );
        return answer.send(request, reply);
      },
    );
  };
