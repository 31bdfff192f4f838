import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@crimsonhost/shared/health';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import type { DatabaseHandle } from '../../db/client';
import type { CatalogReadModel } from '../catalog/catalog-read-model';
import { readHealth } from './health.service';

export const healthRoutes =
  (
    database: DatabaseHandle,
    version: string,
    catalog: CatalogReadModel | null,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether the API and its database are up, and the migration level',
          response: { 200: dataEnvelope(healthSchema), 503: dataEnvelope(healthSchema) },
        },
      },
      async (_request, reply) => {
        const health = await readHealth(database, version, catalog?.state());
        return reply.code(health.status === 'ok' ? 200 : 503).send({ data: health });
      },
    );
  };
