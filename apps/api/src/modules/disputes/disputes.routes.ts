import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decideDisputeRequestSchema,
  declineDisputeRequestSchema,
  disputeResponseSchema,
  openDisputeRequestSchema,
} from '@crimsonhost/shared/disputes';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  vendorDisputeAnswerSchema,
  vendorDisputeSchema,
  vendorDisputesQuerySchema,
  vendorDisputesResponseSchema,
} from '@crimsonhost/shared/vendor-disputes';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { DisputesService } from './disputes.service';

const tags = ['disputes'];
const idParams = z.object({ id: z.string() });

/** A renter's dispute of their rental, under /api/rentals/:id/dispute (issue 17 point 1). */
export const disputeRoutes =
  ({ guards, disputes }: { guards: Guards; disputes: DisputesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/rentals/:id/dispute',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Dispute my rental while it runs or up to 7 days after it ends: a HIGH ticket, its money held',
          params: idParams,
          body: openDisputeRequestSchema,
          response: { 201: disputeResponseSchema },
        },
      },
      async (request, reply) => {
        const dispute = await disputes.open(
          principalOf(request).user,
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data: dispute });
      },
    );
  };

/**
 * The vendor's side of the disputes of their rentals under /api/vendor/disputes (vendor role):
 * the list, one with its ticket's conversation, and the vendor's answer in it. Another vendor's
 * dispute is not found.
 */
export const vendorDisputeRoutes =
  ({ guards, disputes }: { guards: Guards; disputes: DisputesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guards.requireRole('vendor');
    app.get(
      '/vendor/disputes',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Disputes of my rentals: the open ones first, soonest answer due first',
          querystring: vendorDisputesQuerySchema,
          response: { 200: vendorDisputesResponseSchema },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { items, total } = await disputes.vendorList(
          principalOf(request).user,
          request.query,
        );
        return { data: items, meta: { page, pageSize, total } };
      },
    );
    app.get(
      '/vendor/disputes/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: "A dispute of my rental with its ticket's conversation",
          params: idParams,
          response: { 200: dataEnvelope(vendorDisputeSchema) },
        },
      },
      async (request) => ({
        data: await disputes.vendorGet(principalOf(request).user, request.params.id),
      }),
    );
    app.post(
      '/vendor/disputes/:id/messages',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Answer in a dispute of my rental: the renter is told, support reads it',
          params: idParams,
          body: vendorDisputeAnswerSchema,
          response: { 201: dataEnvelope(vendorDisputeSchema) },
        },
      },
      async (request, reply) => {
        const dispute = await disputes.vendorAnswer(
          principalOf(request).user,
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data: dispute });
      },
    );
  };

/**
 * Support's decisions on disputes under /api/admin/disputes (support and admin, behind the staff
 * area's guard): decline, or decide for the renter with refunded hours and compensation
 * (issue 17 point 5).
 */
export const deskDisputeRoutes =
  ({ disputes }: { disputes: DisputesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/disputes/:id/decline',
      {
        schema: {
          tags,
          summary:
            'Decline a dispute with a reason for both sides: the ticket is resolved, the held payment goes on to the vendor',
          params: idParams,
          body: declineDisputeRequestSchema,
          response: { 200: disputeResponseSchema },
        },
      },
      async (request) => ({
        data: await disputes.decline(principalOf(request).user, request.params.id, request.body),
      }),
    );
    app.post(
      '/disputes/:id/decide',
      {
        schema: {
          tags,
          summary:
            'Decide a dispute for the renter: refund whole hours from the held payment and/or give compensation in platform credit',
          params: idParams,
          body: decideDisputeRequestSchema,
          response: { 200: disputeResponseSchema },
        },
      },
      async (request) => ({
        data: await disputes.decide(principalOf(request).user, request.params.id, request.body),
      }),
    );
  };
