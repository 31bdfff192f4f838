import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  rentalMessageResponseSchema,
  rentalThreadQuerySchema,
  rentalThreadResponseSchema,
  sendRentalMessageSchema,
  type ThreadSide,
} from '@crimsonhost/shared/rental-messages';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { RentalMessagesService } from './rental-messages.service';

const tags = ['rental messages'];
const idParams = z.object({ id: z.string() });

/**
 * One side's routes of a rental's thread: the renter under /api/rentals/:id/messages (any
 * signed-in user, their own rentals), the vendor under /api/vendor/rentals/:id/messages (vendor
 * role, rentals of their listings). Another person's rental is not found.
 */
function sideRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  {
    prefix,
    side,
    onRequest,
    messages,
  }: {
    prefix: string;
    side: ThreadSide;
    onRequest: Guards['authenticate'];
    messages: RentalMessagesService;
  },
) {
  const other = side === 'renter' ? 'the vendor' : 'the renter';
  app.get(
    `${prefix}/:id/messages`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Read my thread with ${other} about a rental; the latest page marks it read`,
        params: idParams,
        querystring: rentalThreadQuerySchema,
        response: { 200: rentalThreadResponseSchema },
      },
    },
    async (request) => ({
      data: await messages.read(principalOf(request).user, request.params.id, side, request.query),
    }),
  );
  app.post(
    `${prefix}/:id/messages`,
    {
      onRequest,
      schema: {
        tags,
        summary: `Write to ${other} about a rental: held (422 MESSAGE_HELD) if it seems to share contact details`,
        params: idParams,
        body: sendRentalMessageSchema,
        response: { 201: rentalMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await messages.send(
        principalOf(request).user,
        request.params.id,
        side,
        request.body,
      );
      return reply.code(201).send({ data: message });
    },
  );
}

export const rentalMessageRoutes =
  ({
    guards,
    messages,
  }: {
    guards: Guards;
    messages: RentalMessagesService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    sideRoutes(app, {
      prefix: '/rentals',
      side: 'renter',
      onRequest: guards.authenticate,
      messages,
    });
    sideRoutes(app, {
      prefix: '/vendor/rentals',
      side: 'vendor',
      onRequest: guards.requireRole('vendor'),
      messages,
    });
  };

/** Support reads a rental's thread under /api/admin (behind the staff area's guard). */
export const deskRentalMessageRoutes =
  ({ messages }: { messages: RentalMessagesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rentals/:id/messages',
      {
        schema: {
          tags,
          summary:
            "Read the renter's and the vendor's thread of a rental that has a ticket or a moderation flag",
          params: idParams,
          querystring: rentalThreadQuerySchema,
          response: { 200: rentalThreadResponseSchema },
        },
      },
      async (request) => ({
        data: await messages.readAsStaff(request.params.id, request.query),
      }),
    );
  };
