import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOverviewSchema } from '@crimsonhost/shared/admin-overview';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import type { Guards } from '../auth/auth.guard';
import type { AdminOverviewService } from './overview.service';

/**
 * The Overview under /api/admin (issue 15 point 2), admin only. The staff area's plugin puts its
 * guard (a staff sign-in) in front; the ticket figures support sees too are the desk's stats.
 */
export const adminOverviewRoutes =
  ({
    guards,
    overview,
  }: {
    guards: Guards;
    overview: AdminOverviewService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/overview',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['admin'],
          summary:
            'Sign-ups, deposits, rental revenue and commission today and over 30 days, the deposit watchers, jobs and mail backlog',
          response: { 200: dataEnvelope(adminOverviewSchema) },
        },
      },
      async () => ({ data: await overview.overview() }),
    );
  };
