import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { rentals } from './rentals';
import { supportTickets } from './support';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A renter's dispute of a rental (issue 17, the buyer protection policy). While it is OPEN the
 * rental's money does not move on: escrow is not released at the end, the vendor's pending share
 * does not clear. One open dispute per rental (the partial unique index decides between two
 * renters' tabs at once). It is argued in its support ticket.
 */
export const rentalDisputes = pgTable(
  'rental_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id),
    renterId: uuid('renter_id')
      .notNull()
      .references(() => users.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** OPEN | RESOLVED */
    status: text('status').notNull().default('OPEN'),
    /** How support decided: DECLINED | REFUNDED | COMPENSATED | REFUNDED_AND_COMPENSATED */
    outcome: text('outcome'),
    /** The whole hours refunded and their amount (escrow or the vendor's pending money). */
    refundHours: integer('refund_hours').notNull().default(0),
    refundAmount: bigint('refund_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Platform credit given by the platform, in micro-units. */
    compensationAmount: bigint('compensation_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The decision's reason, as posted to the renter and the vendor. */
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id),
    openedAt: timestamptz('opened_at').notNull(),
    vendorAnswerDueAt: timestamptz('vendor_answer_due_at').notNull(),
    /** When the vendor first answered in the dispute's ticket. */
    vendorAnsweredAt: timestamptz('vendor_answered_at'),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    uniqueIndex('rental_disputes_one_open_idx')
      .on(t.rentalId)
      .where(sql`${t.status} = 'OPEN'`),
    index('rental_disputes_rental_idx').on(t.rentalId, t.openedAt.desc()),
    index('rental_disputes_vendor_idx').on(t.vendorId, t.status),
    check(
      'rental_disputes_reason_check',
      sql`${t.reason} in ('NOT_DELIVERED', 'UNREACHABLE', 'NOT_AS_DESCRIBED', 'PERFORMANCE', 'OTHER')`,
    ),
    check('rental_disputes_status_check', sql`${t.status} in ('OPEN', 'RESOLVED')`),
    check(
      'rental_disputes_outcome_check',
      sql`(${t.status} = 'OPEN' and ${t.outcome} is null) or (${t.status} = 'RESOLVED' and ${t.outcome} in ('DECLINED', 'REFUNDED', 'COMPENSATED', 'REFUNDED_AND_COMPENSATED'))`,
    ),
    check(
      'rental_disputes_amounts_check',
      sql`${t.refundHours} >= 0 and ${t.refundAmount} >= 0 and ${t.compensationAmount} >= 0`,
    ),
  ],
);
