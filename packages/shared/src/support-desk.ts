import { disputeSchema } from './disputes';
import { z } from 'zod';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import {
  attachmentIdsSchema,
  FAQ_SEARCH_MAX,
  ticketCategorySchema,
  ticketDetailSchema,
  ticketMessageSchema,
  ticketPrioritySchema,
  ticketStatusSchema,
  ticketSummarySchema,
} from './support';
import { textFieldSchema } from './text';

/** The staff side of the support centre: the desk's queue, ticket view and canned replies. */

/** Where a ticket stands against its service level. */
export const slaSchema = z.object({
  /** first: nobody from staff has answered yet; next: the customer wrote since the last answer. */
  kind: z.enum(['first', 'next']).nullable(),
  /** When the answer is due; null while nothing is owed or the clock is paused. */
  dueAt: z.string().nullable(),
  /** Seconds left (negative when overdue); while paused, what was left when it paused. */
  secondsLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  /** WAITING_CUSTOMER: the clock stands still. */
  paused: z.boolean(),
});
export type Sla = z.infer<typeof slaSchema>;

export const staffPersonSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type StaffPerson = z.infer<typeof staffPersonSchema>;

export const deskTicketSchema = ticketSummarySchema.extend({
  requester: z.object({
    /** null for a guest ticket. */
    id: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
  }),
  assignee: staffPersonSchema.nullable(),
  sla: slaSchema,
});
export type DeskTicket = z.infer<typeof deskTicketSchema>;

export const DESK_SORTS = ['sla', 'updated', 'created'] as const;

export const deskQueueQuerySchema = z.object({
  /** ACTIVE (the default): every status but RESOLVED and CLOSED; ALL: every ticket. */
  status: z.union([ticketStatusSchema, z.literal('ACTIVE'), z.literal('ALL')]).default('ACTIVE'),
  priority: ticketPrioritySchema.optional(),
  category: ticketCategorySchema.optional(),
  /** `me`, `none` (unassigned) or a staff member's id. */
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.uuid()], {
      message: 'assignee must be me, none or a staff id',
    })
    .optional(),
  overdue: z
    .enum(['true', 'false'], { message: 'overdue must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  q: z.string().max(FAQ_SEARCH_MAX).optional(),
  sort: z.enum(DESK_SORTS, { message: 'sort must be sla, updated or created' }).default('sla'),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type DeskQueueQuery = z.input<typeof deskQueueQuerySchema>;
/** The queue query as the API reads it, defaults applied. */
export type DeskQueueFilter = z.output<typeof deskQueueQuerySchema>;
export const deskQueuePageSchema = pageEnvelope(deskTicketSchema);
export type DeskQueuePage = z.infer<typeof deskQueuePageSchema>;

export const customerSummarySchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  memberSince: z.string().nullable(),
  /** Wallet balance, a decimal string; null for a guest. */
  balance: z.string().nullable(),
  activeRentals: z.number().int(),
  rentals: z.array(
    z.object({
      id: z.uuid(),
      serverName: z.string(),
      status: z.string(),
      endsAt: z.string(),
    }),
  ),
  recentTransactions: z.array(
    z.object({
      id: z.uuid(),
      type: z.string(),
      status: z.string(),
      amount: z.string(),
      createdAt: z.string(),
    }),
  ),
  openTickets: z.array(
    z.object({ id: z.uuid(), number: z.number().int(), subject: z.string(), status: z.string() }),
  ),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const deskTicketDetailSchema = ticketDetailSchema.extend({
  requester: deskTicketSchema.shape.requester,
  assignee: staffPersonSchema.nullable(),
  sla: slaSchema,
  customer: customerSummarySchema,
  /** Other agents writing in this ticket in the last 30 seconds (collision warning). */
  othersReplying: z.array(z.object({ name: z.string(), since: z.string() })),
  satisfaction: z
    .object({ score: z.number().int(), comment: z.string().nullable(), ratedAt: z.string() })
    .nullable(),
  /** The rental dispute argued in this ticket (issue 17), or null. */
  dispute: disputeSchema.nullable(),
});
export type DeskTicketDetail = z.infer<typeof deskTicketDetailSchema>;

/** Statuses staff may set by hand (OPEN is only ever a new ticket's). */
export const STAFF_SETTABLE_STATUSES = [
  'IN_PROGRESS',
  'WAITING_CUSTOMER',
  'WAITING_SUPPORT',
  'RESOLVED',
  'CLOSED',
] as const;
export const staffStatusSchema = z.enum(STAFF_SETTABLE_STATUSES, {
  message: `status must be one of ${STAFF_SETTABLE_STATUSES.join(', ')}`,
});

export const deskReplyRequestSchema = z.object({
  message: ticketMessageSchema,
  /** An internal note: never shown to the customer, never changes the status. */
  internal: z.boolean().default(false),
  /** Set with a public reply, e.g. a canned reply that resolves. */
  status: staffStatusSchema.optional(),
  attachmentIds: attachmentIdsSchema,
});
export type DeskReplyRequest = z.input<typeof deskReplyRequestSchema>;

export const deskStatusRequestSchema = z.object({ status: staffStatusSchema });
export const deskBulkStatusRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1, 'Choose at least one ticket').max(100, 'At most 100 at once'),
  status: staffStatusSchema,
});
export const deskAssignRequestSchema = z.object({
  /** null unassigns. */
  assigneeId: z.uuid().nullable(),
});
export const deskPriorityRequestSchema = z.object({ priority: ticketPrioritySchema });

export const cannedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** Markdown with {{customer.name}}, {{rental.server}}, {{rental.endsAt}}, {{ticket.number}}. */
  body: z.string(),
  /** The status a reply with it sets, if any. */
  status: staffStatusSchema.nullable(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyRequestSchema = z.object({
  title: textFieldSchema({ label: 'Title', max: 100 }),
  body: ticketMessageSchema,
  status: staffStatusSchema.nullable().default(null),
});

/** The placeholders a canned reply may hold, replaced by the desk when it is used. */
export const CANNED_PLACEHOLDERS = [
  '{{customer.name}}',
  '{{ticket.number}}',
  '{{rental.server}}',
  '{{rental.endsAt}}',
] as const;

export const deskStatsSchema = z.object({
  open: z.number().int(),
  unassigned: z.number().int(),
  overdue: z.number().int(),
  mine: z.number().int(),
  /** Average satisfaction score of the last 30 days, null without ratings. */
  satisfaction: z.number().nullable(),
  ratings: z.number().int(),
});
export type DeskStats = z.infer<typeof deskStatsSchema>;

// ---------------------------------------------------------------------------------------------
// FAQ editor

export const faqArticleStatsSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  categoryId: z.uuid(),
  published: z.boolean(),
  position: z.number().int(),
  views: z.number().int(),
  helpfulYes: z.number().int(),
  helpfulNo: z.number().int(),
  deflections: z.number().int(),
  updatedAt: z.string(),
});
export type FaqArticleStats = z.infer<typeof faqArticleStatsSchema>;

export const faqEditorCategorySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  articles: z.array(faqArticleStatsSchema),
});
export type FaqEditorCategory = z.infer<typeof faqEditorCategorySchema>;

const slugSchema = z
  .string({ message: 'Slug is required' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug is lower-case words joined by hyphens')
  .max(80, 'Slug must be at most 80 characters');

export const faqArticleRequestSchema = z.object({
  categoryId: z.uuid({ message: 'Category is required' }),
  slug: slugSchema,
  title: textFieldSchema({ label: 'Title', min: 5, max: 150 }),
  body: textFieldSchema({ label: 'Answer', min: 10, max: 20_000, multiline: true }),
  published: z.boolean().default(false),
});
export const faqCategoryRequestSchema = z.object({
  slug: slugSchema,
  name: textFieldSchema({ label: 'Name', max: 60 }),
});
/** The new order: every id of the list, in order. */
export const reorderRequestSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(500),
});
