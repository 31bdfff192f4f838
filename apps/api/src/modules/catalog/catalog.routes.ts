import type { FastifyReply } from 'fastify';
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
import { AnswerCache, queryKey } from './answer-cache';
import type { CatalogReadModel } from './catalog-read-model';
import { getServer, listGameFacets, listRegionFacets, listServers } from './catalog.service';

/**
 * Sends an answer that is already JSON. Fastify sends a string with a JSON content type as it is,
 * so a cached answer skips serialising again; its shape is the route's response schema, which
 * the service's return type guarantees.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const catalogRoutes =
  (
    db: Database,
    { cacheTtlMs, readModel }: { cacheTtlMs: number; readModel: CatalogReadModel | null },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Pages and facets are the same for every visitor: each instance reuses them briefly.
    const pages = new AnswerCache<string>(cacheTtlMs);
    const games = new AnswerCache<string>(cacheTtlMs);
    const regions = new AnswerCache<string>(cacheTtlMs);
    // A server's page likewise, for visitors who are not signed in (most of a storefront's
    // traffic). A signed-in visitor may have just rented or edited the server and reads it fresh.
    const details = new AnswerCache<string>(cacheTtlMs, 5000);

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
        const json = await pages.get(
          queryKey(request.query),
          async () =>
            (await readModel?.list(request.query)) ??
            JSON.stringify(await listServers(db, request.query)),
        );
        return sendJson(reply, json);
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
        const detail = async () => JSON.stringify({ data: await getServer(db, request.params.id) });
        const json =
          request.headers.authorization === undefined
            ? await details.get(request.params.id.toLowerCase(), detail)
            : await detail();
        return sendJson(reply, json);
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
        const json = await games.get(queryKey(request.query), async () =>
          JSON.stringify({
            data:
              (await readModel?.gameFacets(request.query)) ??
              (await listGameFacets(db, request.query)),
          }),
        );
        return sendJson(reply, json);
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
        const json = await regions.get(queryKey(request.query), async () =>
          JSON.stringify({
            data:
              (await readModel?.regionFacets(request.query)) ??
              (await listRegionFacets(db, request.query)),
          }),
        );
        return sendJson(reply, json);
      },
    );
  };
