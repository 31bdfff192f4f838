import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentSchema,
  createTicketRequestSchema,
  faqAnswerSchema,
  faqArticleSchema,
  faqQuerySchema,
  faqSuggestionQuerySchema,
  faqSuggestionsSchema,
  faqVoteRequestSchema,
  rateTicketRequestSchema,
  replyRequestSchema,
  supportSettingsSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketPageSchema,
  uploadQuerySchema,
} from '@crimsonhost/shared/support';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { principalOf, type Guards } from '../auth/auth.guard';
import { fileTooLarge, type AttachmentsService } from './attachments.service';
import type { FaqService } from './faq.service';
import type { SupportService } from './support.service';

const tags = ['support'];
const idParams = z.object({ id: z.string() });

export const SUPPORT_LIMITS = {
  newTicket: {
    name: 'support-ticket:user',
    limit: 10,
    windowSeconds: 3600,
    message:
      'You opened many tickets in the last hour. Please add to an open ticket, or wait a little.',
  },
  reply: {
    name: 'support-reply:user',
    limit: 60,
    windowSeconds: 3600,
    message: 'Too many replies in a short time. Please wait a little before writing again.',
  },
  upload: {
    name: 'support-upload:user',
    limit: 60,
    windowSeconds: 3600,
    message: 'Too many files in a short time. Please wait a little before attaching more.',
  },
  vote: {
    name: 'faq-vote:address',
    limit: 30,
    windowSeconds: 3600,
    message: 'Thanks, we have your feedback. Please wait before voting again.',
  },
  deflection: {
    name: 'faq-deflection:address',
    limit: 30,
    windowSeconds: 3600,
    message: 'Thanks, we have your feedback. Please wait before sending more.',
  },
} satisfies Record<string, RateLimitRule>;

const addressKey = (request: FastifyRequest) =>
  createHash('sha256').update(request.ip).digest('base64url').slice(0, 22);

export const supportRoutes =
  ({
    db,
    support,
    faq,
    attachments,
    guards,
  }: {
    db: Database;
    support: SupportService;
    faq: FaqService;
    attachments: AttachmentsService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** A reader's vote key: the account when signed in, else a digest of the address. */
    const voterOf = async (request: FastifyRequest) => {
      if (request.headers.authorization) {
        try {
          await guards.authenticate(request);
          return `user:${principalOf(request).user.id}`;
        } catch {
          // A stale token reads as a visitor.
        }
      }
      return `address:${addressKey(request)}`;
    };

    app.get(
      '/support/tickets',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'My tickets, most recent activity first',
          querystring: ticketListQuerySchema,
          response: { 200: ticketPageSchema },
        },
      },
      async (request) => support.list(principalOf(request).user, request.query),
    );

    app.post(
      '/support/tickets',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Open a ticket',
          body: createTicketRequestSchema,
          response: { 201: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request, reply) => {
        const { user } = principalOf(request);
        await hitRateLimit(db, SUPPORT_LIMITS.newTicket, user.id);
        return reply.code(201).send({ data: await support.create(user, request.body) });
      },
    );

    app.get(
      '/support/tickets/:id',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'One of my tickets with its conversation (marks it read)',
          params: idParams,
          response: { 200: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request) => ({
        data: await support.get(principalOf(request).user, request.params.id),
      }),
    );

    app.post(
      '/support/tickets/:id/messages',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Reply; a closed ticket reopens within 14 days, later the reply starts a new ticket (answered)',
          params: idParams,
          body: replyRequestSchema,
          response: { 201: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request, reply) => {
        const { user } = principalOf(request);
        await hitRateLimit(db, SUPPORT_LIMITS.reply, user.id);
        const data = await support.reply(
          user,
          request.params.id,
          request.body.message,
          request.body.attachmentIds,
        );
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/support/tickets/:id/close',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Close my ticket',
          params: idParams,
          response: { 200: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request) => ({
        data: await support.close(principalOf(request).user, request.params.id),
      }),
    );

    app.post(
      '/support/tickets/:id/rating',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Rate the answer of a ticket staff resolved (once per resolution)',
          params: idParams,
          body: rateTicketRequestSchema,
          response: { 200: dataEnvelope(ticketDetailSchema) },
        },
      },
      async (request) => ({
        data: await support.rate(principalOf(request).user, request.params.id, request.body),
      }),
    );

    await app.register(async (plugin) => {
      const uploads = plugin.withTypeProvider<ZodTypeProvider>();
      // A file is sent as the raw body; the route's own limit is the largest file.
      uploads.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      uploads.post(
        '/support/attachments',
        {
          onRequest: guards.authenticate,
          bodyLimit: ATTACHMENT_MAX_BYTES,
          schema: {
            tags,
            summary:
              'Upload a file (raw body, application/octet-stream) to attach to the next message',
            querystring: uploadQuerySchema,
            response: { 201: dataEnvelope(attachmentSchema) },
          },
          errorHandler: (error) => {
            if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
              throw fileTooLarge();
            }
            throw error;
          },
        },
        async (request, reply) => {
          const { user } = principalOf(request);
          await hitRateLimit(db, SUPPORT_LIMITS.upload, user.id);
          const body = request.body;
          if (!Buffer.isBuffer(body)) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              415,
              'Send the file as application/octet-stream',
            );
          }
          const data = await attachments.upload(user, request.query.name, new Uint8Array(body));
          return reply.code(201).send({ data });
        },
      );
    });

    app.get(
      '/support/attachments/:id',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Download a file of a ticket I may read (always as a download)',
          params: idParams,
        },
      },
      async (request, reply) => {
        const file = await attachments.read(principalOf(request).user, request.params.id);
        const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cross-origin-resource-policy', 'same-origin')
          .send(Buffer.from(file.data));
      },
    );

    app.get(
      '/support/settings',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'My support mail choices and default category',
          response: { 200: dataEnvelope(supportSettingsSchema) },
        },
      },
      async (request) => ({ data: await support.settings(principalOf(request).user.id) }),
    );

    app.put(
      '/support/settings',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Save my support mail choices and default category',
          body: supportSettingsSchema,
          response: { 200: dataEnvelope(supportSettingsSchema) },
        },
      },
      async (request) => ({
        data: await support.saveSettings(principalOf(request).user.id, request.body),
      }),
    );

    app.get(
      '/support/faq',
      {
        schema: {
          tags,
          summary: 'Published FAQ articles by category; with q, the matches with highlights',
          querystring: faqQuerySchema,
          response: { 200: faqAnswerSchema },
        },
      },
      async (request) => ({ data: await faq.faq(request.query.q) }),
    );

    app.get(
      '/support/faq/suggestions',
      {
        schema: {
          tags,
          summary: 'The FAQ answers closest to a ticket being written',
          querystring: faqSuggestionQuerySchema,
          response: { 200: faqSuggestionsSchema },
        },
      },
      async (request) => ({ data: await faq.suggestions(request.query.q) }),
    );

    app.get(
      '/support/faq/articles/:slug',
      {
        schema: {
          tags,
          summary: 'One published article (counts a view)',
          params: z.object({ slug: z.string().max(80) }),
          response: { 200: dataEnvelope(faqArticleSchema) },
        },
      },
      async (request) => ({ data: await faq.article(request.params.slug) }),
    );

    app.post(
      '/support/faq/articles/:id/votes',
      {
        schema: {
          tags,
          summary: 'Was this helpful? One vote per reader, changeable',
          params: idParams,
          body: faqVoteRequestSchema,
          response: { 200: dataEnvelope(faqArticleSchema) },
        },
      },
      async (request) => {
        await hitRateLimit(db, SUPPORT_LIMITS.vote, addressKey(request));
        const voter = await voterOf(request);
        return { data: await faq.vote(request.params.id, voter, request.body.helpful) };
      },
    );

    app.post(
      '/support/faq/articles/:id/deflections',
      {
        schema: {
          tags,
          summary: '"This answered my question" beside the new-ticket form',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await hitRateLimit(db, SUPPORT_LIMITS.deflection, addressKey(request));
        await faq.deflect(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
