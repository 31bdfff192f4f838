import { randomBytes, randomInt, randomUUID, sign, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { listen } from './listen';
import { createSigningCertificate } from './paypal-certificate';

export type PayPalCaptureOutcome =
  | { status: 'COMPLETED' }
  /** The capture is created PENDING with `status_details.reason` (default PENDING_REVIEW). */
  | { status: 'PENDING'; reason?: string }
  /** The capture is created with status DECLINED. */
  | { status: 'DECLINED' }
  /** The capture call answers 422 INSTRUMENT_DECLINED and the order stays APPROVED. */
  | { status: 'INSTRUMENT_DECLINED' };

export type PayPalRoute =
  | 'token'
  | 'create-order'
  | 'get-order'
  | 'capture'
  | 'get-capture'
  | 'refund'
  | 'get-refund'
  | 'get-dispute'
  | 'get-event'
  | 'verify-signature';

export type PayPalFault =
  { status: 401 | 429 | 500 | 503; times?: number } | { hangMs: number; times?: number };

export interface PayPalDelivery {
  eventId: string;
  eventType: string;
  attempt: number;
  status: number | 'error';
  at: Date;
  /** The `paypal-transmission-id` of this attempt (each attempt has its own). */
  transmissionId: string;
}

export interface PayPalServerOptions {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gives the merchant's webhook listener; it is part of every signature. */
  webhookId: string;
  /** Where events are POSTed; may be set later with setWebhookUrl. No URL: events are kept, not sent. */
  webhookUrl?: string;
  port?: number;
  /** Waits between delivery attempts of one event until a 2xx (PayPal retries for days); default [1000, 5000, 30000, 120000]. */
  retryDelaysMs?: number[];
  /** How long one delivery attempt may take before it counts as failed (default 10 000 ms). */
  deliveryTimeoutMs?: number;
  /** Access token lifetime in seconds (PayPal: 32400). */
  tokenLifetimeSeconds?: number;
  /** PayPal's fee on a capture: percent and fixed part, in the order's currency (default 3.49 % + 0.49). */
  fee?: { percent: number; fixed: string };
}

export interface PayPalServer {
  /** The API base, used where https://api-m.sandbox.paypal.com would be. */
  url: string;
  /** The PEM certificate webhook signatures verify with (the `paypal-cert-url` header). */
  certUrl: string;
  setWebhookUrl(url: string | undefined): void;
  /** Outcomes the next captures take, in order; without one a capture COMPLETES. */
  nextCapture(...outcomes: PayPalCaptureOutcome[]): void;
  /** The buyer approves on the approval page (as the page's button does): order APPROVED, CHECKOUT.ORDER.APPROVED sent. */
  approve(orderId: string): Promise<void>;
  /** A PENDING capture settles: COMPLETED (PAYMENT.CAPTURE.COMPLETED) or DENIED (PAYMENT.CAPTURE.DENIED). */
  settleCapture(captureId: string, status: 'COMPLETED' | 'DENIED'): Promise<void>;
  /** A refund the merchant did not start (made at paypal.com): PAYMENT.CAPTURE.REFUNDED; default the whole remaining amount. */
  refundFromPayPal(captureId: string, value?: string): Promise<{ refundId: string }>;
  /** A chargeback: the capture becomes REVERSED, PAYMENT.CAPTURE.REVERSED sent. */
  reverse(captureId: string): Promise<void>;
  /** The buyer opens a dispute: CUSTOMER.DISPUTE.CREATED; resolving it sends CUSTOMER.DISPUTE.RESOLVED. */
  openDispute(captureId: string, value?: string): Promise<{ disputeId: string }>;
  resolveDispute(disputeId: string, inFavorOf: 'BUYER' | 'SELLER'): Promise<void>;
  /** The next calls of a route fail this way (times default 1). */
  failNext(route: PayPalRoute, fault: PayPalFault): void;
  /** Every access token issued so far expires now (PayPal drops tokens before `expires_in` too). */
  expireTokens(): void;
  /** Sends an already-sent event again (PayPal delivers duplicates); resolves after its first attempt. */
  redeliver(eventId: string): Promise<void>;
  /** Every delivery attempt so far. */
  deliveries(): PayPalDelivery[];
  /** Every event created so far (id, event_type, the body as sent). */
  events(): Array<{ id: string; event_type: string; body: string }>;
  close(): Promise<void>;
}

type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method: 'GET' | 'POST' | 'PATCH' };
type Detail = {
  field?: string;
  value?: string;
  location?: string;
  issue: string;
  description: string;
};

interface Payer {
  payerId: string;
  email: string;
  givenName: string;
  surname: string;
}

interface Order {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  currency: string;
  cents: number;
  referenceId: string;
  customId?: string;
  invoiceId?: string;
  description?: string;
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  userAction?: string;
  payer?: Payer;
  captureIds: string[];
  createTime: string;
  updateTime: string;
}

interface Capture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'REVERSED';
  reason?: string;
  currency: string;
  cents: number;
  feeCents: number;
  refundedCents: number;
  customId?: string;
  invoiceId?: string;
  createTime: string;
  updateTime: string;
}

interface Refund {
  id: string;
  captureId: string;
  currency: string;
  cents: number;
  totalRefundedCents: number;
  invoiceId?: string;
  noteToPayer?: string;
  createTime: string;
  updateTime: string;
}

interface Dispute {
  id: string;
  captureId: string;
  currency: string;
  cents: number;
  status: 'OPEN' | 'RESOLVED';
  outcome?: 'RESOLVED_BUYER_FAVOUR' | 'RESOLVED_SELLER_FAVOUR';
  createTime: string;
  updateTime: string;
}

interface StoredEvent {
  id: string;
  eventType: string;
  body: string;
}

/** A request that fails with PayPal's error body; thrown inside handlers, answered by the router. */
class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.name ?? body.error));
  }
}

const MESSAGES: Record<number, [string, string]> = {
  400: [
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
  ],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
};

const ISSUES: Record<string, string> = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  DECIMAL_PRECISION:
    'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  INVALID_RESOURCE_ID:
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  PENDING_CAPTURE: 'Cannot initiate a refund as the capture is pending.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
  REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK:
    'Refunds not allowed on this capture due to a chargeback on the card or bank. Please contact the payee to resolve the chargeback.',
  REFUND_NOT_ALLOWED: 'The capture was declined, so there is nothing to refund.',
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** An id in PayPal's style: upper-case letters and digits (orders, captures and refunds are 17 long). */
const paypalId = (length = 17) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
const debugId = () => randomBytes(7).toString('hex').slice(0, 13);
/** PayPal's resource times: ISO 8601 in UTC, whole seconds. */
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A decimal amount string (at most two decimals) in minor units, or the PayPal issue it breaks. */
function parseAmount(value: unknown): number | 'SYNTAX' | 'PRECISION' | 'ZERO' {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(value)) return 'SYNTAX';
  const [units = '0', fraction = ''] = value.split('.');
  if (fraction.length > 2) return 'PRECISION';
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 ? cents : 'ZERO';
}

function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const money = (currency: string, cents: number): Money => ({
  currency_code: currency,
  value: formatCents(cents),
});

/** How PayPal writes an amount in an event summary: "$ 5.00 USD", "EUR 34.00 EUR". */
const summaryAmount = (currency: string, cents: number) =>
  `${currency === 'USD' ? '$' : currency} ${formatCents(cents)} ${currency}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);
/** A request value as text, for the `value` of an error detail. */
const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/**
 * A local HTTP server that plays PayPal's REST API as a merchant's server uses it (Orders v2,
 * Payments v2 captures and refunds, OAuth2 client credentials, webhook postback verification),
 * the buyer's approval page, and webhook delivery signed as PayPal signs it; with controls for
 * tests that play what the buyer, PayPal's risk team and PayPal's outages do.
 *
 * Shapes and names are PayPal's reference ones: OAuth errors `{ error, error_description }`
 * (`invalid_client` "Client Authentication failed"; `invalid_token` for an unknown token and
 * "Access Token not found in cache" for an expired one, as merchants meet it when a cached token
 * outlives its `expires_in`: go-pay/gopay#348, paypal/Checkout-Java-SDK#24); API errors
 * `{ name, message, debug_id, details: [{ field, location, issue, description }], links }` with a
 * `paypal-debug-id` header (paypal/Checkout-NodeJS-SDK#28 shows RESOURCE_NOT_FOUND /
 * INVALID_RESOURCE_ID, Sylius/PayPalPlugin#183 a 422 DECIMAL_PRECISION with its field path).
 *
 * Orders: created CREATED with an `approve` link, or PAYER_ACTION_REQUIRED with a `payer-action`
 * link when `payment_source.paypal.experience_context` is given; `Prefer: return=minimal` (the
 * default) answers `{ id, status, links }`, `return=representation` the whole order. A capture
 * before approval answers 422 ORDER_NOT_APPROVED (woocommerce/woocommerce-paypal-payments#940,
 * shopware/shopware#11695), a second capture 422 ORDER_ALREADY_CAPTURED
 * (angelleye/paypal-woocommerce#2129), a declined funding source 422 INSTRUMENT_DECLINED with a
 * `redirect` link back to the approval page and the order left APPROVED, so the buyer picks
 * another source and the capture is tried again (PayPal's "Handle funding failures" guide).
 * A capture's `seller_receivable_breakdown` (gross, PayPal fee, net) is there once it COMPLETES,
 * never while PENDING (PayPal's reference: "not available for transactions that are in pending
 * state"). A capture that is DECLINED still completes the order, as PayPal reports it.
 *
 * Idempotency, as PayPal's guide describes `PayPal-Request-Id`: a POST repeated with the same id
 * answers the earlier result (200, with the resource's latest state) instead of acting twice, so
 * a merchant that timed out can retry safely; an id whose first call failed may be tried again.
 * A `hangMs` fault plays the case the guide gives: the call hangs, the merchant gives up and
 * retries, and PayPal had done the work all the same.
 *
 * Webhooks: the body `{ id, event_version, create_time, resource_type, resource_version,
 * event_type, summary, resource, links }` is written once per event and sent byte-identical on
 * every attempt, each attempt with its own `paypal-transmission-id`, `paypal-transmission-time`
 * and `paypal-transmission-sig`: base64 SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body, unsigned decimal>`,
 * verifiable with the certificate at `paypal-cert-url` (PayPal's "Integrate webhooks" guide).
 * Anything but a 2xx (or no answer) is retried after each of `retryDelaysMs` (PayPal: up to 25
 * times over 3 days). Events go out after the call that caused them, in the order made, but no
 * event waits for an earlier one's retries, so they can arrive out of order
 * (woocommerce/woocommerce-paypal-payments#4489: CHECKOUT.ORDER.APPROVED before the buyer is back)
 * and twice (paypal/PayPal-PHP-SDK#1286, opencollective/opencollective#5644; `redeliver`).
 * `POST /v1/notifications/verify-webhook-signature` recomputes the CRC from the `webhook_event`
 * object as it receives it, so an event whose fields were reordered or changed on the way fails
 * (paypal/PayPal-NET-SDK#353, paypal/PayPal-Python-SDK#175).
 *
 * PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED carry the refund (a reversal is a refund
 * with `note_to_payer` "Payment reversed") whose `up` link names the capture, as PayPal's samples
 * do; the disputes' events carry the dispute with `disputed_transactions[].seller_transaction_id`.
 * Orders approved and never captured send nothing more: the merchant's reconciliation must find
 * them. Faults (`failNext`): 401, 429 RATE_LIMIT_REACHED "Too many requests. Blocked due to rate
 * limiting." (woocommerce/woocommerce-paypal-payments#2739), 500 INTERNAL_SERVICE_ERROR
 * (paypal/paypal-checkout-components#1123), 503 SERVICE_UNAVAILABLE, or a hang.
 */
export async function startPayPalServer(options: PayPalServerOptions): Promise<PayPalServer> {
  const retryDelays = options.retryDelaysMs ?? [1000, 5000, 30000, 120000];
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 10_000;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 32400;
  const feePercent = options.fee?.percent ?? 3.49;
  const feeFixed = options.fee?.fixed ?? '0.49';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(feeFixed))
    throw new Error(
      `fee.fixed must be a decimal amount with at most two decimals, not ${feeFixed}`,
    );
  const feeFixedCents = Math.round(Number(feeFixed) * 100);
  const merchant = { merchantId: paypalId(13), email: 'sb-merchant@business.example.com' };

  const certificate = await createSigningCertificate({
    commonName: 'api.sandbox.paypal.com',
    organization: 'CrimsonHost offline world',
    organizationalUnit: 'PayPal stand-in, not PayPal',
  });

  const tokens = new Map<string, number>();
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const refunds = new Map<string, Refund>();
  const disputes = new Map<string, Dispute>();
  const idempotent = new Map<string, { resourceId: string }>();
  const outcomes: PayPalCaptureOutcome[] = [];
  const faults = new Map<PayPalRoute, PayPalFault[]>();
  const stored: StoredEvent[] = [];
  const attempts: PayPalDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const hangs = new Set<() => void>();
  const stop = new AbortController();
  let webhookUrl = options.webhookUrl;
  let firstAttempts = Promise.resolve();
  let closing: Promise<void> | null = null;

  const feeFor = (cents: number) => {
    // Whole arithmetic: the percent in millionths of the amount, rounded half up to the cent.
    const percentCents = Math.floor(
      (cents * Math.round(feePercent * 10_000) + 500_000) / 1_000_000,
    );
    return Math.min(cents, percentCents + feeFixedCents);
  };

  // ---- PayPal's answers ----------------------------------------------------------------------

  const sendJson = (res: ServerResponse, status: number, body: unknown, debug = debugId()) => {
    res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debug });
    res.end(JSON.stringify(body));
  };

  const apiError = (
    status: 400 | 404 | 422,
    api: 'orders' | 'payments',
    details: Detail[],
    extraLinks: Link[] = [],
  ) => {
    const [name, message] = MESSAGES[status]!;
    const issue = details[0]?.issue ?? name;
    return new PayPalApiError(status, {
      name,
      message,
      debug_id: debugId(),
      details,
      links: [
        {
          href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${issue}`,
          rel: 'information_link',
          method: 'GET',
        },
        ...extraLinks,
      ],
    });
  };

  const issue = (
    issueName: string,
    where: { field?: string; value?: string; location?: string } = {},
  ): Detail => ({ ...where, issue: issueName, description: ISSUES[issueName] ?? issueName });

  const notFound = (api: 'orders' | 'payments') =>
    apiError(404, api, [issue('INVALID_RESOURCE_ID', { location: 'path' })]);

  const faultBody = (route: PayPalRoute, status: 401 | 429 | 500 | 503) => {
    if (status === 401) {
      return route === 'token'
        ? { error: 'invalid_client', error_description: 'Client Authentication failed' }
        : { error: 'invalid_token', error_description: 'Access Token not found in cache' };
    }
    const [name, message] = {
      429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
      500: ['INTERNAL_SERVICE_ERROR', 'An internal service error has occurred'],
      503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
    }[status];
    return { name, message, debug_id: debugId(), details: [], links: [] };
  };

  // ---- Resources as PayPal shows them ---------------------------------------------------------

  const base = { url: '' };
  const approvalUrl = (order: Order) => `${base.url}/checkoutnow?token=${order.id}`;

  const orderLinks = (order: Order): Link[] => {
    const self: Link = {
      href: `${base.url}/v2/checkout/orders/${order.id}`,
      rel: 'self',
      method: 'GET',
    };
    const update: Link = { href: self.href, rel: 'update', method: 'PATCH' };
    const capture: Link = { href: `${self.href}/capture`, rel: 'capture', method: 'POST' };
    switch (order.status) {
      case 'CREATED':
        return [self, { href: approvalUrl(order), rel: 'approve', method: 'GET' }, update, capture];
      case 'PAYER_ACTION_REQUIRED':
        return [self, { href: approvalUrl(order), rel: 'payer-action', method: 'GET' }];
      case 'APPROVED':
        return [self, update, capture];
      case 'COMPLETED':
      case 'VOIDED':
        return [self];
    }
  };

  const captureJson = (capture: Capture, withRelatedIds: boolean) => {
    const funded = capture.status !== 'PENDING' && capture.status !== 'DECLINED';
    const self = `${base.url}/v2/payments/captures/${capture.id}`;
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: capture.reason } } : {}),
      amount: money(capture.currency, capture.cents),
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(funded
        ? {
            seller_receivable_breakdown: {
              gross_amount: money(capture.currency, capture.cents),
              paypal_fee: money(capture.currency, capture.feeCents),
              net_amount: money(capture.currency, capture.cents - capture.feeCents),
            },
          }
        : {}),
      ...(capture.customId !== undefined ? { custom_id: capture.customId } : {}),
      ...(capture.invoiceId !== undefined ? { invoice_id: capture.invoiceId } : {}),
      ...(withRelatedIds
        ? { supplementary_data: { related_ids: { order_id: capture.orderId } } }
        : {}),
      create_time: capture.createTime,
      update_time: capture.updateTime,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base.url}/v2/checkout/orders/${capture.orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  };

  const orderJson = (order: Order) => {
    const payer = order.payer;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(payer
        ? {
            payment_source: {
              paypal: {
                email_address: payer.email,
                account_id: payer.payerId,
                account_status: 'VERIFIED',
                name: { given_name: payer.givenName, surname: payer.surname },
                address: { country_code: 'US' },
              },
            },
          }
        : {}),
      purchase_units: [
        {
          reference_id: order.referenceId,
          amount: money(order.currency, order.cents),
          payee: { email_address: merchant.email, merchant_id: merchant.merchantId },
          ...(order.description !== undefined ? { description: order.description } : {}),
          ...(order.customId !== undefined ? { custom_id: order.customId } : {}),
          ...(order.invoiceId !== undefined ? { invoice_id: order.invoiceId } : {}),
          ...(order.captureIds.length > 0
            ? {
                payments: {
                  captures: order.captureIds.map((id) => captureJson(captures.get(id)!, false)),
                },
              }
            : {}),
        },
      ],
      ...(payer
        ? {
            payer: {
              name: { given_name: payer.givenName, surname: payer.surname },
              email_address: payer.email,
              payer_id: payer.payerId,
              address: { country_code: 'US' },
            },
          }
        : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: orderLinks(order),
    };
  };

  const refundJson = (refund: Refund) => ({
    id: refund.id,
    amount: money(refund.currency, refund.cents),
    seller_payable_breakdown: {
      gross_amount: money(refund.currency, refund.cents),
      paypal_fee: money(refund.currency, 0),
      net_amount: money(refund.currency, refund.cents),
      total_refunded_amount: money(refund.currency, refund.totalRefundedCents),
    },
    ...(refund.invoiceId !== undefined ? { invoice_id: refund.invoiceId } : {}),
    ...(refund.noteToPayer !== undefined ? { note_to_payer: refund.noteToPayer } : {}),
    status: 'COMPLETED',
    create_time: refund.createTime,
    update_time: refund.updateTime,
    links: [
      { href: `${base.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base.url}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  });

  const disputeJson = (dispute: Dispute) => {
    const capture = captures.get(dispute.captureId)!;
    return {
      dispute_id: dispute.id,
      create_time: dispute.createTime,
      update_time: dispute.updateTime,
      disputed_transactions: [
        {
          seller_transaction_id: capture.id,
          seller: { merchant_id: merchant.merchantId },
          ...(capture.customId !== undefined ? { custom: capture.customId } : {}),
          ...(capture.invoiceId !== undefined ? { invoice_number: capture.invoiceId } : {}),
          seller_protection_eligible: true,
        },
      ],
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: dispute.status,
      dispute_amount: money(dispute.currency, dispute.cents),
      ...(dispute.outcome
        ? {
            dispute_outcome: {
              outcome_code: dispute.outcome,
              ...(dispute.outcome === 'RESOLVED_BUYER_FAVOUR'
                ? { amount_refunded: money(dispute.currency, dispute.cents) }
                : {}),
            },
          }
        : {}),
      dispute_life_cycle_stage: 'INQUIRY',
      dispute_channel: 'INTERNAL',
      links: [
        { href: `${base.url}/v1/customer/disputes/${dispute.id}`, rel: 'self', method: 'GET' },
      ],
    };
  };

  // ---- Webhooks ------------------------------------------------------------------------------

  const attempt = async (event: StoredEvent, number: number): Promise<void> => {
    const url = webhookUrl;
    if (stop.signal.aborted || !url) return;
    const transmissionId = randomUUID();
    const transmissionTime = now();
    const at = new Date();
    const checksum = crc32(Buffer.from(event.body));
    const message = `${transmissionId}|${transmissionTime}|${options.webhookId}|${checksum}`;
    const signature = sign('sha256', Buffer.from(message), certificate.privateKey);
    let status: number | 'error';
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(deliveryTimeoutMs)]),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PayPal/AUHD-214.0-58391792',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': signature.toString('base64'),
          'paypal-cert-url': certUrl,
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-auth-version': 'v2',
          'correlation-id': debugId(),
        },
        body: event.body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 'error';
    }
    if (stop.signal.aborted) return;
    attempts.push({
      eventId: event.id,
      eventType: event.eventType,
      attempt: number,
      status,
      at,
      transmissionId,
    });
    if (typeof status === 'number' && status >= 200 && status < 300) return;
    const wait = retryDelays[number - 1];
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(event, number + 1);
    }, wait);
    timers.add(timer);
  };

  /** Makes an event and queues its first attempt behind the earlier events' first attempts. */
  const emit = (eventType: string, resourceType: string, summary: string, resource: unknown) => {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const self = `${base.url}/v1/notifications/webhooks-events/${id}`;
    const body = JSON.stringify({
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/resend`, rel: 'resend', method: 'POST' },
      ],
    });
    const event: StoredEvent = { id, eventType, body };
    stored.push(event);
    // Made while no listener URL is set: kept, not sent (redeliver sends it, as the dashboard's
    // "Resend" does).
    if (!webhookUrl) return;
    firstAttempts = firstAttempts
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => attempt(event, 1))
      .catch(() => undefined);
  };

  // ---- What PayPal does ----------------------------------------------------------------------

  const makeRefund = (
    capture: Capture,
    cents: number,
    details: { invoiceId?: string; noteToPayer?: string; reversal?: boolean } = {},
  ) => {
    const time = now();
    if (details.reversal) capture.status = 'REVERSED';
    else {
      capture.refundedCents += cents;
      capture.status = capture.refundedCents >= capture.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    }
    capture.updateTime = time;
    const refund: Refund = {
      id: paypalId(),
      captureId: capture.id,
      currency: capture.currency,
      cents,
      totalRefundedCents: details.reversal ? capture.refundedCents + cents : capture.refundedCents,
      invoiceId: details.invoiceId,
      noteToPayer: details.noteToPayer,
      createTime: time,
      updateTime: time,
    };
    refunds.set(refund.id, refund);
    const amount = summaryAmount(refund.currency, cents);
    if (details.reversal) {
      emit(
        'PAYMENT.CAPTURE.REVERSED',
        'refund',
        `A ${amount} capture payment was reversed`,
        refundJson(refund),
      );
    } else {
      emit(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        `A ${amount} capture payment was refunded`,
        refundJson(refund),
      );
    }
    return refund;
  };

  /** Why a capture cannot be refunded now, as the refund call's 422 issue; null when it can. */
  const refundRefusal = (capture: Capture) => {
    switch (capture.status) {
      case 'COMPLETED':
      case 'PARTIALLY_REFUNDED':
        return null;
      case 'PENDING':
        return 'PENDING_CAPTURE';
      case 'REFUNDED':
        return 'CAPTURE_FULLY_REFUNDED';
      case 'REVERSED':
        return 'REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK';
      case 'DECLINED':
        return 'REFUND_NOT_ALLOWED';
    }
  };

  const approveOrder = (orderId: string): Order => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`No PayPal order ${orderId}`);
    if (order.status === 'COMPLETED' || order.status === 'VOIDED')
      throw new Error(`PayPal order ${orderId} is ${order.status}`);
    if (order.status === 'APPROVED') return order;
    order.status = 'APPROVED';
    order.payer = {
      payerId: paypalId(13),
      email: 'sb-buyer@personal.example.com',
      givenName: 'John',
      surname: 'Doe',
    };
    order.updateTime = now();
    emit(
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      'An order has been approved by buyer',
      orderJson(order),
    );
    return order;
  };

  const captureOrThrow = (captureId: string) => {
    const capture = captures.get(captureId);
    if (!capture) throw new Error(`No PayPal capture ${captureId}`);
    return capture;
  };

  const centsOrThrow = (value: string) => {
    const cents = parseAmount(value);
    if (typeof cents !== 'number') throw new Error(`${value} is not a PayPal amount`);
    return cents;
  };

  // ---- Requests ------------------------------------------------------------------------------

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  const parseJson = (text: string, api: 'orders' | 'payments', emptyAllowed: boolean): unknown => {
    if (text.trim() === '' && emptyAllowed) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw apiError(400, api, [issue('MALFORMED_REQUEST_JSON', { location: 'body' })]);
    }
  };

  /** The minor units of an `{ currency_code, value }` in a request, or the 400/422 PayPal answers. */
  const requestMoney = (amount: unknown, field: string, api: 'orders' | 'payments') => {
    if (!isRecord(amount))
      throw apiError(400, api, [issue('MISSING_REQUIRED_PARAMETER', { field, location: 'body' })]);
    const currency = amount.currency_code;
    if (currency === undefined)
      throw apiError(400, api, [
        issue('MISSING_REQUIRED_PARAMETER', { field: `${field}/currency_code`, location: 'body' }),
      ]);
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw apiError(400, api, [
        issue('INVALID_PARAMETER_SYNTAX', {
          field: `${field}/currency_code`,
          value: asText(currency),
          location: 'body',
        }),
      ]);
    if (amount.value === undefined)
      throw apiError(400, api, [
        issue('MISSING_REQUIRED_PARAMETER', { field: `${field}/value`, location: 'body' }),
      ]);
    const cents = parseAmount(amount.value);
    const where = {
      field: `${field}/value`,
      value: asText(amount.value),
      location: 'body',
    };
    if (cents === 'SYNTAX') throw apiError(400, api, [issue('INVALID_PARAMETER_SYNTAX', where)]);
    if (cents === 'PRECISION') throw apiError(422, api, [issue('DECIMAL_PRECISION', where)]);
    if (cents === 'ZERO') throw apiError(422, api, [issue('CANNOT_BE_ZERO_OR_NEGATIVE', where)]);
    return { currency, cents };
  };

  const createOrder = (body: unknown): Order => {
    if (!isRecord(body))
      throw apiError(400, 'orders', [issue('MALFORMED_REQUEST_JSON', { location: 'body' })]);
    const missing = (field: string) =>
      apiError(400, 'orders', [issue('MISSING_REQUIRED_PARAMETER', { field, location: 'body' })]);
    if (body.intent === undefined) throw missing('/intent');
    if (body.intent !== 'CAPTURE') {
      // AUTHORIZE is PayPal's too, but this stand-in plays the capture flow only.
      throw apiError(400, 'orders', [
        issue('INVALID_PARAMETER_VALUE', {
          field: '/intent',
          value: asText(body.intent),
          location: 'body',
        }),
      ]);
    }
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length === 0) throw missing('/purchase_units');
    if (units.length > 1) {
      throw apiError(400, 'orders', [
        issue('INVALID_PARAMETER_VALUE', { field: '/purchase_units', location: 'body' }),
      ]);
    }
    const unit: unknown = units[0];
    if (!isRecord(unit)) throw missing('/purchase_units/0');
    const referenceId = optionalString(unit.reference_id) ?? 'default';
    const path = `/purchase_units/@reference_id=='${referenceId}'`;
    if (unit.amount === undefined) throw missing(`${path}/amount`);
    const { currency, cents } = requestMoney(unit.amount, `${path}/amount`, 'orders');
    const paypal =
      isRecord(body.payment_source) && isRecord(body.payment_source.paypal)
        ? body.payment_source.paypal
        : undefined;
    const experience =
      paypal && isRecord(paypal.experience_context) ? paypal.experience_context : {};
    const context = isRecord(body.application_context) ? body.application_context : {};
    const time = now();
    const order: Order = {
      id: paypalId(),
      status: paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      currency,
      cents,
      referenceId,
      customId: optionalString(unit.custom_id),
      invoiceId: optionalString(unit.invoice_id),
      description: optionalString(unit.description),
      returnUrl: optionalString(experience.return_url) ?? optionalString(context.return_url),
      cancelUrl: optionalString(experience.cancel_url) ?? optionalString(context.cancel_url),
      brandName: optionalString(experience.brand_name) ?? optionalString(context.brand_name),
      userAction: optionalString(experience.user_action) ?? optionalString(context.user_action),
      captureIds: [],
      createTime: time,
      updateTime: time,
    };
    orders.set(order.id, order);
    return order;
  };

  const captureOrder = (order: Order): void => {
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED')
      throw apiError(422, 'orders', [issue('ORDER_NOT_APPROVED')]);
    if (order.status === 'COMPLETED' || order.status === 'VOIDED')
      throw apiError(422, 'orders', [issue('ORDER_ALREADY_CAPTURED')]);
    const outcome = outcomes.shift() ?? { status: 'COMPLETED' };
    if (outcome.status === 'INSTRUMENT_DECLINED') {
      throw apiError(
        422,
        'orders',
        [issue('INSTRUMENT_DECLINED')],
        [{ href: approvalUrl(order), rel: 'redirect', method: 'GET' }],
      );
    }
    const time = now();
    const capture: Capture = {
      id: paypalId(),
      orderId: order.id,
      status: outcome.status,
      reason: outcome.status === 'PENDING' ? (outcome.reason ?? 'PENDING_REVIEW') : undefined,
      currency: order.currency,
      cents: order.cents,
      feeCents: feeFor(order.cents),
      refundedCents: 0,
      customId: order.customId,
      invoiceId: order.invoiceId,
      createTime: time,
      updateTime: time,
    };
    captures.set(capture.id, capture);
    order.captureIds.push(capture.id);
    order.status = 'COMPLETED';
    order.updateTime = time;
    const amount = summaryAmount(capture.currency, capture.cents);
    const [eventType, summary] = {
      COMPLETED: ['PAYMENT.CAPTURE.COMPLETED', `Payment completed for ${amount}`] as const,
      PENDING: ['PAYMENT.CAPTURE.PENDING', `Payment pending for ${amount}`] as const,
      DECLINED: ['PAYMENT.CAPTURE.DECLINED', `Payment declined for ${amount}`] as const,
    }[outcome.status];
    emit(eventType, 'capture', summary, captureJson(capture, true));
  };

  const refundCapture = (capture: Capture, body: unknown): Refund => {
    if (!isRecord(body))
      throw apiError(400, 'payments', [issue('MALFORMED_REQUEST_JSON', { location: 'body' })]);
    let cents = capture.cents - capture.refundedCents;
    if (body.amount !== undefined) {
      const requested = requestMoney(body.amount, '/amount', 'payments');
      if (requested.currency !== capture.currency)
        throw apiError(422, 'payments', [
          issue('REFUND_CAPTURE_CURRENCY_MISMATCH', {
            field: '/amount/currency_code',
            location: 'body',
          }),
        ]);
      cents = requested.cents;
    }
    const refusal = refundRefusal(capture);
    if (refusal) throw apiError(422, 'payments', [issue(refusal)]);
    if (cents > capture.cents - capture.refundedCents)
      throw apiError(422, 'payments', [issue('REFUND_AMOUNT_EXCEEDED')]);
    return makeRefund(capture, cents, {
      invoiceId: optionalString(body.invoice_id),
      noteToPayer: optionalString(body.note_to_payer),
    });
  };

  const bearer = (req: IncomingMessage) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      return new PayPalApiError(401, {
        name: 'AUTHENTICATION_FAILURE',
        message:
          'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        links: [
          {
            href: 'https://developer.paypal.com/docs/api/overview/#error',
            rel: 'information_link',
          },
        ],
      });
    }
    const expiresAt = tokens.get(header.slice('Bearer '.length));
    if (expiresAt === undefined)
      return new PayPalApiError(401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    if (expiresAt <= Date.now())
      return new PayPalApiError(401, {
        error: 'invalid_token',
        error_description: 'Access Token not found in cache',
      });
    return null;
  };

  const issueToken = (req: IncomingMessage, form: URLSearchParams) => {
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    const [id, ...secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (id !== options.clientId || secret.join(':') !== options.clientSecret)
      throw new PayPalApiError(401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    const grant = form.get('grant_type');
    if (grant !== 'client_credentials') {
      throw new PayPalApiError(400, {
        error: 'unsupported_grant_type',
        error_description: grant ? `Grant Type ${grant} is not supported` : 'Grant Type is NULL',
      });
    }
    const accessToken = `A21AA${randomBytes(60).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + tokenLifetimeSeconds * 1000);
    return {
      scope: [
        'https://uri.paypal.com/services/payments/payment',
        'https://uri.paypal.com/services/payments/refund',
        'https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
        'https://uri.paypal.com/services/applications/webhooks',
        'https://uri.paypal.com/services/disputes/read-seller',
        'openid',
      ].join(' '),
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: Math.ceil(tokenLifetimeSeconds),
      nonce: `${now()}${randomBytes(32).toString('base64url')}`,
    };
  };

  const verifySignature = (body: unknown) => {
    const fields = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ];
    const missing = [...fields, 'webhook_event'].filter(
      (field) => !isRecord(body) || body[field] === undefined || body[field] === '',
    );
    if (!isRecord(body) || missing.length > 0) {
      throw new PayPalApiError(400, {
        name: 'VALIDATION_ERROR',
        message: 'Invalid request - see details',
        debug_id: debugId(),
        information_link:
          'https://developer.paypal.com/docs/api/webhooks/v1/#error-VALIDATION_ERROR',
        details: missing.map((field) => ({
          field,
          location: 'body',
          issue: 'Required field cannot be blank',
        })),
        links: [],
      });
    }
    const text = (field: string) => asText(body[field]);
    // PayPal checks the event object it is sent, re-serialized as received: reordered or changed
    // fields change the CRC and the check fails.
    const checksum = crc32(Buffer.from(JSON.stringify(body.webhook_event)));
    const message = `${text('transmission_id')}|${text('transmission_time')}|${text('webhook_id')}|${checksum}`;
    let valid = false;
    try {
      valid =
        text('auth_algo') === 'SHA256withRSA' &&
        text('cert_url') === certUrl &&
        verify(
          'sha256',
          Buffer.from(message),
          certificate.publicKey,
          Buffer.from(text('transmission_sig'), 'base64'),
        );
    } catch {
      valid = false;
    }
    return { verification_status: valid ? 'SUCCESS' : 'FAILURE' };
  };

  // ---- The approval page ---------------------------------------------------------------------

  const sendPage = (res: ServerResponse, status: number, title: string, main: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
    });
    res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f5f7fa; color: #1a1a1a; }
main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
h1 { margin-top: 0; font-size: 1.5rem; color: #003087; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
fieldset { border: 1px solid #c4ccd8; border-radius: 0.5rem; margin: 1rem 0; }
button { width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; color: #fff; background: #003087; border: 0; border-radius: 1.5rem; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #0070e0; outline-offset: 2px; }
a { color: #0051b3; }
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`);
  };

  const approvalPage = (res: ServerResponse, order: Order | undefined) => {
    if (!order) {
      return sendPage(
        res,
        404,
        'Payment not found',
        `<h1>Payment not found</h1>
<p>This PayPal payment does not exist. Return to the merchant and start again.</p>`,
      );
    }
    if (order.status === 'COMPLETED' || order.status === 'VOIDED') {
      return sendPage(
        res,
        410,
        'Payment already completed',
        `<h1>Payment already completed</h1>
<p>This PayPal payment has already been completed. Nothing more is needed.</p>`,
      );
    }
    const merchantName = escapeHtml(order.brandName ?? 'the merchant');
    const pay = order.userAction === 'CONTINUE' ? 'Continue' : 'Pay now';
    return sendPage(
      res,
      200,
      'Pay with PayPal',
      `<h1>Pay with PayPal</h1>
<p>You are paying <strong>${merchantName}</strong>.</p>
<dl>
<dt>Amount</dt><dd>${escapeHtml(formatCents(order.cents))} ${escapeHtml(order.currency)}</dd>
${order.description ? `<dt>For</dt><dd>${escapeHtml(order.description)}</dd>` : ''}
</dl>
<form method="post" action="/checkoutnow/approve">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<fieldset>
<legend>Pay with</legend>
<label><input type="radio" name="funding" value="BALANCE" checked> PayPal balance (John Doe, sandbox buyer)</label>
</fieldset>
<button type="submit">${pay}</button>
</form>
<p><a href="/checkoutnow/cancel?token=${encodeURIComponent(order.id)}">Cancel and return to ${merchantName}</a></p>`,
    );
  };

  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  // ---- The router ----------------------------------------------------------------------------

  type Handler = (context: {
    req: IncomingMessage;
    res: ServerResponse;
    url: URL;
    id: string;
    body: string;
  }) => void;
  interface Route {
    method: string;
    pattern: RegExp;
    route?: PayPalRoute;
    authenticated: boolean;
    handle: Handler;
  }

  /** The resource a POST with this `PayPal-Request-Id` made, when the id was used before. */
  const replayed = (req: IncomingMessage, scope: string) => {
    const requestId = req.headers['paypal-request-id'];
    if (typeof requestId !== 'string' || requestId === '') return { key: null, earlier: undefined };
    const key = `${scope}|${requestId}`;
    return { key, earlier: idempotent.get(key) };
  };
  const wantsRepresentation = (req: IncomingMessage) =>
    /return=representation/.test(String(req.headers.prefer ?? ''));

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/oauth2\/token$/,
      route: 'token',
      authenticated: false,
      handle: ({ req, res, body }) =>
        sendJson(res, 200, issueToken(req, new URLSearchParams(body))),
    },
    {
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders$/,
      route: 'create-order',
      authenticated: true,
      handle: ({ req, res, body }) => {
        const { key, earlier } = replayed(req, 'create-order');
        const existing = earlier && orders.get(earlier.resourceId);
        const order = existing ?? createOrder(parseJson(body, 'orders', false));
        if (key && !existing) idempotent.set(key, { resourceId: order.id });
        const json = orderJson(order);
        sendJson(
          res,
          existing ? 200 : 201,
          wantsRepresentation(req) ? json : { id: json.id, status: json.status, links: json.links },
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/checkout\/orders\/([^/]+)$/,
      route: 'get-order',
      authenticated: true,
      handle: ({ res, id }) => {
        const order = orders.get(id);
        if (!order) throw notFound('orders');
        sendJson(res, 200, orderJson(order));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
      route: 'capture',
      authenticated: true,
      handle: ({ req, res, id, body }) => {
        const order = orders.get(id);
        if (!order) throw notFound('orders');
        const { key, earlier } = replayed(req, `capture|${id}`);
        if (!earlier) {
          parseJson(body, 'orders', true);
          captureOrder(order);
          if (key) idempotent.set(key, { resourceId: order.id });
        }
        sendJson(res, earlier ? 200 : 201, orderJson(order));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/payments\/captures\/([^/]+)$/,
      route: 'get-capture',
      authenticated: true,
      handle: ({ res, id }) => {
        const capture = captures.get(id);
        if (!capture) throw notFound('payments');
        sendJson(res, 200, captureJson(capture, true));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v2\/payments\/captures\/([^/]+)\/refund$/,
      route: 'refund',
      authenticated: true,
      handle: ({ req, res, id, body }) => {
        const capture = captures.get(id);
        if (!capture) throw notFound('payments');
        const { key, earlier } = replayed(req, `refund|${id}`);
        const refund =
          (earlier && refunds.get(earlier.resourceId)) ??
          refundCapture(capture, parseJson(body, 'payments', true));
        if (key && !earlier) idempotent.set(key, { resourceId: refund.id });
        const json = refundJson(refund);
        sendJson(
          res,
          earlier ? 200 : 201,
          wantsRepresentation(req) ? json : { id: json.id, status: json.status, links: json.links },
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v2\/payments\/refunds\/([^/]+)$/,
      route: 'get-refund',
      authenticated: true,
      handle: ({ res, id }) => {
        const refund = refunds.get(id);
        if (!refund) throw notFound('payments');
        sendJson(res, 200, refundJson(refund));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customer\/disputes\/([^/]+)$/,
      route: 'get-dispute',
      authenticated: true,
      handle: ({ res, id }) => {
        const dispute = disputes.get(id);
        if (!dispute) throw notFound('payments');
        sendJson(res, 200, disputeJson(dispute));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/notifications\/webhooks-events\/([^/]+)$/,
      route: 'get-event',
      authenticated: true,
      handle: ({ res, id }) => {
        const event = stored.find((candidate) => candidate.id === id);
        if (!event) throw notFound('payments');
        sendJson(res, 200, JSON.parse(event.body));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/notifications\/verify-webhook-signature$/,
      route: 'verify-signature',
      authenticated: true,
      handle: ({ res, body }) =>
        sendJson(res, 200, verifySignature(parseJson(body, 'payments', false))),
    },
    {
      method: 'GET',
      pattern: /^\/certs\/([^/]+)\.pem$/,
      authenticated: false,
      handle: ({ res, url }) => {
        if (`${base.url}${url.pathname}` !== certUrl) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return res.end('Not found\n');
        }
        res.writeHead(200, { 'content-type': 'application/x-pem-file' });
        res.end(certificate.pem);
      },
    },
    {
      method: 'GET',
      pattern: /^\/checkoutnow$/,
      authenticated: false,
      handle: ({ res, url }) => approvalPage(res, orders.get(url.searchParams.get('token') ?? '')),
    },
    {
      method: 'POST',
      pattern: /^\/checkoutnow\/approve$/,
      authenticated: false,
      handle: ({ res, body }) => {
        const order = orders.get(new URLSearchParams(body).get('token') ?? '');
        if (!order || order.status === 'COMPLETED' || order.status === 'VOIDED')
          return approvalPage(res, order);
        approveOrder(order.id);
        if (!order.returnUrl) {
          return sendPage(
            res,
            200,
            'Payment approved',
            `<h1>Payment approved</h1>
<p>You have approved this payment. You can close this window.</p>`,
          );
        }
        const target = new URL(order.returnUrl);
        target.searchParams.set('token', order.id);
        target.searchParams.set('PayerID', order.payer!.payerId);
        redirect(res, target.href);
      },
    },
    {
      method: 'GET',
      pattern: /^\/checkoutnow\/cancel$/,
      authenticated: false,
      handle: ({ res, url }) => {
        const order = orders.get(url.searchParams.get('token') ?? '');
        if (!order || !order.cancelUrl) {
          return sendPage(
            res,
            order ? 200 : 404,
            'Payment cancelled',
            `<h1>Payment cancelled</h1>
<p>You have not paid. You can close this window.</p>`,
          );
        }
        const target = new URL(order.cancelUrl);
        target.searchParams.set('token', order.id);
        redirect(res, target.href);
      },
    },
  ];

  /** Waits, unless the server closes first; answers whether it is still open. */
  const hang = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        hangs.delete(wake);
        resolve(!stop.signal.aborted);
      };
      const timer = setTimeout(wake, ms);
      hangs.add(wake);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = routes
      .map((route) => ({ route, found: route.pattern.exec(url.pathname) }))
      .find(({ route, found }) => found && route.method === req.method);
    const body = await readBody(req);
    if (!match) {
      return sendJson(res, 404, {
        name: 'RESOURCE_NOT_FOUND',
        message: 'The specified resource does not exist.',
        debug_id: debugId(),
        details: [],
        links: [],
      });
    }
    const { route, found } = match;
    if (route.route) {
      const fault = faults.get(route.route)?.shift();
      if (fault && 'hangMs' in fault) {
        if (!(await hang(fault.hangMs))) return;
      } else if (fault) {
        return sendJson(res, fault.status, faultBody(route.route, fault.status));
      }
    }
    try {
      if (route.authenticated) {
        const refused = bearer(req);
        if (refused) throw refused;
      }
      route.handle({ req, res, url, id: decodeURIComponent(found?.[1] ?? ''), body });
    } catch (error) {
      if (!(error instanceof PayPalApiError)) throw error;
      sendJson(res, error.status, error.body, optionalString(error.body.debug_id) ?? debugId());
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 500, faultBody('get-order', 500));
    });
  });
  await listen(server, options.port ?? 0);
  base.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certName = [0, 1, 2].map(() => randomBytes(4).toString('hex')).join('-');
  const certUrl = `${base.url}/certs/CERT-${certName}.pem`;

  return {
    url: base.url,
    certUrl,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    nextCapture(...next) {
      outcomes.push(...next);
    },
    async approve(orderId) {
      approveOrder(orderId);
    },
    async settleCapture(captureId, status) {
      const capture = captureOrThrow(captureId);
      if (capture.status !== 'PENDING')
        throw new Error(`PayPal capture ${captureId} is ${capture.status}, not PENDING`);
      capture.status = status === 'COMPLETED' ? 'COMPLETED' : 'DECLINED';
      capture.updateTime = now();
      const amount = summaryAmount(capture.currency, capture.cents);
      if (status === 'COMPLETED') {
        emit(
          'PAYMENT.CAPTURE.COMPLETED',
          'capture',
          `Payment completed for ${amount}`,
          captureJson(capture, true),
        );
      } else {
        emit(
          'PAYMENT.CAPTURE.DENIED',
          'capture',
          `Payment denied for ${amount}`,
          captureJson(capture, true),
        );
      }
    },
    async refundFromPayPal(captureId, value) {
      const capture = captureOrThrow(captureId);
      const refusal = refundRefusal(capture);
      if (refusal) throw new Error(`PayPal capture ${captureId} cannot be refunded: ${refusal}`);
      const remaining = capture.cents - capture.refundedCents;
      const cents = value === undefined ? remaining : centsOrThrow(value);
      if (cents > remaining) throw new Error(`Only ${formatCents(remaining)} is left to refund`);
      return { refundId: makeRefund(capture, cents).id };
    },
    async reverse(captureId) {
      const capture = captureOrThrow(captureId);
      if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED')
        throw new Error(`PayPal capture ${captureId} is ${capture.status}: nothing to reverse`);
      makeRefund(capture, capture.cents - capture.refundedCents, {
        reversal: true,
        noteToPayer: 'Payment reversed',
      });
    },
    async openDispute(captureId, value) {
      const capture = captureOrThrow(captureId);
      if (capture.status === 'PENDING' || capture.status === 'DECLINED')
        throw new Error(`PayPal capture ${captureId} is ${capture.status}: nothing to dispute`);
      const cents = value === undefined ? capture.cents : centsOrThrow(value);
      if (cents > capture.cents)
        throw new Error(`A dispute cannot exceed ${formatCents(capture.cents)}`);
      const time = now();
      const dispute: Dispute = {
        id: `PP-D-${randomInt(10_000, 100_000)}`,
        captureId,
        currency: capture.currency,
        cents,
        status: 'OPEN',
        createTime: time,
        updateTime: time,
      };
      disputes.set(dispute.id, dispute);
      emit(
        'CUSTOMER.DISPUTE.CREATED',
        'dispute',
        `A new dispute opened with Case # ${dispute.id}`,
        disputeJson(dispute),
      );
      return { disputeId: dispute.id };
    },
    async resolveDispute(disputeId, inFavorOf) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`No PayPal dispute ${disputeId}`);
      if (dispute.status === 'RESOLVED')
        throw new Error(`PayPal dispute ${disputeId} is already resolved`);
      dispute.status = 'RESOLVED';
      dispute.outcome = inFavorOf === 'BUYER' ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR';
      dispute.updateTime = now();
      emit(
        'CUSTOMER.DISPUTE.RESOLVED',
        'dispute',
        `A dispute was resolved with case # ${dispute.id}`,
        disputeJson(dispute),
      );
    },
    failNext(route, fault) {
      const queue = faults.get(route) ?? [];
      for (let i = 0; i < (fault.times ?? 1); i += 1) queue.push(fault);
      faults.set(route, queue);
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    async redeliver(eventId) {
      const event = stored.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No PayPal event ${eventId}`);
      if (!webhookUrl) throw new Error('No webhook URL to deliver to');
      await attempt(event, 1);
    },
    deliveries: () => attempts.map((delivery) => ({ ...delivery })),
    events: () => stored.map(({ id, eventType, body }) => ({ id, event_type: eventType, body })),
    close() {
      closing ??= new Promise<void>((resolve) => {
        stop.abort();
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const wake of [...hangs]) wake();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
