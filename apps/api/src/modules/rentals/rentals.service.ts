import { assertOwesNothing } from '../wallet/debt';
import { TIER_LABELS } from '@crimsonhost/shared/benefits';
import { DISPUTE_WINDOW_DAYS } from '@crimsonhost/shared/disputes';
import { toUsdtString } from '@crimsonhost/shared/money';
import type {
  PowerSignal,
  Rental,
  RentalListQuery,
  RunStateView,
} from '@crimsonhost/shared/rentals';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { walletTransactions } from '../../db/schema/wallet';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  claimListingForRental,
  listingExists,
  listingSummaries,
  releaseListingAfterRental,
} from '../catalog/catalog-availability';
import {
  escrow,
  platformRevenue,
  postLedgerTransaction,
  vendorPending,
  type Posting,
} from '../wallet/ledger.service';
import { hasOpenDispute, latestDisputes } from '../disputes/disputes.repository';
import { toDispute } from '../disputes/dispute-view';
import { cancellationRefund, escrowLeft, splitRelease } from './rental-money';
import {
  hoursRefunded,
  postPayment,
  postRefund,
  renterShareOfRefund,
  splitPayment,
} from './rental-payments';
import { unreadCounts } from '../rental-messages/rental-messages.repository';
import type { PriceQuote } from '../benefits/benefits.service';
import * as repo from './rentals.repository';
import type { RentalRow } from './rentals.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notAvailable = () =>
  new AppError(
    'SERVER_NOT_AVAILABLE',
    409,
    'This server was just rented by someone else or is not online. Choose another server.',
  );
const rentalNotFound = () => new AppError('NOT_FOUND', 404, 'Rental not found');
const notActive = () => new AppError('RENTAL_NOT_ACTIVE', 409, 'This rental has ended');

/** What rentals need from the panels module (Pterodactyl): power signals and the run state. */
export interface PanelControl {
  /** `rentalId` names whose signal it is in the evidence of a dispute (panel_power_actions). */
  power(listingId: string, signal: PowerSignal, context?: { rentalId?: string }): Promise<void>;
  runState(listingId: string): Promise<RunStateView | null>;
  /** A page's run states in a constant number of queries; a slow panel never holds the page. */
  runStates(listingIds: readonly string[]): Promise<Map<string, RunStateView | null>>;
}

/**
 * What rentals need from benefits tiers (decision 049): the price of a payment with the renter's
 * tier discount (refusing a higher price than the renter confirmed), and the promotion a payment
 * may bring, in the payment's transaction.
 */
export interface RentalPricing {
  quote(tx: Executor, renterId: string, listTotal: bigint, expected?: string): Promise<PriceQuote>;
  afterPayment(tx: Executor, renterId: string): Promise<void>;
}

/** Without benefits tiers: the list price, no discount. */
export const listPricing: RentalPricing = {
  quote: async (_tx, _renterId, listTotal) => ({
    tier: 'BRONZE',
    discountBp: 0,
    listTotal,
    discount: 0n,
    total: listTotal,
  }),
  afterPayment: async () => {},
};

/** "Rental of 3 hours (Silver discount 0.060000 USDT)": the timeline's line of a payment. */
function paymentLine(what: string, hours: number, quote: PriceQuote) {
  const line = `${what} of ${hours} hour${hours === 1 ? '' : 's'}`;
  return quote.discount > 0n
    ? `${line} (${TIER_LABELS[quote.tier]} discount ${toUsdtString(quote.discount)} USDT)`
    : line;
}

/** Seams for tests that prove a crash between steps leaves nothing half done. */
export interface RentalFaults {
  afterReleasePosted?: (rentalId: string) => void;
}

export class RentalsService {
  constructor(
    private readonly db: Database,
    private readonly panels: PanelControl | null,
    private readonly log: FastifyBaseLogger,
    /** The current commission in basis points (the staff area's Settings), read per rental. */
    private readonly commissionBp: (db: Executor) => Promise<number>,
    private readonly faults: RentalFaults = {},
    /** The time rentals start, end and are checked at (decision 042). */
    private readonly clock: Clock = systemClock,
    /** The tier discount and promotion of each payment. */
    private readonly pricing: RentalPricing = listPricing,
  ) {}

  /**
   * Rents a server: takes the listing (only if online and AVAILABLE), moves price × hours from the
   * renter's platform credit, then wallet, into escrow and records the payment, all in the caller's
   * transaction. Any refusal rolls all of it back, so a renter who cannot pay leaves the server
   * available.
   */
  async rent(
    tx: Executor,
    renterId: string,
    serverId: string,
    hours: number,
    expectedTotal?: string,
  ): Promise<Rental> {
    if (!UUID.test(serverId)) throw new AppError('NOT_FOUND', 404, 'Server not found');
    await assertOwesNothing(tx, renterId, 'rent');
    const listing = await claimListingForRental(tx, serverId);
    if (!listing) {
      if (!(await listingExists(tx, serverId)))
        throw new AppError('NOT_FOUND', 404, 'Server not found');
      throw notAvailable();
    }
    if (listing.priceUnit !== 'hour') {
      throw new AppError('NOT_RENTABLE_BY_HOUR', 422, 'This server is not rented by the hour');
    }
    if (listing.vendorId === renterId) {
      throw new AppError('OWN_SERVER', 422, 'You cannot rent a server you list yourself');
    }
    const quote = await this.pricing.quote(
      tx,
      renterId,
      listing.priceMicro * BigInt(hours),
      expectedTotal,
    );
    const split = await splitPayment(tx, renterId, quote.total);
    const now = this.clock.now();
    const rental = await repo.insertRental(tx, {
      renterId,
      listingId: listing.id,
      vendorId: listing.vendorId,
      hours,
      pricePerHour: listing.priceMicro,
      paid: quote.listTotal,
      paidCredit: split.credit,
      paidDiscount: quote.discount,
      commissionBp: await this.commissionBp(tx),
      startsAt: now,
      endsAt: new Date(now.getTime() + hours * HOUR_MS),
    });
    await postPayment(
      tx,
      rental,
      split,
      `rental:${rental.id}:payment:1`,
      paymentLine('Rental', hours, quote),
      quote.discount,
    );
    await this.pricing.afterPayment(tx, renterId);
    return (await this.views(tx, [rental], { runState: false, fresh: true }))[0]!;
  }

  async extend(
    tx: Executor,
    renterId: string,
    id: string,
    hours: number,
    key: string,
    expectedTotal?: string,
  ): Promise<Rental> {
    if (!UUID.test(id)) throw rentalNotFound();
    const rental = await repo.lockRental(tx, id);
    if (!rental || rental.renterId !== renterId) throw rentalNotFound();
    if (rental.status !== 'ACTIVE' || rental.endsAt <= this.clock.now()) throw notActive();
    await assertOwesNothing(tx, renterId, 'rent');
    if (rental.hours + hours > 8760)
      throw new AppError('TOO_LONG', 422, 'A rental can run for at most a year');
    const quote = await this.pricing.quote(
      tx,
      renterId,
      rental.pricePerHour * BigInt(hours),
      expectedTotal,
    );
    const split = await splitPayment(tx, renterId, quote.total);
    await postPayment(
      tx,
      rental,
      split,
      `rental:${rental.id}:extend:${key}`,
      paymentLine('Extension', hours, quote),
      quote.discount,
    );
    await this.pricing.afterPayment(tx, renterId);
    const updated = await repo.updateRental(tx, id, {
      hours: rental.hours + hours,
      paid: rental.paid + quote.listTotal,
      paidCredit: rental.paidCredit + split.credit,
      paidDiscount: rental.paidDiscount + quote.discount,
      endsAt: new Date(rental.endsAt.getTime() + hours * HOUR_MS),
    });
    return (await this.views(tx, [updated], { runState: false }))[0]!;
  }

  /**
   * Ends a rental in one transaction: returns the refund (cancellation only), releases what is
   * left to the vendor less the commission, marks the rental's payments released, frees the
   * server and asks for it to be stopped. The ledger references make each step happen once.
   */
  /**
   * Ends a rental: the unused hours back to a renter who cancels, the payment's timeline rows
   * confirmed, the listing free again and the rental's record, all in `tx`. Answers the ended row
   * and the release of what escrow still holds to the vendor, which the caller must post before
   * the transaction ends.
   */
  private async end(tx: Executor, rental: RentalRow, status: 'EXPIRED' | 'CANCELLED', now: Date) {
    let refunded = rental.refunded;
    let refundedCredit = rental.refundedCredit;
    let refundedDiscount = rental.refundedDiscount;
    if (status === 'CANCELLED') {
      const refund = cancellationRefund(rental, now);
      if (refund > 0n) {
        const split = await postRefund(
          tx,
          rental,
          refund,
          [{ account: escrow(rental.vendorId), amount: -refund }],
          `rental:${rental.id}:refund`,
          hoursRefunded(refund / rental.pricePerHour, 'unused'),
        );
        refunded += refund;
        refundedCredit += split.credit;
        refundedDiscount += split.discount;
      }
    }
    // A disputed payment stays in escrow until support decides (the buyer protection policy);
    // `releaseHeld` releases it then.
    const held = await hasOpenDispute(tx, rental.id);
    const left = held ? 0n : escrowLeft({ ...rental, refunded });
    const { vendor, commission } = splitRelease(left, rental.commissionBp);
    await tx
      .update(walletTransactions)
      .set({ status: 'CONFIRMED', updatedAt: sql`now()` })
      .where(
        and(
          eq(walletTransactions.userId, rental.renterId),
          eq(walletTransactions.type, 'RENTAL_PAYMENT'),
          like(walletTransactions.reference, `rental:${rental.id}:%`),
        ),
      );
    await releaseListingAfterRental(tx, rental.listingId);
    const ended = await repo.updateRental(tx, rental.id, {
      status,
      endedAt: now,
      refunded,
      refundedCredit,
      refundedDiscount,
      released: rental.released + vendor,
      commission: rental.commission + commission,
      powerOffPending: true,
    });
    return {
      ended,
      // Posted by the caller as the transaction's last write: it updates the vendor's pending
      // balance, whose row lock every rental of that vendor ending at the same time waits on
      // until this transaction commits.
      release: async () => {
        await this.postRelease(tx, rental, left);
        this.faults.afterReleasePosted?.(rental.id);
      },
    };
  }

  /** Escrow's `left` to the vendor's pending money less the commission, once (its reference). */
  private async postRelease(tx: Executor, rental: RentalRow, left: bigint) {
    const { vendor, commission } = splitRelease(left, rental.commissionBp);
    if (left <= 0n) return { vendor, commission };
    const postings = [{ account: escrow(rental.vendorId), amount: -left }];
    if (vendor > 0n) postings.push({ account: vendorPending(rental.vendorId), amount: vendor });
    if (commission > 0n) postings.push({ account: platformRevenue(), amount: commission });
    await postLedgerTransaction(tx, {
      kind: 'RENTAL_RELEASE',
      reference: `rental:${rental.id}:release`,
      postings,
    });
    return { vendor, commission };
  }

  /**
   * Releases what an ended rental still holds in escrow once its dispute is settled: the same
   * release as at its end (once only, by its reference), to the vendor's pending money less the
   * commission. A running rental releases at its end as usual.
   */
  async releaseHeld(tx: Executor, rentalId: string) {
    const rental = await repo.lockRental(tx, rentalId);
    if (!rental || rental.status === 'ACTIVE') return;
    const left = escrowLeft(rental);
    if (left <= 0n) return;
    const { vendor, commission } = await this.postRelease(tx, rental, left);
    await repo.updateRental(tx, rental.id, {
      released: rental.released + vendor,
      commission: rental.commission + commission,
    });
  }

  /**
   * Refunds whole hours of a rental by support's decision on a dispute (issue 17 point 5), once per
   * `key`: from escrow while the money is still there, else from the vendor's pending share and the
   * platform's commission on it, in the rental's commission split. Never more than the renter paid
   * and has not had back, nor more than the vendor still holds for the rental: such a refund is
   * refused whole.
   */
  async refundHours(tx: Executor, rentalId: string, hours: number, key: string) {
    const rental = await repo.lockRental(tx, rentalId);
    if (!rental) throw rentalNotFound();
    const amount = BigInt(hours) * rental.pricePerHour;
    const fromEscrow = amount < escrowLeft(rental) ? amount : escrowLeft(rental);
    const rest = amount - fromEscrow;
    const split = splitRelease(rest, rental.commissionBp);
    const commission = split.commission < rental.commission ? split.commission : rental.commission;
    const vendor = rest - commission;
    if (
      amount > rental.paid - rental.refunded ||
      vendor > rental.released ||
      (rest > 0n && rental.clearedAt)
    ) {
      const held =
        escrowLeft(rental) + (rental.clearedAt ? 0n : rental.released + rental.commission);
      const most = held / rental.pricePerHour;
      throw new AppError(
        'REFUND_TOO_LARGE',
        422,
        `At most ${most} hour${most === 1n ? '' : 's'} (${toUsdtString(most * rental.pricePerHour)} USDT) of this rental can be refunded: that is what the platform still holds for it.`,
        { maxHours: Number(most), held: toUsdtString(held) },
      );
    }
    const sources: Posting[] = [];
    if (fromEscrow > 0n) sources.push({ account: escrow(rental.vendorId), amount: -fromEscrow });
    if (vendor > 0n) sources.push({ account: vendorPending(rental.vendorId), amount: -vendor });
    if (commission > 0n) sources.push({ account: platformRevenue(), amount: -commission });
    const refunded = await postRefund(
      tx,
      rental,
      amount,
      sources,
      `rental:${rental.id}:dispute:${key}:refund`,
      hoursRefunded(BigInt(hours), ''),
    );
    await repo.updateRental(tx, rental.id, {
      refunded: rental.refunded + amount,
      refundedCredit: rental.refundedCredit + refunded.credit,
      refundedDiscount: rental.refundedDiscount + refunded.discount,
      released: rental.released - vendor,
      commission: rental.commission - commission,
    });
    return { amount, ...refunded };
  }

  async cancel(tx: Executor, renterId: string, id: string): Promise<Rental> {
    if (!UUID.test(id)) throw rentalNotFound();
    const rental = await repo.lockRental(tx, id);
    if (!rental || rental.renterId !== renterId) throw rentalNotFound();
    // Past its end the rental is the expiry job's to end (release, no refund), not a cancellation.
    if (rental.status !== 'ACTIVE' || rental.endsAt <= this.clock.now()) throw notActive();
    const { ended, release } = await this.end(tx, rental, 'CANCELLED', this.clock.now());
    const [view] = await this.views(tx, [ended], { runState: false });
    await release();
    return view!;
  }

  /** Ends every rental whose time is up at `now`; safe to run on several instances at once. */
  async expireDue(now = this.clock.now(), limit = 100): Promise<number> {
    let expired = 0;
    for (const id of await repo.dueRentalIds(this.db, now, limit)) {
      const done = await this.db.transaction(async (tx) => {
        const rental = await repo.lockRental(tx, id, { skipLocked: true });
        if (!rental || rental.status !== 'ACTIVE' || rental.endsAt > now) return false;
        await (await this.end(tx, rental, 'EXPIRED', now)).release();
        return true;
      });
      if (done) expired += 1;
    }
    await this.stopEndedServers();
    return expired;
  }

  /** Stops the game servers of ended rentals; a panel that fails is asked again next time. */
  async stopEndedServers() {
    for (const { id, listingId } of await repo.powerOffPending(this.db, 50)) {
      try {
        if (this.panels)
          await this.panels.power(listingId, 'stop').catch((error: unknown) => {
            if ((error as AppError).code !== 'PANEL_NOT_LINKED') throw error;
          });
        await repo.updateRental(this.db, id, { powerOffPending: false });
      } catch (error) {
        this.log.warn(
          { err: error, rentalId: id },
          'could not stop the game server of an ended rental; will retry',
        );
      }
    }
  }

  async power(renterId: string, id: string, signal: PowerSignal) {
    if (!UUID.test(id)) throw rentalNotFound();
    const rental = await repo.findRentalOfRenter(this.db, renterId, id);
    if (!rental) throw rentalNotFound();
    if (rental.status !== 'ACTIVE' || rental.endsAt <= this.clock.now()) throw notActive();
    if (!this.panels)
      throw new AppError('PANEL_NOT_LINKED', 422, 'This server cannot be controlled from here');
    await this.panels.power(rental.listingId, signal, { rentalId: rental.id });
    return (await this.views(this.db, [rental]))[0]!;
  }

  async get(renterId: string, id: string): Promise<Rental> {
    if (!UUID.test(id)) throw rentalNotFound();
    const rental = await repo.findRentalOfRenter(this.db, renterId, id);
    if (!rental) throw rentalNotFound();
    return (await this.views(this.db, [rental]))[0]!;
  }

  async list(renterId: string, query: RentalListQuery & { page: number; pageSize: number }) {
    const { rows, total, totalExact, nextCursor } = await repo.listRentalsOfRenter(
      this.db,
      renterId,
      query,
    );
    return {
      data: await this.views(this.db, rows),
      meta: { page: query.page, pageSize: query.pageSize, total, totalExact, nextCursor },
    };
  }

  /**
   * A rental answered by rent or extend, with its run state read once the transaction has
   * committed (the panel is not asked while money is being moved).
   */
  async withRunState(rental: Rental): Promise<Rental> {
    if (rental.status !== 'ACTIVE' || rental.secondsLeft <= 0 || !this.panels) return rental;
    return { ...rental, runState: await this.panels.runState(rental.server.id) };
  }

  /**
   * The API shape of rentals. Inside a transaction the run state is left out: reading it may call
   * the panel and the database outside the transaction, which must not wait on it.
   */
  private async views(
    db: Executor,
    rows: RentalRow[],
    {
      runState = true,
      fresh = false,
    }: {
      runState?: boolean;
      /** Rentals made in this transaction: no dispute or message can name them yet. */
      fresh?: boolean;
    } = {},
  ): Promise<Rental[]> {
    const listingIds = [...new Set(rows.map((r) => r.listingId))];
    const now = this.clock.now();
    const isActive = (rental: RentalRow) => rental.status === 'ACTIVE' && rental.endsAt > now;
    const rentalIds = rows.map((r) => r.id);
    const [listings, runStates, disputes, unread] = await Promise.all([
      listingSummaries(db, listingIds),
      runState && this.panels
        ? this.panels.runStates([...new Set(rows.filter(isActive).map((r) => r.listingId))])
        : new Map<string, RunStateView | null>(),
      fresh ? new Map<string, never>() : latestDisputes(db, rentalIds),
      fresh ? new Map<string, number>() : unreadCounts(db, rentalIds, 'renter'),
    ]);
    return rows.map((rental) => {
      const listing = listings.get(rental.listingId);
      const active = isActive(rental);
      const dispute = disputes.get(rental.id);
      const until = new Date(
        (rental.endedAt ?? rental.endsAt).getTime() + DISPUTE_WINDOW_DAYS * DAY_MS,
      );
      const disputable =
        dispute?.status !== 'OPEN' && rental.clearedAt === null && until.getTime() > now.getTime();
      return {
        id: rental.id,
        status: rental.status as Rental['status'],
        server: {
          id: rental.listingId,
          name: listing?.name ?? 'Server',
          game: listing?.game ?? '',
          region: listing?.region ?? { code: '', name: '', country: '' },
        },
        hours: rental.hours,
        pricePerHour: toUsdtString(rental.pricePerHour),
        paid: toUsdtString(rental.paid - rental.paidDiscount),
        discount: toUsdtString(rental.paidDiscount - rental.refundedDiscount),
        refunded: toUsdtString(rental.refunded - rental.refundedDiscount),
        startsAt: rental.startsAt.toISOString(),
        endsAt: rental.endsAt.toISOString(),
        endedAt: rental.endedAt?.toISOString() ?? null,
        secondsLeft: active ? Math.floor((rental.endsAt.getTime() - now.getTime()) / 1000) : 0,
        refundIfCancelled: toUsdtString(
          rental.status === 'ACTIVE'
            ? renterShareOfRefund(rental, cancellationRefund(rental, now))
            : 0n,
        ),
        connection: active && listing ? { host: listing.host, port: listing.port } : null,
        runState: (active && runStates.get(rental.listingId)) || null,
        dispute: dispute ? toDispute(dispute) : null,
        disputeUntil: disputable ? until.toISOString() : null,
        unreadMessages: unread.get(rental.id) ?? 0,
      };
    });
  }
}
