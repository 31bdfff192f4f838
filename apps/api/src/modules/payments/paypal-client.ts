import { z } from 'zod';
import { retryAfterMs } from '../chains/chain-client';
import { readJson } from '../../lib/read-json';

/** PayPal's REST API bases (developer.paypal.com, "REST API requests"). */
export const PAYPAL_API_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * PayPal answered with an error: its `{ name, message, debug_id, details: [{ issue }] }` (or the
 * OAuth `{ error, error_description }`). `issue` is the first detail's, the one PayPal documents
 * for each case (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, …).
 */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, invalid_client, …). */
    readonly code: string,
    message: string,
    readonly issue: string | undefined,
    readonly debugId: string | undefined,
  ) {
    super(message);
    this.name = 'PayPalError';
  }

  /** Whether the same call may succeed later: PayPal was busy or failed on its side. */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

/** PayPal asked us to slow down (429 RATE_LIMIT_REACHED). */
export class PayPalRateLimitedError extends PayPalError {
  constructor(
    readonly retryAfterMs: number,
    message: string,
    debugId: string | undefined,
  ) {
    super(429, 'RATE_LIMIT_REACHED', message, 'RATE_LIMIT_REACHED', debugId);
  }
}

export interface PayPalClientOptions {
  /** PayPal's REST base: `PAYPAL_API_URLS[environment]`, or the demo's stand-in. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Per request; default 15 s (PayPal's captures can take several seconds). */
  timeoutMs?: number;
}

const amountSchema = z.object({ currency_code: z.string(), value: z.string() });
const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const payPalCaptureSchema = z.object({
  id: z.string(),
  status: z.string(),
  status_details: z.object({ reason: z.string() }).optional(),
  amount: amountSchema,
  custom_id: z.string().optional(),
  seller_receivable_breakdown: z
    .object({
      gross_amount: amountSchema,
      paypal_fee: amountSchema.optional(),
      net_amount: amountSchema.optional(),
    })
    .optional(),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).optional() })
    .optional(),
});
export type PayPalCapture = z.infer<typeof payPalCaptureSchema>;

export const payPalOrderSchema = z.object({
  id: z.string(),
  status: z.string(),
  intent: z.string().optional(),
  purchase_units: z
    .array(
      z.object({
        custom_id: z.string().optional(),
        amount: amountSchema.optional(),
        payments: z.object({ captures: z.array(payPalCaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
  payer: z.object({ payer_id: z.string().optional() }).optional(),
  links: z.array(linkSchema).optional(),
});
export type PayPalOrder = z.infer<typeof payPalOrderSchema>;

export const payPalRefundSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: amountSchema.optional(),
});
export type PayPalRefund = z.infer<typeof payPalRefundSchema>;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

const errorBodySchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** A token is renewed this long before PayPal says it ends, so no call carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;

export interface CreateOrderInput {
  /** The amount in `currency`, as PayPal takes it: "20.00". */
  value: string;
  currency: string;
  /** Ours, sent back in every capture and event: the wallet transaction's id. */
  customId: string;
  /** PayPal-Request-Id: the same id again answers the same order instead of a second one. */
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  brandName?: string;
}

/**
 * The server side of PayPal Checkout through PayPal's documented REST calls (OAuth 2 client
 * credentials, Orders v2, Payments v2): the token is kept until a minute before it ends and asked
 * for again once when PayPal refuses it; every call that creates something carries a
 * PayPal-Request-Id, so a retry after a timeout cannot create it twice.
 */
export class PayPalClient {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PayPalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async createOrder(input: CreateOrderInput): Promise<{ order: PayPalOrder; approveUrl: string }> {
    const order = payPalOrderSchema.parse(
      await this.call('POST', '/v2/checkout/orders', {
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: input.customId,
              amount: { currency_code: input.currency, value: input.value },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                ...(input.brandName ? { brand_name: input.brandName } : {}),
              },
            },
          },
        },
      }),
    );
    const approve = order.links?.find(
      (link) => link.rel === 'payer-action' || link.rel === 'approve',
    );
    if (!approve)
      throw new PayPalError(
        502,
        'NO_APPROVAL_LINK',
        'PayPal gave no approval link',
        undefined,
        undefined,
      );
    return { order, approveUrl: approve.href };
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    return payPalOrderSchema.parse(
      await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    );
  }

  /** Captures an approved order; the same `requestId` again answers the first capture. */
  async captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    return payPalOrderSchema.parse(
      await this.call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        requestId,
        body: {},
      }),
    );
  }

  async getCapture(captureId: string): Promise<PayPalCapture> {
    return payPalCaptureSchema.parse(
      await this.call('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`),
    );
  }

  /** Refunds `amount` of a capture (all that is left without one). */
  async refundCapture(
    captureId: string,
    requestId: string,
    amount?: { value: string; currency: string },
  ): Promise<PayPalRefund> {
    return payPalRefundSchema.parse(
      await this.call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId,
        body: amount ? { amount: { value: amount.value, currency_code: amount.currency } } : {},
      }),
    );
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    // One request for a token at a time, however many calls need one.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    const response = await this.send(
      'POST',
      '/v1/oauth2/token',
      {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'grant_type=client_credentials',
    );
    const token = tokenSchema.parse(response);
    this.token = {
      value: token.access_token,
      until: Date.now() + token.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return token.access_token;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; requestId?: string } = {},
  ): Promise<unknown> {
    const attempt = async () => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await this.accessToken()}`,
        prefer: 'return=representation',
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.requestId) headers['paypal-request-id'] = options.requestId;
      return this.send(
        method,
        path,
        headers,
        options.body === undefined ? undefined : JSON.stringify(options.body),
      );
    };
    try {
      return await attempt();
    } catch (error) {
      // A token PayPal no longer takes (revoked, or its clock ahead of ours): once more with a new one.
      if (!(error instanceof PayPalError) || error.status !== 401) throw error;
      this.token = null;
      return attempt();
    }
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const { text, json } = await readJson(response);
    if (response.ok && json !== undefined) return json;
    const parsed = errorBodySchema.safeParse(json);
    const error = parsed.success ? parsed.data : {};
    const debugId = error.debug_id ?? response.headers.get('paypal-debug-id') ?? undefined;
    const message =
      error.message ?? error.error_description ?? (text.slice(0, 200) || `HTTP ${response.status}`);
    if (response.status === 429) {
      throw new PayPalRateLimitedError(
        retryAfterMs(response.headers.get('retry-after'), message, 5_000),
        message,
        debugId,
      );
    }
    throw new PayPalError(
      response.status,
      error.name ?? error.error ?? 'UNKNOWN_ERROR',
      message,
      error.details?.[0]?.issue,
      debugId,
    );
  }
}
