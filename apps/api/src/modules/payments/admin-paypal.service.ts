import type {
  AdminPayPalDetail,
  AdminPayPalDispute,
  AdminPayPalPayment,
  PayPalFinding,
  PayPalReconciliation,
} from '@crimsonhost/shared/admin-paypal';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { currencyValue } from '@crimsonhost/shared/paypal';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditActor, AuditService } from '../audit/audit.service';
import { accountBalance, owedBy, paypalClearing, userWallet } from '../wallet/ledger.service';
import { APPROVAL_WINDOW_MS, type PayPalService } from './paypal.service';
import { toPayPalPayment, type PayPalPaymentRow } from './paypal-payments.repository';

interface PaymentWithUser {
  transaction_id: string;
  user_id: string;
  order_id: string | null;
  capture_id: string | null;
  currency: string;
  value: string;
  usdt_amount: string;
  fee: string;
  credit: string;
  refunded: string;
  refunded_value: string;
  state: string;
  reason: string | null;
  approve_url: string | null;
  approved_at: Date | null;
  captured_at: Date | null;
  ledger_transaction_id: string | null;
  created_at: Date;
  updated_at: Date;
  email: string;
  name: string;
  total?: number;
}

const toRow = (row: PaymentWithUser): PayPalPaymentRow => ({
  transactionId: row.transaction_id,
  userId: row.user_id,
  orderId: row.order_id,
  captureId: row.capture_id,
  currency: row.currency,
  value: row.value,
  usdtAmount: BigInt(row.usdt_amount),
  fee: BigInt(row.fee),
  credit: BigInt(row.credit),
  refunded: BigInt(row.refunded),
  refundedValue: row.refunded_value,
  state: row.state,
  reason: row.reason,
  approveUrl: row.approve_url,
  approvedAt: row.approved_at && new Date(row.approved_at),
  capturedAt: row.captured_at && new Date(row.captured_at),
  ledgerTransactionId: row.ledger_transaction_id,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

function toAdminPayment(row: PaymentWithUser): AdminPayPalPayment {
  const payment = toRow(row);
  const refundable = ['COMPLETED', 'PARTIALLY_REFUNDED'].includes(payment.state)
    ? parseUsdt(payment.value) - parseUsdt(payment.refundedValue)
    : 0n;
  return {
    ...toPayPalPayment(payment),
    user: { id: row.user_id, email: row.email, name: row.name },
    refundableValue: currencyValue(refundable),
    refundedValue: payment.refundedValue,
  };
}

const paymentColumns = sql`p.transaction_id, p.user_id, p.order_id, p.capture_id, p.currency, p.value,
  p.usdt_amount::text, p.fee::text, p.credit::text, p.refunded::text, p.refunded_value, p.state,
  p.reason, p.approve_url, p.approved_at, p.captured_at, p.ledger_transaction_id, p.created_at,
  p.updated_at, u.email, u.display_name as name`;

interface DisputeRow {
  dispute_id: string;
  transaction_id: string;
  value: string;
  currency: string;
  held: string;
  status: 'OPEN' | 'RESOLVED';
  won_by: 'BUYER' | 'SELLER' | null;
  created_at: Date;
  resolved_at: Date | null;
  user_id: string;
  email: string;
  name: string;
}

const toDispute = (row: DisputeRow): AdminPayPalDispute => ({
  disputeId: row.dispute_id,
  transactionId: row.transaction_id,
  value: row.value,
  currency: row.currency,
  held: toUsdtString(BigInt(row.held)),
  status: row.status,
  wonBy: row.won_by,
  createdAt: new Date(row.created_at).toISOString(),
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  user: { id: row.user_id, email: row.email, name: row.name },
});

const disputeQuery = sql`select d.dispute_id, d.transaction_id, d.value, d.currency, d.held::text,
  d.status, d.won_by, d.created_at, d.resolved_at, p.user_id, u.email, u.display_name as name
  from paypal_disputes d join paypal_payments p on p.transaction_id = d.transaction_id
  join users u on u.id = p.user_id`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The staff area's PayPal section (issue 19 points 4 and 5): the payments, one payment with what
 * took it back, an admin's refund (audited), and reconciliation's findings beside the ledger.
 */
export class AdminPayPalService {
  constructor(
    private readonly deps: {
      db: Database;
      paypal: PayPalService | null;
      audit: AuditService;
    },
  ) {}

  async list(query: { state?: string; q?: string; page: number; pageSize: number }) {
    const words = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await queryRows<PaymentWithUser>(
      this.deps.db,
      sql`select ${paymentColumns}, count(*) over ()::int as total
            from paypal_payments p join users u on u.id = p.user_id
           where (${query.state ?? null}::text is null or p.state = ${query.state ?? null})
             and (${words}::text is null or p.order_id ilike ${words} or p.capture_id ilike ${words}
                  or p.transaction_id::text ilike ${words} or u.email ilike ${words}
                  or u.display_name ilike ${words})
           order by p.created_at desc, p.transaction_id desc
           limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    return {
      data: rows.map(toAdminPayment),
      meta: { page: query.page, pageSize: query.pageSize, total: rows[0]?.total ?? 0 },
    };
  }

  async detail(transactionId: string): Promise<AdminPayPalDetail> {
    if (!UUID.test(transactionId)) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    const { db } = this.deps;
    const [row] = await queryRows<PaymentWithUser>(
      db,
      sql`select ${paymentColumns} from paypal_payments p join users u on u.id = p.user_id
           where p.transaction_id = ${transactionId}`,
    );
    if (!row) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    const disputes = await queryRows<DisputeRow>(
      db,
      sql`${disputeQuery} where d.transaction_id = ${transactionId} order by d.created_at`,
    );
    const references = [
      ...(row.capture_id ? [`paypal:refund:${row.capture_id}:%`] : []),
      ...disputes.map((d) => `paypal:dispute:${d.dispute_id}:%`),
    ];
    const refunds =
      references.length === 0
        ? []
        : await queryRows<{
            reference: string;
            description: string;
            amount: string;
            from_wallet: string;
            status: 'PENDING' | 'CONFIRMED' | 'FAILED';
            created_at: Date;
          }>(
            db,
            sql`select w.reference, w.description, w.amount::text, w.status, w.created_at,
                       coalesce((select -sum(e.amount) from ledger_entries e
                                   join ledger_transactions t on t.id = e.ledger_transaction_id
                                   join ledger_accounts a on a.id = e.account_id
                                  where t.reference = w.reference and a.kind = 'USER_WALLET'), 0)::text as from_wallet
                  from wallet_transactions w
                 where w.user_id = ${row.user_id}
                   and (${sql.join(
                     references.map((pattern) => sql`w.reference like ${pattern}`),
                     sql` or `,
                   )})
                 order by w.created_at, w.id`,
          );
    const [available, owed] = await Promise.all([
      accountBalance(db, userWallet(row.user_id)),
      owedBy(db, row.user_id),
    ]);
    return {
      ...toAdminPayment(row),
      refunds: refunds.map((r) => ({
        reference: r.reference,
        description: r.description,
        amount: toUsdtString(BigInt(r.amount)),
        fromWallet: toUsdtString(BigInt(r.from_wallet)),
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      disputes: disputes.map(toDispute),
      walletAvailable: toUsdtString(available),
      owed: toUsdtString(owed),
    };
  }

  /** An admin refunds a payment, whole or part; audited with the reason. */
  async refund(
    actor: AuditActor,
    transactionId: string,
    input: { amount?: string; reason: string },
    key: string,
  ): Promise<AdminPayPalDetail> {
    if (!UUID.test(transactionId)) throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
    const paypal = this.deps.paypal;
    if (!paypal) {
      throw new AppError('PAYPAL_OFF', 409, 'PayPal is not configured here: refund it at PayPal.');
    }
    const before = await this.detail(transactionId);
    const done = await paypal.refundByStaff(transactionId, { value: input.amount, key });
    // A retry of the same key finds the refund made: it is recorded once.
    if (!done.moved) return this.detail(transactionId);
    await this.deps.db.transaction((tx) =>
      this.deps.audit.record(tx, actor, {
        action: 'paypal.refunded',
        targetType: 'paypal_payment',
        targetId: transactionId,
        targetLabel: `${before.value} ${before.currency} of ${before.user.email}`,
        before: { state: before.state, refundedValue: before.refundedValue },
        after: {
          state: done.payment.state,
          refundedValue: done.payment.refundedValue,
          refundId: done.refundId,
          usdt: toUsdtString(done.amount),
          reason: input.reason,
        },
      }),
    );
    return this.detail(transactionId);
  }

  /** What disagrees with the ledger or waits too long, the debts and the open disputes. */
  async reconciliation(now = new Date()): Promise<PayPalReconciliation> {
    const { db } = this.deps;
    const stuckBefore = new Date(now.getTime() - APPROVAL_WINDOW_MS - 10 * 60_000).toISOString();
    const pendingBefore = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const eventsBefore = new Date(now.getTime() - 5 * 60_000).toISOString();
    const findings = await queryRows<{
      kind: PayPalFinding['kind'];
      transaction_id: string | null;
      reference: string | null;
      detail: string;
      since: Date;
    }>(
      db,
      sql`select 'CAPTURED_NOT_CREDITED' as kind, p.transaction_id, p.capture_id as reference,
                 coalesce(p.reason, 'PayPal captured it and the wallet was not credited') as detail,
                 coalesce(p.captured_at, p.updated_at) as since
            from paypal_payments p where p.state = 'FAILED' and p.capture_id is not null
          union all
          select 'COMPLETED_WITHOUT_CREDIT', p.transaction_id, 'paypal:capture:' || p.capture_id,
                 'Marked ' || lower(p.state) || ' with no PayPal credit in the ledger', p.updated_at
            from paypal_payments p
           where p.state in ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED')
             and not exists (select 1 from ledger_transactions t
                              where t.reference = 'paypal:capture:' || p.capture_id)
          union all
          select 'CREDIT_WITHOUT_PAYMENT', null, t.reference,
                 'A PayPal credit in the ledger that no completed payment explains', t.created_at
            from ledger_transactions t
           where t.kind = 'PAYPAL_CREDIT'
             and not exists (select 1 from paypal_payments p
                              where 'paypal:capture:' || p.capture_id = t.reference
                                and p.state in ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED'))
          union all
          select 'STUCK', p.transaction_id, p.order_id,
                 case p.state when 'PENDING' then 'PayPal has held the capture for over a week'
                      else 'Open for longer than PayPal''s three hours to approve' end,
                 p.created_at
            from paypal_payments p
           where (p.state in ('CREATED', 'APPROVED') and p.created_at < ${stuckBefore}::timestamptz)
              or (p.state = 'PENDING' and p.captured_at < ${pendingBefore}::timestamptz)
          union all
          select 'EVENT_NOT_PROCESSED', null, e.event_id,
                 e.event_type || coalesce(': ' || e.outcome, ''), e.received_at
            from paypal_webhook_events e
           where e.processed_at is null and e.received_at < ${eventsBefore}::timestamptz
          order by 5 desc
          limit 200`,
    );
    const debts = await queryRows<{ id: string; email: string; name: string; owed: string }>(
      db,
      sql`select u.id, u.email, u.display_name as name, (-sum(e.amount))::text as owed
            from ledger_accounts a join ledger_entries e on e.account_id = a.id
            join users u on u.id = a.owner_id
           where a.kind = 'USER_DEBT'
           group by u.id, u.email, u.display_name
          having sum(e.amount) < 0
           order by sum(e.amount), u.id
           limit 200`,
    );
    const disputes = await queryRows<DisputeRow>(
      db,
      sql`${disputeQuery} where d.status = 'OPEN' order by d.created_at limit 200`,
    );
    return {
      findings: findings.map((f) => ({
        kind: f.kind,
        transactionId: f.transaction_id,
        reference: f.reference,
        detail: f.detail,
        since: new Date(f.since).toISOString(),
      })),
      debts: debts.map((d) => ({
        user: { id: d.id, email: d.email, name: d.name },
        owed: toUsdtString(BigInt(d.owed)),
      })),
      openDisputes: disputes.map(toDispute),
      paypalClearing: toUsdtString(await accountBalance(db, paypalClearing())),
      checkedAt: now.toISOString(),
    };
  }
}
