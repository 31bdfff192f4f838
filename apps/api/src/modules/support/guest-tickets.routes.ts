import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  GUEST_TOKEN_HEADER,
  guestLinkRequestSchema,
  guestTicketRequestSchema,
  ticketDetailSchema,
  ticketMessageSchema,
} from '@crimsonhost/shared/support';
import type { Database } from '../../db/client';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import type { GuestTicketsService } from './guest-tickets.service';

const tags = ['support'];
const idParams = z.object({ id: z.string() });
const tokenHeaders = z.object({
  [GUEST_TOKEN_HEADER]: z.string({ message: 'The link of your mail is needed' }).max(200),
});

export const GUEST_LIMITS = {
  ticketPerAddress: {
    name: 'guest-ticket:address',
    limit: 5,
    windowSeconds: 3600,
    message: 'Too many tickets from here in the last hour. Please wait, or sign in.',
  },
  ticketPerEmail: {
    name: 'guest-ticket:email',
    limit: 3,
    windowSeconds: 3600,
    message:
      'Several tickets were opened with this address in the last hour. Please wait for our answer.',
  },
  linksPerAddress: {
    name: 'guest-links:address',
    limit: 10,
    windowSeconds: 3600,
    message: 'Too many link requests from here. Please wait before asking again.',
  },
  linksPerEmail: {
    name: 'guest-links:email',
    limit: 3,
    windowSeconds: 3600,
    message: 'We already sent new links to this address. Please check your inbox and spam folder.',
  },
  replyPerTicket: {
    name: 'guest-reply:ticket',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many replies in a short time. Please wait a little before writing again.',
  },
} satisfies Record<string, RateLimitRule>;

const key = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);
const addressOf = (request: FastifyRequest) => key(request.ip);
const mailbox = (email: string) => key(email.toLowerCase());

/** Guest tickets: open with an e-mail, then read, answer and close through the mailed link. */
export const guestTicketRoutes =
  ({ db, guests }: { db: Database; guests: GuestTicketsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/support/guest-tickets',
      {
        schema: {
          tags,
          summary: 'Open a ticket without an account: the mail that confirms it holds its link',
          body: guestTicketRequestSchema,
          response: { 202: dataEnvelope(z.object({ email: z.string() })) },
        },
      },
      async (request, reply) => {
        await hitRateLimit(db, GUEST_LIMITS.ticketPerAddress, addressOf(request));
        await hitRateLimit(db, GUEST_LIMITS.ticketPerEmail, mailbox(request.body.email));
        await guests.create(request.body);
        return reply.code(202).send({ data: { email: request.body.email } });
      },
    );

    app.post(
      '/support/guest-links',
      {
        schema: {
          tags,
          summary: 'Mail fresh links to the guest tickets of an address (always 202)',
          body: guestLinkRequestSchema,
          response: { 202: dataEnvelope(z.object({ email: z.string() })) },
        },
      },
      async (request, reply) => {
        await hitRateLimit(db, GUEST_LIMITS.linksPerAddress, addressOf(request));
        await hitRateLimit(db, GUEST_LIMITS.linksPerEmail, mailbox(request.body.email));
        await guests.sendLinks(request.body.email);
        return reply.code(202).send({ data: { email: request.body.email } });
      },
    );

    app.get(
      '/support/guest/tickets/:id',
      {
        schema: {
          tags,
          summary: `A guest ticket, opened with its link's token in ${GUEST_TOKEN_HEADER}`,
          params: idParams,
          headers: tokenHeaders,
          response: { 200: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request) => ({
        data: await guests.get(request.params.id, request.headers[GUEST_TOKEN_HEADER]),
      }),
    );

    app.post(
      '/support/guest/tickets/:id/messages',
      {
        schema: {
          tags,
          summary: 'Reply to a guest ticket (files need an account)',
          params: idParams,
          headers: tokenHeaders,
          body: z.object({ message: ticketMessageSchema }),
          response: { 201: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request, reply) => {
        await hitRateLimit(db, GUEST_LIMITS.replyPerTicket, request.params.id);
        const data = await guests.reply(
          request.params.id,
          request.headers[GUEST_TOKEN_HEADER],
          request.body.message,
        );
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/support/guest/tickets/:id/close',
      {
        schema: {
          tags,
          summary: 'Close a guest ticket',
          params: idParams,
          headers: tokenHeaders,
          response: { 200: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request) => ({
        data: await guests.close(request.params.id, request.headers[GUEST_TOKEN_HEADER]),
      }),
    );
  };
