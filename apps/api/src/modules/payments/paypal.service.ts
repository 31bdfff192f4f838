import { createHash } from 'node:crypto';
import { parseUsdt } from '@crimsonhost/shared/money';
import {
  currencyValue,
  isPayPalQuote,
  paypalQuote,
  type PayPalConfig,
  type PayPalPayment,
  type PayPalPaymentState,
} from '@crimsonhost/shared/paypal';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { walletTransactions } from '../../db/schema/wallet';
import { systemClock, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import type { JobDefinition } from '../../lib/jobs';
import { enqueueMail } from '../../lib/mail-outbox';
import {
  accountBalance,
  creditToUser,
  netPostings,
  paypalClearing,
  platformRevenue,
  postLedgerTransaction,
  takeFromUser,
  userDisputeHold,
  userWallet,
} from '../wallet/ledger.service';
import { plainAmount, settledNote } from '../wallet/wallet.service';
import * as wallet from '../wallet/wallet.repository';
import {
  PayPalError,
  type PayPalCapture,
  type PayPalClient,
  type PayPalOrder,
} from './paypal-client';
import * as repo from './paypal-payments.repository';
import { paypalPaymentMail, type PaymentNews } from './paypal.mail';
import { readTransmission, type PayPalWebhookVerifier } from './paypal-webhook-verifier';

export interface PayPalServiceOptions {
  db: Database;
  client: PayPalClient;
  verifier: PayPalWebhookVerifier;
  config: PayPalConfig;
  /** Where PayPal sends the buyer back: `<publicUrl>/wallet/paypal/return` and `/cancel`. */
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: Clock;
}

/** PayPal's words for why a capture is pending (Orders v2 `status_details.reason`), for people. */
const PENDING_REASONS: Record<string, string> = {
  BUYER_COMPLAINT: 'the buyer opened a complaint',
  CHARGEBACK: 'a chargeback is open on it',
  ECHECK: 'it is paid by eCheck, which takes a few days to clear',
  INTERNATIONAL_WITHDRAWAL: 'PayPal is converting it from another currency',
  OTHER: 'PayPal is checking it',
  PENDING_REVIEW: 'PayPal is reviewing it',
  RECEIVING_PREFERENCE_MANDATES_MANUAL_ACTION: 'it waits for the merchant to accept it at PayPal',
  REFUNDED: 'it was refunded',
  TRANSACTION_APPROVED_AWAITING_FUNDING: 'PayPal is waiting for the money from the funding source',
  UNILATERAL: 'the merchant account is not confirmed at PayPal yet',
  VERIFICATION_REQUIRED: 'PayPal needs the merchant account verified',
};

/** How long a buyer has to approve an order before reconciliation expires it (issue 19 point 4). */
export const APPROVAL_WINDOW_MS = 3 * 3_600_000;

const unavailable = () =>
  new AppError(
    'PAYPAL_UNAVAILABLE',
    503,
    'PayPal is not answering right now. Please try again in a minute.',
  );

const disputeSchema = z.object({
  dispute_id: z.string(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })),
  dispute_amount: z.object({ value: z.string(), currency_code: z.string() }),
  dispute_outcome: z.object({ outcome_code: z.string() }).optional(),
});

/** Why a staff refund of `value` cannot be made, in words, or null. */
function refundProblem(value: string, left: bigint, currency: string): string | null {
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(value)) {
    return `Enter the amount to refund in ${currency}, such as 5 or 5.50`;
  }
  const asked = parseUsdt(value);
  if (asked <= 0n) return 'Enter an amount above zero';
  if (asked > left)
    return `At most ${currencyValue(left)} ${currency} of this payment is left to refund`;
  return null;
}

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.record(z.string(), z.unknown()),
});

/** Two decimal strings for the same amount ("20", "20.0", "20.00")? */
const sameValue = (a: string, b: string) => {
  try {
    return parseUsdt(a) === parseUsdt(b);
  } catch {
    return false;
  }
};

export type WebhookAnswer =
  | { status: 200; outcome: string }
  | { status: 400; reason: string }
  | { status: 500; reason: string };

/**
 * PayPal Checkout into the wallet (issue 19, decision 059). The server makes the order from the
 * amount alone (its own quote, the wallet transaction's id as custom id and as PayPal-Request-Id),
 * the buyer approves at PayPal, and the server captures, on the buyer's return, on PayPal's
 * CHECKOUT.ORDER.APPROVED event, or in reconciliation, whichever comes first: PayPal answers the
 * same capture to the same request id. Money reaches the wallet only from a COMPLETED capture with
 * the order's amount and currency, under the ledger reference `paypal:capture:<id>`, with the
 * payment row locked: the return and the webhook on two instances credit it once.
 */
export class PayPalService {
  private readonly db: Database;
  private readonly clock: Clock;

  constructor(private readonly options: PayPalServiceOptions) {
    this.db = options.db;
    this.clock = options.clock ?? systemClock;
  }

  get config(): PayPalConfig {
    return this.options.config;
  }

  /**
   * Opens a payment: the wallet transaction (pending) and the payment are written once per
   * Idempotency-Key; the order is then made at PayPal outside any database transaction, with the
   * transaction's id as PayPal-Request-Id, so a retry of the same key (after a timeout, or PayPal
   * down) finds the same order rather than a second one.
   */
  async createOrder(userId: string, amount: string, key: string): Promise<PayPalPayment> {
    const quote = paypalQuote(amount, this.config);
    if (!isPayPalQuote(quote)) {
      throw new AppError('VALIDATION_ERROR', 400, quote.message, {
        fields: [{ field: 'amount', message: quote.message }],
      });
    }
    const { currency } = this.config;
    const opened = await runIdempotent<{ transactionId: string }>(
      this.db,
      { userId, key, route: 'POST /wallet/paypal/orders', request: { value: quote.value } },
      async (tx) => {
        const transaction = await wallet.insertWalletTransaction(tx, {
          userId,
          type: 'DEPOSIT',
          status: 'PENDING',
          amount: quote.gross,
          fee: quote.fee,
          currency: 'USDT',
          paymentMethod: 'paypal',
          description: `PayPal payment of ${quote.value} ${currency}`,
        });
        await repo.insertPayment(tx, {
          transactionId: transaction.id,
          userId,
          currency,
          value: quote.value,
          usdtAmount: quote.gross,
          fee: quote.fee,
          credit: quote.credit,
          // On the rules' clock: reconciliation measures the three hours to approve from it.
          createdAt: this.clock.now(),
        });
        return { status: 201, body: { transactionId: transaction.id } };
      },
    );
    const { transactionId } = opened.body;
    const payment = await repo.findPayment(this.db, transactionId);
    if (!payment) throw new Error(`PayPal payment ${transactionId} vanished`);
    if (payment.orderId || payment.state !== 'CREATED') return repo.toPayPalPayment(payment);

    let order: { order: PayPalOrder; approveUrl: string };
    try {
      order = await this.options.client.createOrder({
        value: payment.value,
        currency: payment.currency,
        customId: transactionId,
        requestId: transactionId,
        returnUrl: `${this.options.publicUrl}/wallet/paypal/return`,
        cancelUrl: `${this.options.publicUrl}/wallet/paypal/cancel`,
        brandName: 'CrimsonHost',
      });
    } catch (error) {
      if (!(error instanceof PayPalError) || error.retryable) {
        this.options.log.warn({ err: error, transactionId }, 'PayPal did not make the order');
        throw unavailable();
      }
      const reason = `PayPal refused the payment: ${error.message}`;
      await this.db.transaction((tx) => this.fail(tx, payment, 'FAILED', reason, false));
      throw new AppError('PAYPAL_REFUSED', 502, reason);
    }
    await repo.recordOrder(this.db, transactionId, order.order.id, order.approveUrl);
    return this.viewOf(transactionId);
  }

  /** One of the user's payments by its order id (404 for anyone else's, as for an unknown one). */
  async payment(userId: string, orderId: string): Promise<PayPalPayment> {
    const row = await repo.findPaymentByOrderOfUser(this.db, userId, orderId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    return repo.toPayPalPayment(row);
  }

  /**
   * The buyer is back from PayPal: capture the order (or read where it stands). Safe to repeat
   * and to race with the webhook: the same PayPal-Request-Id answers the same capture.
   */
  async captureForUser(userId: string, orderId: string): Promise<PayPalPayment> {
    const row = await repo.findPaymentByOrderOfUser(this.db, userId, orderId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    await this.capture(row);
    return this.viewOf(row.transactionId);
  }

  /**
   * The buyer turned back at PayPal. A payment still waiting for approval is cancelled; one PayPal
   * says was approved after all (in another tab) is left to be captured.
   */
  async cancelForUser(userId: string, orderId: string): Promise<PayPalPayment> {
    const row = await repo.findPaymentByOrderOfUser(this.db, userId, orderId);
    if (!row) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    if (row.state !== 'CREATED') return repo.toPayPalPayment(row);
    let order: PayPalOrder | null = null;
    try {
      order = await this.options.client.getOrder(orderId);
    } catch (error) {
      if (!(error instanceof PayPalError) || error.retryable) throw unavailable();
      // RESOURCE_NOT_FOUND: PayPal dropped the order; nothing can be paid on it any more.
    }
    if (order && ['APPROVED', 'COMPLETED'].includes(order.status)) {
      await this.capture(row);
      return this.viewOf(row.transactionId);
    }
    await this.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, row.transactionId);
      if (locked?.state !== 'CREATED') return;
      await this.fail(tx, locked, 'CANCELLED', 'You cancelled the payment at PayPal', false);
    });
    return this.viewOf(row.transactionId);
  }

  /**
   * Captures a payment's order at PayPal and applies the answer. An order that is not approved
   * answers PAYPAL_NOT_APPROVED; one PayPal no longer knows expires the payment; one captured
   * already (by another request id) is read and applied.
   */
  private async capture(row: repo.PayPalPaymentRow): Promise<void> {
    if (!row.orderId || !['CREATED', 'APPROVED', 'CANCELLED', 'EXPIRED'].includes(row.state)) {
      return;
    }
    let order: PayPalOrder;
    try {
      order = await this.options.client.captureOrder(row.orderId, `${row.transactionId}-capture`);
    } catch (error) {
      if (!(error instanceof PayPalError) || error.retryable) {
        this.options.log.warn(
          { err: error, orderId: row.orderId },
          'PayPal capture did not answer',
        );
        throw unavailable();
      }
      if (error.issue === 'ORDER_ALREADY_CAPTURED') {
        order = await this.read(() => this.options.client.getOrder(row.orderId!));
      } else if (error.issue === 'ORDER_NOT_APPROVED') {
        throw new AppError(
          'PAYPAL_NOT_APPROVED',
          409,
          'PayPal has not confirmed your approval of this payment yet. Approve it at PayPal, or try again in a moment.',
        );
      } else if (error.status === 404) {
        await this.db.transaction(async (tx) => {
          const locked = await repo.lockPayment(tx, row.transactionId);
          if (!locked || !repo.OPEN_STATES.includes(locked.state as PayPalPaymentState)) return;
          await this.fail(
            tx,
            locked,
            'EXPIRED',
            'PayPal no longer knows this order: it expired before it was paid',
            true,
          );
        });
        return;
      } else {
        const reason =
          error.issue === 'INSTRUMENT_DECLINED'
            ? 'PayPal declined the funding source you chose'
            : `PayPal refused the capture: ${error.message}`;
        await this.db.transaction(async (tx) => {
          const locked = await repo.lockPayment(tx, row.transactionId);
          if (!locked || !repo.OPEN_STATES.includes(locked.state as PayPalPaymentState)) return;
          await this.fail(tx, locked, 'FAILED', reason, true);
        });
        return;
      }
    }
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (!capture) {
      // Completed orders carry their capture; an approved one without is captured later.
      if (order.status === 'APPROVED') await this.markApproved(row.transactionId);
      return;
    }
    await this.applyCapture(row.transactionId, capture);
  }

  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PayPalError && !error.retryable) throw error;
      throw unavailable();
    }
  }

  private async markApproved(transactionId: string) {
    await this.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, transactionId);
      if (locked?.state !== 'CREATED') return;
      await repo.updatePayment(tx, transactionId, {
        state: 'APPROVED',
        approvedAt: this.clock.now(),
      });
    });
  }

  /**
   * Applies a capture as PayPal reports it, with the payment locked. COMPLETED with the order's
   * amount and currency credits the wallet once; a COMPLETED capture of another amount or currency
   * is refused and kept for staff (it disagrees with the order); PENDING waits; DECLINED, DENIED
   * and FAILED fail the payment. A state never goes back: a late PENDING after COMPLETED changes
   * nothing.
   */
  async applyCapture(transactionId: string, capture: PayPalCapture): Promise<void> {
    const news = await this.db.transaction(async (tx): Promise<PaymentNews | null> => {
      const payment = await repo.lockPayment(tx, transactionId);
      if (!payment) return null;
      if (payment.captureId && payment.captureId !== capture.id) {
        this.options.log.error(
          { transactionId, known: payment.captureId, reported: capture.id },
          'PayPal reported a second capture for one payment; left for staff',
        );
        return null;
      }
      const settled = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED'];
      if (settled.includes(payment.state)) return null;
      const base = { captureId: capture.id, capturedAt: payment.capturedAt ?? this.clock.now() };
      switch (capture.status) {
        case 'COMPLETED': {
          if (
            capture.amount.currency_code !== payment.currency ||
            !sameValue(capture.amount.value, payment.value)
          ) {
            const reason = `PayPal captured ${capture.amount.value} ${capture.amount.currency_code} where the order was for ${payment.value} ${payment.currency}: not credited, staff will settle it`;
            if (payment.state === 'FAILED' && payment.reason === reason) return null;
            await repo.updatePayment(tx, transactionId, base);
            await this.fail(tx, { ...payment, ...base }, 'FAILED', reason, false);
            this.options.log.error({ transactionId, captureId: capture.id }, reason);
            return null;
          }
          // What the renter owes (an earlier payment taken back after it was spent) is paid first.
          const credit = await creditToUser(tx, payment.userId, payment.credit);
          const posting = await postLedgerTransaction(tx, {
            kind: 'PAYPAL_CREDIT',
            reference: `paypal:capture:${capture.id}`,
            postings: [
              { account: paypalClearing(), amount: -payment.usdtAmount },
              ...credit.postings,
              { account: platformRevenue(), amount: payment.fee },
            ].filter((p) => p.amount !== 0n),
          });
          if (posting.posted && credit.settled > 0n) {
            const [row] = await tx
              .select({ description: walletTransactions.description })
              .from(walletTransactions)
              .where(eq(walletTransactions.id, transactionId));
            await wallet.updateWalletTransaction(tx, transactionId, {
              description: `${row?.description ?? 'PayPal payment'}${settledNote(credit.settled)}`,
            });
          }
          await repo.updatePayment(tx, transactionId, {
            ...base,
            state: 'COMPLETED',
            reason: null,
            ledgerTransactionId: posting.ledgerTransactionId,
          });
          await wallet.updateWalletTransaction(tx, transactionId, {
            status: 'CONFIRMED',
            errorMessage: null,
            reference: `paypal:capture:${capture.id}`,
            ledgerTransactionId: posting.ledgerTransactionId,
          });
          return posting.posted ? 'completed' : null;
        }
        case 'PENDING': {
          if (payment.state === 'PENDING') return null;
          const code = capture.status_details?.reason ?? 'OTHER';
          await repo.updatePayment(tx, transactionId, {
            ...base,
            state: 'PENDING',
            reason: PENDING_REASONS[code] ?? PENDING_REASONS.OTHER!,
          });
          return 'pending';
        }
        case 'DECLINED':
        case 'DENIED':
        case 'FAILED': {
          if (payment.state === 'FAILED') return null;
          // A pending capture PayPal refuses after its review reads DECLINED (the event says
          // PAYMENT.CAPTURE.DENIED): the renter was told it was pending, so say it was denied.
          const reason =
            capture.status === 'DENIED' || payment.state === 'PENDING'
              ? 'PayPal denied the payment after reviewing it'
              : 'PayPal declined the payment';
          await repo.updatePayment(tx, transactionId, base);
          await this.fail(tx, { ...payment, ...base }, 'FAILED', reason, false);
          return 'failed';
        }
        default:
          // REFUNDED, PARTIALLY_REFUNDED, REVERSED of a capture never credited: nothing to take.
          return null;
      }
    });
    if (news) await this.tell(transactionId, news);
  }

  /** Marks a payment and its wallet transaction failed (in the caller's transaction). */
  private async fail(
    tx: Executor,
    payment: repo.PayPalPaymentRow,
    state: 'FAILED' | 'CANCELLED' | 'EXPIRED',
    reason: string,
    tell: boolean,
  ) {
    await repo.updatePayment(tx, payment.transactionId, { state, reason });
    await wallet.updateWalletTransaction(tx, payment.transactionId, {
      status: 'FAILED',
      errorMessage: reason,
    });
    if (tell) await this.enqueueNews(tx, { ...payment, state, reason }, 'failed');
  }

  private async tell(transactionId: string, news: PaymentNews, amount?: bigint) {
    await this.db.transaction(async (tx) => {
      const payment = await repo.findPayment(tx, transactionId);
      if (payment) await this.enqueueNews(tx, payment, news, amount);
    });
  }

  private async enqueueNews(
    tx: Executor,
    payment: repo.PayPalPaymentRow,
    news: PaymentNews,
    refunded?: bigint,
  ) {
    const [user] = await tx
      .select({ email: users.email, name: users.displayName })
      .from(users)
      .where(eq(users.id, payment.userId));
    if (!user) return;
    await enqueueMail(
      tx,
      paypalPaymentMail(
        user,
        news,
        payment,
        `${this.options.publicUrl}/wallet/transactions/${payment.transactionId}`,
        refunded,
      ),
    );
  }

  private async viewOf(transactionId: string): Promise<PayPalPayment> {
    const row = await repo.findPayment(this.db, transactionId);
    if (!row) throw new Error(`PayPal payment ${transactionId} vanished`);
    return repo.toPayPalPayment(row);
  }

  /**
   * One webhook delivery: the signature is checked on the raw bytes before anything is read from
   * them (a bad or missing one answers 400 and stores nothing); the event is stored once by its
   * id and processed once. A failure while processing answers 500, so PayPal delivers it again,
   * and leaves the event for the reconciliation job.
   */
  async receiveWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Promise<WebhookAnswer> {
    const transmission = readTransmission(headers);
    const verified = await this.options.verifier.verify(transmission, body);
    if (!verified.ok) return { status: 400, reason: verified.reason };
    let event: z.infer<typeof eventSchema>;
    try {
      event = eventSchema.parse(JSON.parse(body.toString('utf8')));
    } catch {
      return { status: 400, reason: 'the event is not PayPal event JSON' };
    }
    const stored = await repo.storeEvent(this.db, {
      eventId: event.id,
      eventType: event.event_type,
      resourceId: typeof event.resource.id === 'string' ? event.resource.id : null,
      transmissionId: transmission!.id,
      body: event,
    });
    if (stored === 'processed') return { status: 200, outcome: 'already processed' };
    try {
      return { status: 200, outcome: await this.processEvent(event.id) };
    } catch (error) {
      this.options.log.warn({ err: error, eventId: event.id }, 'PayPal event not processed yet');
      return { status: 500, reason: 'the event could not be processed yet' };
    }
  }

  /** Processes a stored event that is not processed yet; answers what it did, in words. */
  async processEvent(eventId: string): Promise<string> {
    const claimed = await repo.unprocessedEvent(this.db, eventId);
    if (!claimed) return 'already processed';
    const event = eventSchema.parse(claimed.body);
    let outcome: string;
    try {
      outcome = await this.handle(event);
    } catch (error) {
      await repo.failEvent(
        this.db,
        eventId,
        `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw error;
    }
    await repo.finishEvent(this.db, eventId, outcome);
    return outcome;
  }

  private async handle(event: z.infer<typeof eventSchema>): Promise<string> {
    const resource = event.resource;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const orderId = typeof resource.id === 'string' ? resource.id : '';
        const row = await repo.findPaymentByOrder(this.db, orderId);
        if (!row) return 'no payment of ours';
        await this.markApproved(row.transactionId);
        await this.capture({ ...row, state: row.state === 'CREATED' ? 'APPROVED' : row.state });
        return `order ${orderId}: ${(await repo.findPayment(this.db, row.transactionId))?.state}`;
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED': {
        const captureId = typeof resource.id === 'string' ? resource.id : '';
        const row = captureId ? await this.paymentOfCapture(resource) : undefined;
        if (!row) return 'no payment of ours';
        // The event may be older than what PayPal knows now (events arrive out of order): the
        // capture is read again and its present state applied.
        const capture = await this.read(() => this.options.client.getCapture(captureId));
        await this.applyCapture(row.transactionId, capture);
        return `capture ${captureId}: ${(await repo.findPayment(this.db, row.transactionId))?.state}`;
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
        return this.refundReported(resource, 'REFUND');
      case 'PAYMENT.CAPTURE.REVERSED':
        return this.refundReported(resource, 'REVERSAL');
      case 'CUSTOMER.DISPUTE.CREATED':
        return this.disputeOpened(resource);
      case 'CUSTOMER.DISPUTE.RESOLVED':
        return this.disputeResolved(resource);
      default:
        return `not handled: ${event.event_type}`;
    }
  }

  /** The payment a capture belongs to: by its order, or by our custom id. */
  private async paymentOfCapture(resource: Record<string, unknown>) {
    const parsed = z
      .object({
        custom_id: z.string().optional(),
        supplementary_data: z
          .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
          .optional(),
      })
      .safeParse(resource);
    if (!parsed.success) return undefined;
    const orderId = parsed.data.supplementary_data?.related_ids?.order_id;
    if (orderId) {
      const row = await repo.findPaymentByOrder(this.db, orderId);
      if (row) return row;
    }
    const customId = parsed.data.custom_id;
    if (customId && /^[0-9a-f-]{36}$/i.test(customId)) return repo.findPayment(this.db, customId);
    return undefined;
  }

  /** USDT of `value` (in the payment's currency) at the payment's own rate. */
  private usdtOf(payment: repo.PayPalPaymentRow, value: string): bigint {
    return (parseUsdt(value) * payment.usdtAmount) / parseUsdt(payment.value);
  }

  /** The wallet's share of `amount` USDT of a payment: what reached the wallet of it (less the fee). */
  private walletShare(payment: repo.PayPalPaymentRow, before: bigint, after: bigint): bigint {
    const share = (total: bigint) => (total * payment.credit) / payment.usdtAmount;
    return share(after) - share(before);
  }

  /**
   * Takes back, in the caller's transaction and with the payment locked, money PayPal gave back to
   * the buyer: a refund (staff's, or one made at PayPal) or a reversal (a chargeback). Once per
   * PayPal refund id (the ledger reference `paypal:refund:<capture id>:<refund id>`), never more than what is left of
   * the payment. The wallet's share of it is taken from the wallet as far as it goes and the rest
   * recorded as owed (no balance goes below zero); the fee's share comes out of revenue; PayPal
   * clearing comes back up by all of it. Answers what moved, or null when nothing did.
   */
  private async applyRefund(
    tx: Executor,
    payment: repo.PayPalPaymentRow,
    refund: { id: string; value: string; currency: string },
    kind: 'REFUND' | 'REVERSAL',
  ): Promise<{ amount: bigint; taken: bigint; owed: bigint } | null> {
    if (!['COMPLETED', 'PARTIALLY_REFUNDED'].includes(payment.state)) {
      // Nothing of it reached the wallet (never completed, or all of it taken back already).
      return null;
    }
    if (refund.currency !== payment.currency) {
      this.options.log.error(
        { transactionId: payment.transactionId, refund },
        'PayPal reported a refund in another currency than its payment; left for staff',
      );
      return null;
    }
    const remaining = payment.usdtAmount - payment.refunded;
    const asked = this.usdtOf(payment, refund.value);
    const amount = asked < remaining ? asked : remaining;
    if (amount <= 0n) return null;
    const after = payment.refunded + amount;
    const share = this.walletShare(payment, payment.refunded, after);
    const take = await takeFromUser(tx, payment.userId, share);
    const reference = `paypal:refund:${payment.captureId}:${refund.id}`;
    const posting = await postLedgerTransaction(tx, {
      kind: kind === 'REVERSAL' ? 'PAYPAL_REVERSAL' : 'PAYPAL_REFUND',
      reference,
      postings: [
        { account: paypalClearing(), amount },
        ...take.postings,
        { account: platformRevenue(), amount: -(amount - share) },
      ].filter((p) => p.amount !== 0n),
    });
    if (!posting.posted) return null;
    const refundedValue = currencyValue(parseUsdt(payment.refundedValue) + parseUsdt(refund.value));
    const full = after >= payment.usdtAmount;
    const state = full ? (kind === 'REVERSAL' ? 'REVERSED' : 'REFUNDED') : 'PARTIALLY_REFUNDED';
    const given = `${refund.value} ${refund.currency}`;
    const reason =
      kind === 'REVERSAL'
        ? `PayPal reversed the payment (a chargeback): ${given} went back to the buyer`
        : `${given} refunded through PayPal`;
    await repo.updatePayment(tx, payment.transactionId, {
      refunded: after,
      refundedValue,
      state,
      reason,
    });
    const owedNote =
      take.owed > 0n
        ? `; your wallet held ${plainAmount(take.taken)} USDT of it, so your account owes ${plainAmount(take.owed)} USDT`
        : '';
    await wallet.insertWalletTransaction(tx, {
      userId: payment.userId,
      type: 'REFUND',
      status: 'CONFIRMED',
      amount,
      currency: 'USDT',
      paymentMethod: 'paypal',
      description: `${kind === 'REVERSAL' ? 'Chargeback' : 'Refund'} of ${given} of your PayPal payment of ${payment.value} ${payment.currency}${owedNote}`,
      reference,
      ledgerTransactionId: posting.ledgerTransactionId,
    });
    return { amount, taken: take.taken, owed: take.owed };
  }

  /**
   * A refund or reversal PayPal reports (PAYMENT.CAPTURE.REFUNDED or REVERSED, whoever started
   * it): the refund resource names its capture in its `up` link.
   */
  private async refundReported(
    resource: Record<string, unknown>,
    kind: 'REFUND' | 'REVERSAL',
  ): Promise<string> {
    const parsed = z
      .object({
        id: z.string(),
        amount: z.object({ value: z.string(), currency_code: z.string() }),
        links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
        custom_id: z.string().optional(),
      })
      .safeParse(resource);
    if (!parsed.success) return 'not a refund PayPal describes';
    const up = parsed.data.links?.find((link) => link.rel === 'up')?.href;
    const captureId = up ? /\/captures\/([^/?]+)/.exec(up)?.[1] : undefined;
    const row = captureId ? await repo.findPaymentByCapture(this.db, captureId) : undefined;
    if (!row) return 'no payment of ours';
    const moved = await this.db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, row.transactionId);
      if (!payment) return null;
      return this.applyRefund(
        tx,
        payment,
        {
          id: parsed.data.id,
          value: parsed.data.amount.value,
          currency: parsed.data.amount.currency_code,
        },
        kind,
      );
    });
    if (moved) await this.tell(row.transactionId, 'refunded', moved.amount);
    return moved
      ? `${kind.toLowerCase()} of ${plainAmount(moved.amount)} USDT taken back (${plainAmount(moved.owed)} owed)`
      : `${kind.toLowerCase()} ${parsed.data.id}: nothing left to take back`;
  }

  /**
   * Staff refund a PayPal payment, whole or part (issue 19 point 5), while that much of it is
   * unspent in the wallet: PayPal is asked first (PayPal-Request-Id from the staff's
   * Idempotency-Key, so a retry refunds once), then the same take-back as a refund PayPal reports
   * runs under the refund's id, so the webhook that follows moves nothing more.
   */
  async refundByStaff(
    transactionId: string,
    input: { value?: string; key: string },
  ): Promise<{
    payment: repo.PayPalPaymentRow;
    refundId: string;
    amount: bigint;
    /** False when this refund had moved already (a retry of the same key). */
    moved: boolean;
  }> {
    const payment = await repo.findPayment(this.db, transactionId);
    if (!payment) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    if (!payment.captureId || !['COMPLETED', 'PARTIALLY_REFUNDED'].includes(payment.state)) {
      throw new AppError(
        'PAYPAL_NOT_REFUNDABLE',
        409,
        'Only a completed PayPal payment can be refunded.',
      );
    }
    const left = parseUsdt(payment.value) - parseUsdt(payment.refundedValue);
    const problem = refundProblem(input.value ?? currencyValue(left), left, payment.currency);
    if (problem) {
      throw new AppError('VALIDATION_ERROR', 400, problem, {
        fields: [{ field: 'amount', message: problem }],
      });
    }
    // As PayPal takes it and the renter reads it: "5" is "5.00".
    const value = currencyValue(parseUsdt(input.value ?? currencyValue(left)));
    const amount = this.usdtOf(payment, value);
    const share = this.walletShare(payment, payment.refunded, payment.refunded + amount);
    const available = await accountBalance(this.db, userWallet(payment.userId));
    if (share > available) {
      throw new AppError(
        'PAYPAL_REFUND_SPENT',
        409,
        `Only ${plainAmount(available)} USDT of this payment is unspent in the wallet, and this refund would take ${plainAmount(share)} USDT: refund less.`,
      );
    }
    let refund: { id: string; status: string };
    try {
      refund = await this.options.client.refundCapture(
        payment.captureId,
        `${transactionId}-refund-${createHash('sha256').update(input.key).digest('hex').slice(0, 32)}`,
        { value, currency: payment.currency },
      );
    } catch (error) {
      if (error instanceof PayPalError && !error.retryable) {
        throw new AppError('PAYPAL_REFUSED', 502, `PayPal refused the refund: ${error.message}`);
      }
      throw unavailable();
    }
    if (!['COMPLETED', 'PENDING'].includes(refund.status)) {
      throw new AppError(
        'PAYPAL_REFUSED',
        502,
        `PayPal did not make the refund (${refund.status})`,
      );
    }
    const moved = await this.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, transactionId);
      if (!locked) return null;
      return this.applyRefund(
        tx,
        locked,
        { id: refund.id, value, currency: payment.currency },
        'REFUND',
      );
    });
    if (moved) await this.tell(transactionId, 'refunded', moved.amount);
    return {
      payment: (await repo.findPayment(this.db, transactionId))!,
      refundId: refund.id,
      amount: moved?.amount ?? amount,
      moved: moved !== null,
    };
  }

  /**
   * A buyer opened a dispute at PayPal (CUSTOMER.DISPUTE.CREATED): the wallet's share of the
   * disputed amount is held (taken from the wallet as far as it goes, the rest owed) until PayPal
   * resolves it.
   */
  private async disputeOpened(resource: Record<string, unknown>): Promise<string> {
    const dispute = disputeSchema.safeParse(resource);
    if (!dispute.success) return 'not a dispute PayPal describes';
    const captureId = dispute.data.disputed_transactions[0]?.seller_transaction_id;
    const row = captureId ? await repo.findPaymentByCapture(this.db, captureId) : undefined;
    if (!row) return 'no payment of ours';
    const { value, currency_code: currency } = dispute.data.dispute_amount;
    return this.db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, row.transactionId);
      if (!payment) return 'no payment of ours';
      const remaining = payment.usdtAmount - payment.refunded;
      const asked = currency === payment.currency ? this.usdtOf(payment, value) : remaining;
      const amount = asked < remaining ? asked : remaining;
      const held = this.walletShare(payment, 0n, amount);
      const recorded = await repo.insertDispute(tx, {
        disputeId: dispute.data.dispute_id,
        transactionId: payment.transactionId,
        currency,
        value,
        usdtAmount: amount,
        held,
      });
      if (!recorded) return `dispute ${dispute.data.dispute_id}: already held`;
      if (held === 0n) return `dispute ${dispute.data.dispute_id}: nothing to hold`;
      const take = await takeFromUser(tx, payment.userId, held);
      const reference = `paypal:dispute:${dispute.data.dispute_id}:hold`;
      const posting = await postLedgerTransaction(tx, {
        kind: 'PAYPAL_DISPUTE_HOLD',
        reference,
        postings: [{ account: userDisputeHold(payment.userId), amount: held }, ...take.postings],
      });
      const owedNote =
        take.owed > 0n ? `; ${plainAmount(take.owed)} USDT of it is owed until then` : '';
      await wallet.insertWalletTransaction(tx, {
        userId: payment.userId,
        type: 'REFUND',
        status: 'PENDING',
        amount: held,
        currency: 'USDT',
        paymentMethod: 'paypal',
        description: `Held while the buyer's dispute at PayPal on your payment of ${payment.value} ${payment.currency} is open${owedNote}`,
        reference,
        ledgerTransactionId: posting.ledgerTransactionId,
      });
      return `dispute ${dispute.data.dispute_id}: ${plainAmount(held)} USDT held`;
    });
  }

  /**
   * PayPal resolved a dispute (CUSTOMER.DISPUTE.RESOLVED). In the seller's favour the hold goes
   * back to the wallet (paying first what the hold made owed); in the buyer's favour PayPal kept
   * the money for the buyer: the hold leaves as a take-back of the payment, as far as a reversal
   * reported meanwhile has not taken it already (the rest goes back to the wallet).
   */
  private async disputeResolved(resource: Record<string, unknown>): Promise<string> {
    const dispute = disputeSchema.safeParse(resource);
    if (!dispute.success) return 'not a dispute PayPal describes';
    const id = dispute.data.dispute_id;
    const buyerWon = dispute.data.dispute_outcome?.outcome_code === 'RESOLVED_BUYER_FAVOUR';
    const done = await this.db.transaction(async (tx) => {
      const open = await repo.lockOpenDispute(tx, id);
      if (!open) return null;
      const payment = await repo.lockPayment(tx, open.transactionId);
      if (!payment) return null;
      const remaining = payment.usdtAmount - payment.refunded;
      const lost = buyerWon ? (open.usdtAmount < remaining ? open.usdtAmount : remaining) : 0n;
      const lostShare =
        lost === 0n ? 0n : this.walletShare(payment, payment.refunded, payment.refunded + lost);
      const kept = lostShare < open.held ? lostShare : open.held;
      const back = open.held - kept;
      const postings = [];
      if (open.held > 0n)
        postings.push({ account: userDisputeHold(payment.userId), amount: -open.held });
      if (back > 0n) postings.push(...(await creditToUser(tx, payment.userId, back)).postings);
      if (lost > 0n) {
        postings.push(
          { account: paypalClearing(), amount: lost },
          { account: platformRevenue(), amount: -(lost - kept) },
        );
        // What the hold did not cover of the wallet's share is taken now (or owed).
        if (lostShare > kept)
          postings.push(...(await takeFromUser(tx, payment.userId, lostShare - kept)).postings);
      }
      const reference = `paypal:dispute:${id}:${buyerWon ? 'lost' : 'release'}`;
      const netted = netPostings(postings);
      const posting =
        netted.length >= 2
          ? await postLedgerTransaction(tx, {
              kind: buyerWon ? 'PAYPAL_DISPUTE_LOST' : 'PAYPAL_DISPUTE_RELEASE',
              reference,
              postings: netted,
            })
          : null;
      await repo.updateDispute(tx, id, {
        status: 'RESOLVED',
        wonBy: buyerWon ? 'BUYER' : 'SELLER',
        resolvedAt: this.clock.now(),
      });
      await wallet.updateWalletTransactionByReference(tx, `paypal:dispute:${id}:hold`, {
        status: 'CONFIRMED',
      });
      if (lost > 0n) {
        const after = payment.refunded + lost;
        await repo.updatePayment(tx, payment.transactionId, {
          refunded: after,
          refundedValue: currencyValue(parseUsdt(payment.refundedValue) + parseUsdt(open.value)),
          state: after >= payment.usdtAmount ? 'REVERSED' : 'PARTIALLY_REFUNDED',
          reason: `PayPal decided the buyer's dispute for the buyer: ${open.value} ${open.currency} went back to them`,
        });
      }
      if (posting?.posted && (back > 0n || lost > 0n)) {
        await wallet.insertWalletTransaction(tx, {
          userId: payment.userId,
          type: 'REFUND',
          status: 'CONFIRMED',
          amount: buyerWon ? lost : back,
          currency: 'USDT',
          paymentMethod: 'paypal',
          description: buyerWon
            ? `PayPal decided the dispute on your payment of ${payment.value} ${payment.currency} for the buyer: the held money went back to them`
            : `Released: PayPal closed the dispute on your payment of ${payment.value} ${payment.currency} in your favour`,
          reference,
          ledgerTransactionId: posting.ledgerTransactionId,
        });
      }
      return { buyerWon, transactionId: payment.transactionId, lost };
    });
    if (!done) return `dispute ${id}: not open`;
    if (done.lost > 0n) await this.tell(done.transactionId, 'refunded', done.lost);
    return `dispute ${id}: resolved for the ${done.buyerWon ? 'buyer' : 'seller'}`;
  }

  /**
   * Reconciliation (issue 19 point 4), one pass: events stored and not processed are processed
   * again; every open payment not touched for a minute is read at PayPal and brought in line: an
   * approved order is captured, an order never approved within APPROVAL_WINDOW_MS expires, a
   * pending capture is read until it settles, an order PayPal no longer knows expires. Safe with
   * several instances (the scheduler runs it on one; every step is idempotent anyway).
   */
  async reconcile(signal?: AbortSignal): Promise<{ events: number; payments: number }> {
    const now = this.clock.now();
    let events = 0;
    for (const { eventId } of await repo.unprocessedEvents(
      this.db,
      new Date(now.getTime() - 60_000),
      50,
    )) {
      if (signal?.aborted) break;
      await this.processEvent(eventId).then(
        () => (events += 1),
        (error: unknown) =>
          this.options.log.warn({ err: error, eventId }, 'PayPal event still not processed'),
      );
    }
    let payments = 0;
    for (const row of await repo.openPaymentsBefore(
      this.db,
      new Date(now.getTime() - 60_000),
      50,
    )) {
      if (signal?.aborted) break;
      try {
        await this.reconcilePayment(row, now);
        payments += 1;
      } catch (error) {
        this.options.log.warn(
          { err: error, transactionId: row.transactionId },
          'PayPal payment not reconciled yet',
        );
      }
    }
    return { events, payments };
  }

  private async reconcilePayment(row: repo.PayPalPaymentRow, now: Date) {
    const old = now.getTime() - row.createdAt.getTime() > APPROVAL_WINDOW_MS;
    if (!row.orderId) {
      // PayPal never answered the order's creation and the renter never retried.
      if (now.getTime() - row.createdAt.getTime() > 10 * 60_000) {
        await this.expire(row.transactionId, 'PayPal did not answer when the payment was started');
      }
      return;
    }
    if (row.state === 'PENDING' && row.captureId) {
      const capture = await this.read(() => this.options.client.getCapture(row.captureId!));
      await this.applyCapture(row.transactionId, capture);
      await repo.touchPayment(this.db, row.transactionId);
      return;
    }
    let order: PayPalOrder;
    try {
      order = await this.read(() => this.options.client.getOrder(row.orderId!));
    } catch (error) {
      if (error instanceof PayPalError && error.status === 404) {
        await this.expire(row.transactionId, 'The payment was not approved at PayPal in time');
        return;
      }
      throw error;
    }
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (capture) {
      await this.applyCapture(row.transactionId, capture);
    } else if (order.status === 'APPROVED') {
      await this.capture({ ...row, state: 'APPROVED' });
    } else if (old) {
      await this.expire(row.transactionId, 'The payment was not approved at PayPal within 3 hours');
    }
    await repo.touchPayment(this.db, row.transactionId);
  }

  private async expire(transactionId: string, reason: string) {
    await this.db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, transactionId);
      if (!locked || !['CREATED', 'APPROVED'].includes(locked.state)) return;
      await this.fail(tx, locked, 'EXPIRED', reason, false);
    });
  }

  /** The reconciliation job: every minute (every 5 s against the demo's PayPal). */
  job(intervalMs = 60_000): JobDefinition {
    return {
      name: 'paypal-reconciliation',
      intervalMs,
      leaseMs: 5 * 60_000,
      run: async (signal) => {
        const done = await this.reconcile(signal);
        if (done.events + done.payments > 0) {
          this.options.log.info(done, 'PayPal payments reconciled');
        }
      },
    };
  }
}
