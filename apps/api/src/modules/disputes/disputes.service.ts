import {
  DISPUTE_REASON_LABELS,
  DISPUTE_WINDOW_DAYS,
  VENDOR_ANSWER_HOURS,
  COMPENSATION_CAP_FLOOR,
  COMPENSATION_MAX_TIMES_PAID,
  decideDisputeRequestSchema,
  type DecideDisputeRequest,
  type DeclineDisputeRequest,
  type DisputeOutcome,
  type Dispute,
  type DisputeReason,
  type OpenDisputeRequest,
} from '@crimsonhost/shared/disputes';
import type {
  VendorDispute,
  VendorDisputeAnswer,
  VendorDisputeSummary,
  VendorDisputesQuery,
} from '@crimsonhost/shared/vendor-disputes';
import { formatUsdt, MICRO_PER_USDT, parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { rentals as rentalsTable } from '../../db/schema/rentals';
import { systemClock, type Clock } from '../../lib/clock';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail-outbox';
import type { UserRow } from '../auth/auth.repository';
import { listingSummaries } from '../catalog/catalog-availability';
import * as rentalsRepo from '../rentals/rentals.repository';
import type { RentalsService } from '../rentals/rentals.service';
import { staffActor } from '../support/support-desk.service';
import * as ticketsRepo from '../support/support.repository';
import type { SupportService } from '../support/support.service';
import type { MailIds, TicketWorkflow } from '../support/ticket-workflow';
import { holdingMessages, refuseContactDetails } from '../moderation/contact-guard';
import { disputeMail, type DisputeFacts } from './disputes.mail';
import { compensate } from './dispute-money';
import { toDispute } from './dispute-view';
import { markReviewFirst } from '../support/support.repository';
import * as repo from './disputes.repository';
import type { DisputeRow } from './disputes.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const rentalNotFound = () => new AppError('NOT_FOUND', 404, 'Rental not found');
const disputeNotFound = () => new AppError('NOT_FOUND', 404, 'Dispute not found');
const alreadyOpen = (ticketId?: string) =>
  new AppError(
    'DISPUTE_OPEN',
    409,
    'This rental already has an open dispute. Add what else went wrong to its ticket.',
    ticketId ? { ticketId } : undefined,
  );

/** Support's decision: whole hours refunded, credit given (micro-units), and why. */
interface Decision {
  refundHours: number;
  compensation: bigint;
  reason: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function outcomeOf(decision: Decision): DisputeOutcome {
  if (decision.refundHours > 0 && decision.compensation > 0n) return 'REFUNDED_AND_COMPENSATED';
  if (decision.refundHours > 0) return 'REFUNDED';
  if (decision.compensation > 0n) return 'COMPENSATED';
  return 'DECLINED';
}

/** What the renter reads in the dispute's ticket. */
function decisionMessage(
  decision: Decision,
  refund: { amount: bigint; usdt: bigint; credit: bigint } | null,
): string {
  if (!refund && decision.compensation === 0n) {
    return `Support declined this dispute. ${decision.reason}\n\nThe payment for the rental goes on to the vendor as usual.`;
  }
  const lines = [`Support decided this dispute in your favour. ${decision.reason}`, ''];
  if (refund) {
    const parts = [];
    if (refund.usdt > 0n) parts.push(`${formatUsdt(refund.usdt)} USDT to your wallet`);
    if (refund.credit > 0n) {
      parts.push(`${formatUsdt(refund.credit)} back as platform credit, as you paid it`);
    }
    lines.push(`- Refund of ${plural(decision.refundHours, 'hour')}: ${parts.join(' and ')}.`);
  }
  if (decision.compensation > 0n) {
    lines.push(
      `- Compensation: ${formatUsdt(decision.compensation)} in platform credit, which pays for your next rentals.`,
    );
  }
  lines.push('', 'What is left of the payment goes on to the vendor.');
  return lines.join('\n');
}

export interface DisputesDeps {
  db: Database;
  rentals: RentalsService;
  support: SupportService;
  workflow: TicketWorkflow;
  publicUrl: string;
  clock?: Clock;
}

/**
 * Disputes of the buyer protection policy (issue 17 points 1 to 3): a renter opens one from a
 * running rental or one that ended less than DISPUTE_WINDOW_DAYS ago; it is argued in a support
 * ticket of category RENTAL at HIGH priority; the rental's money stays where it is until support
 * decides (rentals.service `end` keeps it in escrow, the clearing job leaves its pending share);
 * the vendor is told by mail and has VENDOR_ANSWER_HOURS to answer in the ticket.
 */
export class DisputesService {
  private readonly clock: Clock;

  constructor(private readonly deps: DisputesDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async open(user: UserRow, rentalId: string, input: OpenDisputeRequest): Promise<Dispute> {
    if (!UUID.test(rentalId)) throw rentalNotFound();
    const { db, support, workflow } = this.deps;
    const now = this.clock.now();
    try {
      const { dispute, mails } = await holdingMessages(db, () =>
        db.transaction(async (tx) => {
          // The rental's row lock: two tabs opening a dispute at once take turns, and the clearing
          // job cannot make the money available between the check and the dispute.
          const rental = await rentalsRepo.lockRental(tx, rentalId);
          if (!rental || rental.renterId !== user.id) throw rentalNotFound();
          const endedAt = rental.endedAt ?? (rental.endsAt <= now ? rental.endsAt : null);
          if (
            endedAt &&
            (endedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS <= now.getTime() || rental.clearedAt)
          ) {
            throw new AppError(
              'DISPUTE_WINDOW_CLOSED',
              409,
              `A dispute can be opened until ${DISPUTE_WINDOW_DAYS} days after the rental ends; this rental ended on ${endedAt.toUTCString()}.`,
            );
          }
          if (await repo.hasOpenDispute(tx, rental.id)) throw alreadyOpen();
          // The vendor reads the dispute's conversation from its first message.
          await refuseContactDetails(
            tx,
            { rentalId: rental.id, ticketId: null, senderId: user.id },
            input.description,
          );
          const server =
            (await listingSummaries(tx, [rental.listingId])).get(rental.listingId)?.name ??
            'Server';
          const reason = DISPUTE_REASON_LABELS[input.reason];
          const opened = await support.createIn(
            tx,
            user,
            {
              subject: `Dispute: ${server} (${reason.toLowerCase()})`.slice(0, 120),
              category: 'RENTAL',
              message: input.description,
              rentalId: rental.id,
              attachmentIds: input.attachmentIds ?? [],
            },
            'HIGH',
            now,
          );
          // A PLATINUM renter's dispute is reviewed first in the desk (benefits tiers).
          if ((await this.deps.workflow.deps.tierOf?.(tx, user.id)) === 'PLATINUM') {
            await markReviewFirst(tx, opened.ticket.id);
          }
          const dispute = await repo.insertDispute(tx, {
            rentalId: rental.id,
            ticketId: opened.ticket.id,
            renterId: rental.renterId,
            vendorId: rental.vendorId,
            reason: input.reason,
            openedAt: now,
            vendorAnswerDueAt: new Date(now.getTime() + VENDOR_ANSWER_HOURS * HOUR_MS),
          });
          const mail = await this.tellVendor(tx, rental.vendorId, 'opened', {
            server,
            reason,
            answerBy: dispute.vendorAnswerDueAt,
          });
          return { dispute, mails: [...opened.mails, ...mail] };
        }),
      );
      workflow.deliver(mails);
      return toDispute(dispute);
    } catch (error) {
      // The partial unique index: another request opened one in between.
      if (pgErrorCode(error) === '23505') throw alreadyOpen();
      throw error;
    }
  }

  /** The disputes of a renter's rentals, latest first per rental, for the rentals' views. */
  async latestOf(db: Executor, rentalIds: readonly string[]) {
    const rows = await repo.latestDisputes(db, rentalIds);
    return new Map([...rows].map(([id, row]) => [id, toDispute(row)]));
  }

  /**
   * Support declines a dispute (support or admin): the reason is posted to the renter in the
   * ticket, which is resolved, and mailed to the vendor; the held payment goes on to the vendor
   * as if there had been no dispute, all in one transaction.
   */
  decline(staff: UserRow, id: string, input: DeclineDisputeRequest): Promise<Dispute> {
    return this.settle(staff, id, { refundHours: 0, compensation: 0n, reason: input.reason });
  }

  /**
   * Support decides for the renter (issue 17 point 5): whole hours refunded from the rental's
   * money (escrow, or the vendor's pending share and the commission on it), compensation in
   * platform credit paid by the platform, or both. Each is one ledger transaction whose reference
   * names the dispute, so nothing is paid twice; the rest of the held payment goes on to the vendor.
   */
  decide(staff: UserRow, id: string, input: DecideDisputeRequest): Promise<Dispute> {
    const parsed = decideDisputeRequestSchema.parse(input);
    return this.settle(staff, id, {
      refundHours: parsed.refundHours,
      compensation: parseUsdt(parsed.compensation),
      reason: parsed.reason,
    });
  }

  private async settle(staff: UserRow, id: string, decision: Decision): Promise<Dispute> {
    if (!UUID.test(id)) throw disputeNotFound();
    const { db, rentals, workflow } = this.deps;
    const now = this.clock.now();
    const { dispute, mails } = await db.transaction(async (tx) => {
      const open = await repo.lockDispute(tx, id);
      if (!open) throw disputeNotFound();
      if (open.status !== 'OPEN') {
        throw new AppError('DISPUTE_CLOSED', 409, 'This dispute has already been decided.');
      }
      const rental = await rentalsRepo.lockRental(tx, open.rentalId);
      if (!rental) throw disputeNotFound();
      const timesPaid = (rental.paid - rental.paidDiscount) * BigInt(COMPENSATION_MAX_TIMES_PAID);
      const floor = BigInt(COMPENSATION_CAP_FLOOR) * MICRO_PER_USDT;
      const cap = timesPaid > floor ? timesPaid : floor;
      if (decision.compensation > cap) {
        throw new AppError(
          'COMPENSATION_TOO_LARGE',
          422,
          `Compensation can be at most ${formatUsdt(cap)} for this rental: what the renter paid for it, or ${COMPENSATION_CAP_FLOOR} for a cheaper one.`,
          { max: toUsdtString(cap) },
        );
      }
      const server =
        (await listingSummaries(tx, [rental.listingId])).get(rental.listingId)?.name ?? 'Server';
      const refund =
        decision.refundHours > 0
          ? await rentals.refundHours(tx, rental.id, decision.refundHours, open.id)
          : null;
      if (decision.compensation > 0n) {
        await compensate(
          tx,
          open,
          decision.compensation,
          `Compensation for your dispute of ${server}`,
        );
      }
      const dispute = await repo.updateDispute(tx, id, {
        status: 'RESOLVED',
        outcome: outcomeOf(decision),
        decisionReason: decision.reason,
        decidedBy: staff.id,
        resolvedAt: now,
        refundHours: decision.refundHours,
        refundAmount: refund?.amount ?? 0n,
        compensationAmount: decision.compensation,
      });
      await rentals.releaseHeld(tx, dispute.rentalId);
      const queued: MailIds = [];
      const ticket = await ticketsRepo.lockTicket(tx, dispute.ticketId);
      if (ticket) {
        const actor = staffActor(staff);
        const replied = await workflow.apply(tx, ticket, { type: 'staff_reply' }, actor, now, {
          assigneeId: ticket.assigneeId ?? staff.id,
        });
        const written = await workflow.write(
          tx,
          replied.ticket,
          'reply',
          actor,
          decisionMessage(decision, refund),
          now,
        );
        const resolved = await workflow.apply(tx, written.ticket, { type: 'resolve' }, actor, now);
        queued.push(...replied.mails, ...written.mails, ...resolved.mails);
      }
      queued.push(
        ...(await this.tellVendor(tx, dispute.vendorId, 'decided', {
          server,
          reason: DISPUTE_REASON_LABELS[dispute.reason as DisputeReason],
          decision: decision.reason,
          refunded: refund
            ? `${plural(decision.refundHours, 'hour')} (${formatUsdt(refund.amount)} USDT)`
            : undefined,
          declined: outcomeOf(decision) === 'DECLINED',
        })),
      );
      return { dispute, mails: queued };
    });
    workflow.deliver(mails);
    return toDispute(dispute);
  }

  /** The disputes of my rentals (vendor role), open first. */
  async vendorList(
    vendor: UserRow,
    query: VendorDisputesQuery,
  ): Promise<{ items: VendorDisputeSummary[]; total: number }> {
    const { rows, total } = await repo.disputesOfVendor(this.deps.db, vendor.id, {
      onlyOpen: query.status === 'OPEN',
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: await this.summaries(this.deps.db, rows), total };
  }

  /** One dispute of my rentals with its ticket's conversation (never internal notes). */
  async vendorGet(vendor: UserRow, id: string): Promise<VendorDispute> {
    if (!UUID.test(id)) throw disputeNotFound();
    const { db, workflow } = this.deps;
    const row = await repo.disputeOfVendor(db, vendor.id, id);
    if (!row) throw disputeNotFound();
    const ticket = await ticketsRepo.findTicket(db, row.ticketId);
    if (!ticket) throw disputeNotFound();
    const [[summary], detail] = await Promise.all([
      this.summaries(db, [row]),
      workflow.customerDetail(db, ticket, this.clock.now()),
    ]);
    return { ...summary!, messages: detail.messages };
  }

  /**
   * The vendor answers in the dispute's ticket while it is open: the renter is told by mail, the
   * ticket waits for support again, and the first answer is recorded against the 48 hours.
   */
  async vendorAnswer(vendor: UserRow, id: string, input: VendorDisputeAnswer) {
    if (!UUID.test(id)) throw disputeNotFound();
    const { db, workflow } = this.deps;
    const now = this.clock.now();
    const { mails } = await holdingMessages(db, () =>
      db.transaction(async (tx) => {
        const row = await repo.disputeOfVendor(tx, vendor.id, id, { lock: true });
        if (!row) throw disputeNotFound();
        if (row.status !== 'OPEN') {
          throw new AppError('DISPUTE_CLOSED', 409, 'This dispute has already been decided.');
        }
        const ticket = await ticketsRepo.lockTicket(tx, row.ticketId);
        if (!ticket) throw disputeNotFound();
        await refuseContactDetails(
          tx,
          { rentalId: row.rentalId, ticketId: row.ticketId, senderId: vendor.id },
          input.message,
        );
        const actor = {
          id: vendor.id,
          name: `${vendor.displayName} (the vendor)`,
          role: 'vendor' as const,
        };
        const moved = await workflow.apply(tx, ticket, { type: 'customer_reply' }, actor, now);
        const written = await workflow.write(tx, moved.ticket, 'reply', actor, input.message, now);
        if (!row.vendorAnsweredAt) await repo.updateDispute(tx, row.id, { vendorAnsweredAt: now });
        return { mails: [...moved.mails, ...written.mails] };
      }),
    );
    workflow.deliver(mails);
    return this.vendorGet(vendor, id);
  }

  /** Disputes with their server's and renter's names, read in two queries for a page. */
  private async summaries(db: Executor, rows: DisputeRow[]): Promise<VendorDisputeSummary[]> {
    if (rows.length === 0) return [];
    const rentals = await db
      .select({ id: rentalsTable.id, listingId: rentalsTable.listingId, renter: users.displayName })
      .from(rentalsTable)
      .innerJoin(users, eq(users.id, rentalsTable.renterId))
      .where(
        inArray(
          rentalsTable.id,
          rows.map((row) => row.rentalId),
        ),
      );
    const byRental = new Map(rentals.map((rental) => [rental.id, rental]));
    const listings = await listingSummaries(db, [
      ...new Set(rentals.map((rental) => rental.listingId)),
    ]);
    return rows.map((row) => {
      const rental = byRental.get(row.rentalId);
      const listingId = rental?.listingId ?? '';
      return {
        ...toDispute(row),
        server: { id: listingId, name: listings.get(listingId)?.name ?? 'Server' },
        renterName: rental?.renter ?? 'Renter',
        vendorAnsweredAt: row.vendorAnsweredAt?.toISOString() ?? null,
      };
    });
  }

  private async tellVendor(
    tx: Executor,
    vendorId: string,
    news: 'opened' | 'decided',
    facts: DisputeFacts,
  ): Promise<MailIds> {
    const [vendor] = await tx
      .select({ email: users.email, name: users.displayName })
      .from(users)
      .where(eq(users.id, vendorId));
    if (!vendor) return [];
    const link = `${this.deps.publicUrl}/vendor/rentals`;
    return [await enqueueMail(tx, disputeMail(vendor, news, facts, link))];
  }
}
