import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  createRentalRequestSchema,
  extendRentalRequestSchema,
  powerRequestSchema,
  rentalListQuerySchema,
  rentalPageSchema,
  rentalSchema,
  type Rental,
} from '@crimsonhost/shared/rentals';
import type { Database, Executor } from '../../db/client';
import { idempotencyKeyOf, runIdempotent } from '../../lib/idempotency';
import { principalOf, type Guards } from '../auth/auth.guard';
import type { RentalsService } from './rentals.service';

const tags = ['rentals'];
const idParams = z.object({ id: z.string() });

export const rentalsRoutes =
  ({
    db,
    rentals,
    guards,
  }: {
    db: Database;
    rentals: RentalsService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Runs a money-moving call once per Idempotency-Key and answers (or replays) its result. */
    const once = async (
      request: FastifyRequest,
      reply: FastifyReply,
      route: string,
      body: unknown,
      status: number,
      work: (tx: Executor, userId: string, key: string) => Promise<Rental>,
    ) => {
      const userId = principalOf(request).user.id;
      const key = idempotencyKeyOf(request);
      const answer = await runIdempotent<{ data: Rental }>(
        db,
        { userId, key, route, request: body },
        async (tx) => ({
          status,
          body: { data: await work(tx, userId, key) },
        }),
      );
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return { ...answer, body: { data: await rentals.withRunState(answer.body.data) } };
    };

    app.post(
      '/rentals',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Rent a server by the hour from the wallet (send an Idempotency-Key)',
          body: createRentalRequestSchema,
          response: { 201: dataEnvelope(rentalSchema) },
        },
      },
      async (request, reply) => {
        const answer = await once(
          request,
          reply,
          'POST /rentals',
          request.body,
          201,
          (tx, userId) =>
            rentals.rent(
              tx,
              userId,
              request.body.serverId,
              request.body.hours,
              request.body.expectedTotal,
            ),
        );
        return reply.code(201).send(answer.body);
      },
    );

    app.get(
      '/rentals',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'My rentals, newest first',
          querystring: rentalListQuerySchema,
          response: { 200: rentalPageSchema },
        },
      },
      async (request) => rentals.list(principalOf(request).user.id, request.query),
    );

    app.get(
      '/rentals/:id',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'One of my rentals',
          params: idParams,
          response: { 200: dataEnvelope(rentalSchema) },
        },
      },
      async (request) => ({
        data: await rentals.get(principalOf(request).user.id, request.params.id),
      }),
    );

    app.post(
      '/rentals/:id/extend',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Pay for more hours; the end moves (send an Idempotency-Key)',
          params: idParams,
          body: extendRentalRequestSchema,
          response: { 200: dataEnvelope(rentalSchema) },
        },
      },
      async (request, reply) =>
        (
          await once(
            request,
            reply,
            `POST /rentals/${request.params.id}/extend`,
            request.body,
            200,
            (tx, userId, key) =>
              rentals.extend(
                tx,
                userId,
                request.params.id,
                request.body.hours,
                key,
                request.body.expectedTotal,
              ),
          )
        ).body,
    );

    app.post(
      '/rentals/:id/cancel',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'End now; unused whole hours are refunded (send an Idempotency-Key)',
          params: idParams,
          response: { 200: dataEnvelope(rentalSchema) },
        },
      },
      async (request, reply) =>
        (
          await once(
            request,
            reply,
            `POST /rentals/${request.params.id}/cancel`,
            {},
            200,
            (tx, userId) => rentals.cancel(tx, userId, request.params.id),
          )
        ).body,
    );

    app.post(
      '/rentals/:id/power',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Start, stop or restart the rented server',
          params: idParams,
          body: powerRequestSchema,
          response: { 200: dataEnvelope(rentalSchema) },
        },
      },
      async (request) => ({
        data: await rentals.power(
          principalOf(request).user.id,
          request.params.id,
          request.body.signal,
        ),
      }),
    );
  };
