import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  declineDisputeRequestSchema,
  disputeResponseSchema,
  openDisputeRequestSchema,
} from '@crimsonhost/shared/disputes';
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
 * Support's decisions on disputes under /api/admin/disputes (support and admin, behind the staff
 * area's guard). Declining is the first; refunds and compensation follow (issue 17 point 5).
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
  };
