import { z } from 'zod';
import { disputeSchema } from './disputes';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { ticketMessageSchema, ticketMessageViewSchema } from './support';

/**
 * The vendor's side of a dispute (issue 17 point 3): the disputes of my rentals, each with the
 * conversation of its ticket (never support's internal notes), and my answer in it.
 */

export const vendorDisputeSummarySchema = disputeSchema.extend({
  server: z.object({ id: z.string(), name: z.string() }),
  renterName: z.string(),
  /** When I first answered; null while I have not. */
  vendorAnsweredAt: z.string().nullable(),
});
export type VendorDisputeSummary = z.infer<typeof vendorDisputeSummarySchema>;

export const vendorDisputeSchema = vendorDisputeSummarySchema.extend({
  messages: z.array(ticketMessageViewSchema),
});
export type VendorDispute = z.infer<typeof vendorDisputeSchema>;

export const VENDOR_DISPUTE_FILTERS = ['OPEN', 'all'] as const;

export const vendorDisputesQuerySchema = z.object({
  status: z.enum(VENDOR_DISPUTE_FILTERS).default('OPEN'),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type VendorDisputesQuery = z.infer<typeof vendorDisputesQuerySchema>;

export const vendorDisputesResponseSchema = pageEnvelope(vendorDisputeSummarySchema);

export const vendorDisputeAnswerSchema = z.object({ message: ticketMessageSchema });
export type VendorDisputeAnswer = z.input<typeof vendorDisputeAnswerSchema>;
