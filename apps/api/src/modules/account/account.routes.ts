import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  unlinkDiscordRequestSchema,
  unlinkDiscordResponseSchema,
} from '@crimsonhost/shared/account';
import {
  notificationSettingsPatchSchema,
  notificationSettingsResponseSchema,
} from '@crimsonhost/shared/notifications';
import type { Database } from '../../db/client';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AccountService } from './account.service';
import { readNotificationSettings, updateNotificationSettings } from './notifications';

const tags = ['account'];

/** My data and my account under /api/account (any signed-in account, only its own). */
export const accountRoutes =
  ({
    db,
    guards,
    account,
  }: {
    db: Database;
    guards: Guards;
    account: AccountService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/account/notifications',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'The mails I chose to receive (security, standing, money and disputes always go)',
          response: { 200: notificationSettingsResponseSchema },
        },
      },
      async (request) => ({
        data: await readNotificationSettings(db, principalOf(request).user.id),
      }),
    );
    app.patch(
      '/account/notifications',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Turn optional mails on or off: only the keys given change',
          body: notificationSettingsPatchSchema,
          response: { 200: notificationSettingsResponseSchema },
        },
      },
      async (request) => ({
        data: await updateNotificationSettings(db, principalOf(request).user.id, request.body),
      }),
    );
    app.get(
      '/account/export',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Download my data as JSON: profile, sign-ins, transactions, rentals, tickets and messages',
        },
      },
      async (request, reply) => {
        const data = await account.export(principalOf(request).user);
        const day = data.exportedAt.slice(0, 10);
        return reply
          .header('content-disposition', `attachment; filename="crimsonhost-data-${day}.json"`)
          .header('cache-control', 'no-store')
          .type('application/json')
          .send(JSON.stringify(data, null, 2));
      },
    );
    app.post(
      '/account/delete',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Delete my account: refused with the reasons while money or a rental is open; else anonymised and signed out everywhere',
          body: deleteAccountRequestSchema,
          response: { 200: deleteAccountResponseSchema },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const meta = requestMetaOf(request);
        await account.delete(principal.user, request.body, {
          user: principal.user,
          clientKind: principal.clientKind,
          ip: meta.ip,
        });
        return { data: { deleted: true as const } };
      },
    );
    app.post(
      '/account/discord/unlink',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Unlink Discord from my account (needs a password on the account, given again)',
          body: unlinkDiscordRequestSchema,
          response: { 200: unlinkDiscordResponseSchema },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        await account.unlinkDiscord(principal.user, request.body, {
          user: principal.user,
          clientKind: principal.clientKind,
          ip: requestMetaOf(request).ip,
        });
        return { data: { discordLinked: false as const } };
      },
    );
  };
