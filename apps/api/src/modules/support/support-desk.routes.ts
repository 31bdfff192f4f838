import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  cannedReplyRequestSchema,
  cannedReplySchema,
  deskAssignRequestSchema,
  deskBulkStatusRequestSchema,
  deskPriorityRequestSchema,
  deskQueuePageSchema,
  deskQueueQuerySchema,
  deskReplyRequestSchema,
  deskStatsSchema,
  deskStatusRequestSchema,
  deskTicketDetailSchema,
  faqArticleRequestSchema,
  faqArticleStatsSchema,
  faqCategoryRequestSchema,
  faqEditorCategorySchema,
  reorderRequestSchema,
  staffPersonSchema,
} from '@crimsonhost/shared/support-desk';
import { principalOf } from '../auth/auth.guard';
import type { FaqService } from './faq.service';
import type { GuestTicketsService } from './guest-tickets.service';
import type { SupportDeskService } from './support-desk.service';

const tags = ['support desk'];
const idParams = z.object({ id: z.string() });

/**
 * The support desk under /api/admin/support: the caller of the staff area's plugin puts its one
 * role guard (support or admin) in front of every route here.
 */
export const supportDeskRoutes =
  ({
    desk,
    faq,
    guests,
  }: {
    desk: SupportDeskService;
    faq: FaqService;
    guests: GuestTicketsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const staff = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user;

    app.get(
      '/support/tickets',
      {
        schema: {
          tags,
          summary: 'The ticket queue, by default every ticket not ended, soonest due first',
          querystring: deskQueueQuerySchema,
          response: { 200: deskQueuePageSchema },
        },
      },
      async (request) => desk.queue(staff(request), request.query),
    );

    app.get(
      '/support/stats',
      {
        schema: {
          tags,
          summary: 'Counts for the desk overview',
          response: { 200: dataEnvelope(deskStatsSchema) },
        },
      },
      async (request) => ({ data: await desk.stats(staff(request)) }),
    );

    app.get(
      '/support/agents',
      {
        schema: {
          tags,
          summary: 'Support and admin staff a ticket can be assigned to',
          response: { 200: dataEnvelope(z.array(staffPersonSchema)) },
        },
      },
      async () => ({ data: await desk.agents() }),
    );

    app.post(
      '/support/tickets/bulk-status',
      {
        schema: {
          tags,
          summary: 'Set one status on several tickets',
          body: deskBulkStatusRequestSchema,
          response: { 200: dataEnvelope(z.object({ updated: z.number().int() })) },
        },
      },
      async (request) => ({
        data: await desk.bulkStatus(staff(request), request.body.ids, request.body.status),
      }),
    );

    const detail = { 200: dataEnvelope(deskTicketDetailSchema) };

    app.get(
      '/support/tickets/:id',
      {
        schema: {
          tags,
          summary: 'A ticket with notes, SLA and the customer',
          params: idParams,
          response: detail,
        },
      },
      async (request) => ({ data: await desk.get(staff(request), request.params.id) }),
    );

    app.post(
      '/support/tickets/:id/claim',
      { schema: { tags, summary: 'Take the ticket', params: idParams, response: detail } },
      async (request) => ({ data: await desk.claim(staff(request), request.params.id) }),
    );

    app.post(
      '/support/tickets/:id/assign',
      {
        schema: {
          tags,
          summary: 'Assign to a member of staff, or unassign with null',
          params: idParams,
          body: deskAssignRequestSchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await desk.assign(staff(request), request.params.id, request.body.assigneeId),
      }),
    );

    app.post(
      '/support/tickets/:id/status',
      {
        schema: {
          tags,
          summary: 'Set the status',
          params: idParams,
          body: deskStatusRequestSchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await desk.setStatus(staff(request), request.params.id, request.body.status),
      }),
    );

    app.post(
      '/support/tickets/:id/priority',
      {
        schema: {
          tags,
          summary: 'Set the priority (the SLA clock moves by the difference)',
          params: idParams,
          body: deskPriorityRequestSchema,
          response: detail,
        },
      },
      async (request) => ({
        data: await desk.setPriority(staff(request), request.params.id, request.body.priority),
      }),
    );

    app.post(
      '/support/tickets/:id/messages',
      {
        schema: {
          tags,
          summary: 'A public reply (optionally setting a status) or an internal note',
          params: idParams,
          body: deskReplyRequestSchema,
          response: { 201: dataEnvelope(deskTicketDetailSchema) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await desk.write(staff(request), request.params.id, request.body) }),
    );

    app.post(
      '/support/tickets/:id/typing',
      {
        schema: {
          tags,
          summary: 'I am writing in this ticket (other agents see a warning for 30 s)',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await desk.typing(staff(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/support/tickets/:id/guest-links/revoke',
      {
        schema: {
          tags,
          summary:
            "Stop every mailed link of a guest ticket (the guest's next mail brings a new one)",
          params: idParams,
          response: { 200: dataEnvelope(z.object({ revoked: z.number().int() })) },
        },
      },
      async (request) => {
        await desk.get(staff(request), request.params.id);
        return { data: { revoked: await guests.revokeLinks(request.params.id) } };
      },
    );

    app.get(
      '/support/canned-replies',
      {
        schema: {
          tags,
          summary: 'Canned replies',
          response: { 200: dataEnvelope(z.array(cannedReplySchema)) },
        },
      },
      async () => ({ data: await faq.cannedReplies() }),
    );

    app.post(
      '/support/canned-replies',
      {
        schema: {
          tags,
          summary: 'Add a canned reply',
          body: cannedReplyRequestSchema,
          response: { 201: dataEnvelope(cannedReplySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await faq.createCannedReply(request.body) }),
    );

    app.put(
      '/support/canned-replies/:id',
      {
        schema: {
          tags,
          summary: 'Change a canned reply',
          params: idParams,
          body: cannedReplyRequestSchema,
          response: { 200: dataEnvelope(cannedReplySchema) },
        },
      },
      async (request) => ({ data: await faq.updateCannedReply(request.params.id, request.body) }),
    );

    app.delete(
      '/support/canned-replies/:id',
      {
        schema: {
          tags,
          summary: 'Delete a canned reply',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await faq.deleteCannedReply(request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/support/faq',
      {
        schema: {
          tags,
          summary:
            'Every category and article, published or not, with views, votes and deflections',
          response: { 200: dataEnvelope(z.array(faqEditorCategorySchema)) },
        },
      },
      async () => ({ data: await faq.editor() }),
    );

    app.post(
      '/support/faq/categories',
      {
        schema: {
          tags,
          summary: 'Add a category (last in order)',
          body: faqCategoryRequestSchema,
          response: { 201: dataEnvelope(faqEditorCategorySchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await faq.createCategory(request.body) }),
    );

    app.put(
      '/support/faq/categories/:id',
      {
        schema: {
          tags,
          summary: 'Rename a category',
          params: idParams,
          body: faqCategoryRequestSchema,
          response: { 200: dataEnvelope(faqEditorCategorySchema) },
        },
      },
      async (request) => ({ data: await faq.updateCategory(request.params.id, request.body) }),
    );

    app.post(
      '/support/faq/categories/reorder',
      {
        schema: {
          tags,
          summary: 'Put the categories in this order',
          body: reorderRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await faq.reorderCategories(request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/support/faq/categories/:id/articles/reorder',
      {
        schema: {
          tags,
          summary: "Put a category's articles in this order",
          params: idParams,
          body: reorderRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await faq.reorderArticles(request.params.id, request.body.ids);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/support/faq/articles',
      {
        schema: {
          tags,
          summary: 'Write an article',
          body: faqArticleRequestSchema,
          response: { 201: dataEnvelope(faqArticleStatsSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await faq.createArticle(request.body) }),
    );

    app.put(
      '/support/faq/articles/:id',
      {
        schema: {
          tags,
          summary: 'Change an article, publish or unpublish it',
          params: idParams,
          body: faqArticleRequestSchema,
          response: { 200: dataEnvelope(faqArticleStatsSchema) },
        },
      },
      async (request) => ({ data: await faq.updateArticle(request.params.id, request.body) }),
    );
  };
