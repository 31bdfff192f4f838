import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  appealRequestSchema,
  appealViewResponseSchema,
  decideAppealRequestSchema,
  decideFlagRequestSchema,
  flagQueueQuerySchema,
  flagQueueResponseSchema,
  flagResponseSchema,
  flagSummarySchema,
  raiseFlagRequestSchema,
  reportRenterRequestSchema,
  staffAppealsResponseSchema,
} from '@crimsonhost/shared/moderation';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { AppealsService } from './appeals.service';
import type { ModerationService } from './moderation.service';

const tags = ['moderation'];
const idParams = z.object({ id: z.string() });

/**
 * The moderation queue under /api/admin/moderation (support and admin, behind the staff area's
 * guard): the flags, one in context with the person's history, claim, decide, and raising one.
 */
export const moderationRoutes =
  ({
    moderation,
    appeals,
  }: {
    moderation: ModerationService;
    appeals: AppealsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/moderation/appeals',
      {
        schema: {
          tags,
          summary: 'Appeals of penalties: those waiting for an answer oldest first, then answered',
          response: { 200: staffAppealsResponseSchema },
        },
      },
      async () => ({ data: await appeals.list() }),
    );
    app.post(
      '/moderation/appeals/:id/decide',
      {
        schema: {
          tags,
          summary: 'Uphold an appealed penalty, or overturn it (a suspension or ban is lifted)',
          params: idParams,
          body: decideAppealRequestSchema,
          response: { 200: staffAppealsResponseSchema },
        },
      },
      async (request) => ({
        data: await appeals.decide(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.get(
      '/moderation/flags',
      {
        schema: {
          tags,
          summary:
            'The moderation queue: open flags (pending and reviewing) newest first, or a view',
          querystring: flagQueueQuerySchema,
          response: { 200: flagQueueResponseSchema },
        },
      },
      async (request) => {
        const { items, total } = await moderation.queue(request.query);
        return {
          data: items,
          meta: { page: request.query.page, pageSize: request.query.pageSize, total },
        };
      },
    );
    app.get(
      '/moderation/flags/:id',
      {
        schema: {
          tags,
          summary: "A flag with its message in context and the person's flags and penalties",
          params: idParams,
          response: { 200: flagResponseSchema },
        },
      },
      async (request) => ({ data: await moderation.get(request.params.id) }),
    );
    app.post(
      '/moderation/flags/:id/claim',
      {
        schema: {
          tags,
          summary: 'Take a pending flag for review (pending → reviewing)',
          params: idParams,
          response: { 200: flagResponseSchema },
        },
      },
      async (request) => ({
        data: await moderation.claim(principalOf(request), request.params.id),
      }),
    );
    app.post(
      '/moderation/flags/:id/decide',
      {
        schema: {
          tags,
          summary:
            'Resolve a flag, with a penalty (escalated for a repeat offence within 90 days) or none, or dismiss it',
          params: idParams,
          body: decideFlagRequestSchema,
          response: { 200: flagResponseSchema },
        },
      },
      async (request) => ({
        data: await moderation.decide(
          principalOf(request),
          requestMetaOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.post(
      '/moderation/flags',
      {
        schema: {
          tags,
          summary: 'Flag an account: support_user for support, admin_action for an admin',
          body: raiseFlagRequestSchema,
          response: { 201: dataEnvelope(flagSummarySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await moderation.raise(principalOf(request), request.body) }),
    );
  };

/** A vendor reports the renter of one of their rentals (vendor role); another's rental is 404. */
export const vendorReportRoutes =
  ({
    guards,
    moderation,
  }: {
    guards: Guards;
    moderation: ModerationService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/vendor/rentals/:id/report',
      {
        onRequest: guards.requireRole('vendor'),
        schema: {
          tags,
          summary: 'Report the renter of my rental to the moderators',
          params: idParams,
          body: reportRenterRequestSchema,
          response: { 201: dataEnvelope(flagSummarySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          data: await moderation.reportRenter(
            principalOf(request).user.id,
            request.params.id,
            request.body,
          ),
        }),
    );
  };

/**
 * A penalised person's appeal under /api/appeals/:token, from the link in the mail that told
 * them (no sign-in: a suspended account cannot sign in). An unknown link is not found.
 */
export const appealRoutes =
  ({ appeals }: { appeals: AppealsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tokenParams = z.object({ token: z.string() });
    app.get(
      '/appeals/:token',
      {
        schema: {
          tags,
          summary: 'The penalty a mailed appeal link is for, and the appeal once made',
          params: tokenParams,
          response: { 200: appealViewResponseSchema },
        },
      },
      async (request) => ({ data: await appeals.view(request.params.token) }),
    );
    app.post(
      '/appeals/:token',
      {
        schema: {
          tags,
          summary: `Appeal the penalty once, within its appeal window`,
          params: tokenParams,
          body: appealRequestSchema,
          response: { 201: appealViewResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await appeals.appeal(request.params.token, request.body) }),
    );
  };
