import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tiersSettingsRequestSchema } from '@crimsonhost/shared/benefits';
import {
  adminSettingsSchema,
  commissionRequestSchema,
  depositSettingsRequestSchema,
  settingsHistoryPageSchema,
  settingsHistoryQuerySchema,
  slaRequestSchema,
} from '@crimsonhost/shared/admin-settings';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AdminSettingsService } from './settings.service';

const tags = ['admin'];
const settingsAnswer = { 200: dataEnvelope(adminSettingsSchema) };

/**
 * Settings under /api/admin/settings (issue 15 point 6), admin only: the deposit config, the
 * rental commission and the SLA targets, each saved whole over the version it was read at.
 */
export const adminSettingsRoutes =
  ({
    guards,
    settings,
  }: {
    guards: Guards;
    settings: AdminSettingsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guards.requireAdmin;

    app.get(
      '/settings',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The deposit config, rental commission and SLA targets, with their versions',
          response: settingsAnswer,
        },
      },
      async () => ({ data: await settings.read() }),
    );

    app.put(
      '/settings/deposits',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Save the deposit config: limits, default network and each network',
          body: depositSettingsRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.saveDeposits(
          principalOf(request),
          requestMetaOf(request),
          request.body,
        ),
      }),
    );

    app.put(
      '/settings/commission',
      {
        onRequest,
        schema: {
          tags,
          summary: "Save the platform's commission on rental releases (basis points)",
          body: commissionRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.saveCommission(
          principalOf(request),
          requestMetaOf(request),
          request.body,
        ),
      }),
    );

    app.put(
      '/settings/sla',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Save the hours to a staff answer per ticket priority',
          body: slaRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.saveSla(principalOf(request), requestMetaOf(request), request.body),
      }),
    );

    app.put(
      '/settings/tiers',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Save the benefits tiers: each tier's threshold (USDT) and discount (basis points)",
          body: tiersSettingsRequestSchema,
          response: settingsAnswer,
        },
      },
      async (request) => ({
        data: await settings.saveTiers(principalOf(request), requestMetaOf(request), request.body),
      }),
    );

    app.get(
      '/settings/history',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Every saved version of the settings: what, who, when, before and after',
          querystring: settingsHistoryQuerySchema,
          response: { 200: settingsHistoryPageSchema },
        },
      },
      async (request) => settings.history(request.query),
    );
  };
