import { z } from 'zod';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { RENTAL_STATUSES, RUN_STATES } from './rentals';
import { emailSchema } from './auth';
import { textFieldSchema } from './text';

/** The support centre's enumerations (spec section 3). */
export const TICKET_STATUSES = [
  'OPEN',
  'IN_PROGRESS',
  'WAITING_CUSTOMER',
  'WAITING_SUPPORT',
  'RESOLVED',
  'CLOSED',
] as const;
export const TICKET_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export const TICKET_CATEGORIES = ['TECHNICAL', 'BILLING', 'ACCOUNT', 'RENTAL', 'GENERAL'] as const;

export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  WAITING_CUSTOMER: 'Waiting for you',
  WAITING_SUPPORT: 'Waiting for support',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  LOW: 'Low',
  NORMAL: 'Normal',
  HIGH: 'High',
  URGENT: 'Urgent',
};
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  TECHNICAL: 'Technical',
  BILLING: 'Billing',
  ACCOUNT: 'Account',
  RENTAL: 'Rental',
  GENERAL: 'General',
};

/** Hours to the first and to each next staff answer, by priority (configurable on the server). */
export const DEFAULT_SLA_HOURS: Record<TicketPriority, number> = {
  URGENT: 1,
  HIGH: 4,
  NORMAL: 18,
  LOW: 48,
};
/** A RESOLVED ticket closes itself this long after it was resolved... */
export const TICKET_AUTO_CLOSE_DAYS = 7;
/** ...with a reminder mail this long before. */
export const TICKET_CLOSE_REMINDER_DAYS_BEFORE = 2;
/** A customer reply this soon after closing reopens the ticket; later it starts a new one. */
export const TICKET_REOPEN_WINDOW_DAYS = 14;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MAX = 10_000;
/** FAQ answers shown beside the new-ticket form. */
export const FAQ_SUGGESTION_COUNT = 3;
export const FAQ_SEARCH_MAX = 200;

export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  message: `status must be one of ${TICKET_STATUSES.join(', ')}`,
});
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  message: `Priority must be one of ${TICKET_PRIORITIES.join(', ')}`,
});
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES, {
  message: `Category must be one of ${TICKET_CATEGORIES.join(', ')}`,
});

export const ticketSubjectSchema = textFieldSchema({
  label: 'Subject',
  min: 5,
  max: TICKET_SUBJECT_MAX,
});
export const ticketMessageSchema = textFieldSchema({
  label: 'Message',
  min: 10,
  max: TICKET_MESSAGE_MAX,
  multiline: true,
});

/** Files on one message, and the size of each (10 MB). */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by the bytes, not by this list. */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.pdf,.txt,.log,.zip';

/** An uploaded file, as a message lists it. */
export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Decided from the file's content. */
  contentType: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The uploads a new message carries (each uploaded first with POST /api/support/attachments). */
export const attachmentIdsSchema = z
  .array(z.uuid({ message: 'attachmentIds must be uploaded files' }))
  .max(ATTACHMENT_MAX_FILES, `Attach at most ${ATTACHMENT_MAX_FILES} files to one message`)
  .default([]);

/** The file name of an upload, as `?name=` carries it. */
export const uploadQuerySchema = z.object({
  name: textFieldSchema({ label: 'File name', max: 200 }),
});

/** Who wrote a message, as the customer may see it: staff show their display name. */
/** Who wrote a message; `vendor` only in a dispute's ticket, the rental's vendor answering. */
export const MESSAGE_AUTHOR_ROLES = ['customer', 'support', 'admin', 'system', 'vendor'] as const;
export type MessageAuthorRole = (typeof MESSAGE_AUTHOR_ROLES)[number];

/** One line of a ticket's conversation: a public reply, a staff note, or a status change. */
export const ticketMessageViewSchema = z.object({
  id: z.uuid(),
  /** `note` is internal and only ever answered to staff. */
  kind: z.enum(['reply', 'note', 'event']),
  author: z.object({ name: z.string(), role: z.enum(MESSAGE_AUTHOR_ROLES) }),
  /** Markdown of a reply or note; a sentence for an event. */
  body: z.string(),
  attachments: z.array(attachmentSchema),
  /** For an event: the change it records. */
  event: z.object({ from: ticketStatusSchema.nullable(), to: ticketStatusSchema }).nullable(),
  createdAt: z.string(),
});
export type TicketMessageView = z.infer<typeof ticketMessageViewSchema>;

/** What a ticket is about, chosen from the customer's own records. */
export const ticketLinkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rental'),
    id: z.uuid(),
    serverName: z.string(),
    game: z.string(),
    status: z.enum(RENTAL_STATUSES),
    endsAt: z.string(),
    /** The server's run state while the rental is ACTIVE and has a panel. */
    runState: z.enum(RUN_STATES).nullable(),
  }),
  z.object({
    kind: z.literal('transaction'),
    id: z.uuid(),
    type: z.string(),
    status: z.string(),
    amount: z.string(),
    currency: z.string(),
    description: z.string(),
    createdAt: z.string(),
  }),
]);
export type TicketLink = z.infer<typeof ticketLinkSchema>;

export const ticketSummarySchema = z.object({
  id: z.uuid(),
  /** The ticket's number as people say it: #1042. */
  number: z.number().int(),
  subject: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  category: ticketCategorySchema,
  createdAt: z.string(),
  lastActivityAt: z.string(),
  /** Something from support the customer has not opened yet. */
  unread: z.boolean(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketDetailSchema = ticketSummarySchema.extend({
  messages: z.array(ticketMessageViewSchema),
  link: ticketLinkSchema.nullable(),
  /** The closed ticket this one follows on from, when a late reply started it. */
  followsTicket: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** A reply now reopens the ticket (it is CLOSED but within the reopen window)... */
  replyReopens: z.boolean(),
  /** ...or starts a new ticket (CLOSED for longer). */
  replyStartsNew: z.boolean(),
  /** Staff resolved it and the customer has not rated this resolution yet. */
  canRate: z.boolean(),
  rating: z
    .object({ score: z.number().int().min(1).max(5), comment: z.string().nullable() })
    .nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const ticketListQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  /** Words of the subject. */
  q: z.string().max(FAQ_SEARCH_MAX, `q must be at most ${FAQ_SEARCH_MAX} characters`).optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;

export const ticketPageSchema = pageEnvelope(ticketSummarySchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

export const createTicketRequestSchema = z.object({
  subject: ticketSubjectSchema,
  category: ticketCategorySchema,
  priority: ticketPrioritySchema.default('NORMAL'),
  message: ticketMessageSchema,
  /** One of my rentals (chosen from a list). URGENT needs an ACTIVE one. */
  rentalId: z.uuid({ message: 'rentalId must be one of your rentals' }).optional(),
  /** One of my wallet transactions (chosen from a list). */
  transactionId: z.uuid({ message: 'transactionId must be one of your transactions' }).optional(),
  attachmentIds: attachmentIdsSchema,
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const replyRequestSchema = z.object({
  message: ticketMessageSchema,
  attachmentIds: attachmentIdsSchema,
});
export type ReplyRequest = z.input<typeof replyRequestSchema>;

export const rateTicketRequestSchema = z.object({
  score: z
    .number({ message: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: textFieldSchema({ label: 'Comment', max: 2000, multiline: true }).optional(),
});
export type RateTicketRequest = z.input<typeof rateTicketRequestSchema>;

/** A reply to a ticket closed long ago answers the new ticket it started. */
export const replyAnswerSchema = z.object({
  data: ticketDetailSchema,
});

// ---------------------------------------------------------------------------------------------
// Guest tickets: a visitor writes with an e-mail and reads the ticket through a mailed link

/** A guest link works this long; each mail about the ticket carries a fresh one. */
export const GUEST_LINK_TTL_DAYS = 30;

export const guestTicketRequestSchema = z.object({
  email: emailSchema,
  subject: ticketSubjectSchema,
  category: ticketCategorySchema,
  message: ticketMessageSchema,
});
export type GuestTicketRequest = z.input<typeof guestTicketRequestSchema>;

/** Asking for fresh links to every guest ticket of an address (the old link expired or was lost). */
export const guestLinkRequestSchema = z.object({ email: emailSchema });

/** The token of a guest link, sent in the X-Guest-Token header (never in a URL the API logs). */
export const GUEST_TOKEN_HEADER = 'x-guest-token';

// ---------------------------------------------------------------------------------------------
// FAQ

export const faqArticleSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  /** Markdown, written by staff. */
  body: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  updatedAt: z.string(),
  helpfulYes: z.number().int(),
  helpfulNo: z.number().int(),
});
export type FaqArticle = z.infer<typeof faqArticleSchema>;

export const faqCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  articles: z.array(faqArticleSchema),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

/** A piece of a search snippet; `match` pieces are what the words found. */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const faqSearchHitSchema = z.object({
  article: faqArticleSchema,
  title: z.array(snippetPartSchema),
  snippet: z.array(snippetPartSchema),
});
export type FaqSearchHit = z.infer<typeof faqSearchHitSchema>;

export const faqQuerySchema = z.object({
  q: z.string().max(FAQ_SEARCH_MAX, `q must be at most ${FAQ_SEARCH_MAX} characters`).optional(),
});

/** GET /api/support/faq: every published article by category; with `q`, the hits as well. */
export const faqAnswerSchema = z.object({
  data: z.object({
    categories: z.array(faqCategorySchema),
    /** Present when `q` was given: best first. */
    hits: z.array(faqSearchHitSchema).nullable(),
  }),
});
export type FaqAnswer = z.infer<typeof faqAnswerSchema>['data'];

export const faqSuggestionQuerySchema = z.object({
  q: z
    .string({ message: 'q is required' })
    .max(FAQ_SEARCH_MAX * 10, `q must be at most ${FAQ_SEARCH_MAX * 10} characters`),
});
export const faqSuggestionsSchema = z.object({ data: z.array(faqSearchHitSchema) });

export const faqVoteRequestSchema = z.object({
  helpful: z.boolean({ message: 'helpful must be true or false' }),
});

// ---------------------------------------------------------------------------------------------
// Settings

export const supportSettingsSchema = z.object({
  notifyStaffReply: z.boolean(),
  notifyStatusChange: z.boolean(),
  notifyResolved: z.boolean(),
  weeklyDigest: z.boolean(),
  defaultCategory: ticketCategorySchema,
});
export type SupportSettings = z.infer<typeof supportSettingsSchema>;

export const DEFAULT_SUPPORT_SETTINGS: SupportSettings = {
  notifyStaffReply: true,
  notifyStatusChange: true,
  notifyResolved: true,
  weeklyDigest: false,
  defaultCategory: 'GENERAL',
};
