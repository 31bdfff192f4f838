import type { AddressInfo } from 'node:net';
import { startPayPalServer, type PayPalServer } from '@crimsonhost/devnet/paypal-server';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import type { PayPalSettings } from '../../src/modules/payments/paypal-settings';
import { createTestApp, type TestContext } from '../app';
import { renter, withKey } from '../rentals/rentals-fixture';

export const PAYPAL_APP = {
  clientId: 'test-client',
  clientSecret: 'test-secret',
  webhookId: 'TEST-WEBHOOK-ID',
};

export interface PayPalFixture {
  ctx: TestContext;
  paypal: PayPalServer;
  /** The app's webhook endpoint, as PayPal is told it. */
  webhookUrl: string;
  close(): Promise<void>;
}

/**
 * A storefront that takes PayPal through the PayPal-speaking server, listening on a loopback port
 * so that the server's signed webhooks reach it as PayPal's would. Webhooks are on unless
 * `webhooks: false` (then events are kept at PayPal until a test sends them).
 */
export async function startPayPalFixture(
  options: { webhooks?: boolean; env?: Record<string, string> } = {},
): Promise<PayPalFixture> {
  const paypal = await startPayPalServer({ ...PAYPAL_APP, retryDelaysMs: [200, 500, 1000] });
  const settings: PayPalSettings = { ...PAYPAL_APP, environment: 'sandbox', apiUrl: paypal.url };
  const ctx = await createTestApp(options.env ?? {}, undefined, { paypal: settings });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (ctx.app.server.address() as AddressInfo).port;
  const webhookUrl = `http://127.0.0.1:${port}/api/payments/paypal/webhook`;
  if (options.webhooks !== false) paypal.setWebhookUrl(webhookUrl);
  return {
    ctx,
    paypal,
    webhookUrl,
    async close() {
      await paypal.close();
      await ctx.close();
    },
  };
}

export interface PayPalOrderView {
  transactionId: string;
  orderId: string;
  captureId: string | null;
  state: string;
  paymentStatus: string;
  value: string;
  currency: string;
  usdtAmount: string;
  fee: string;
  credit: string;
  refunded: string;
  reason: string | null;
  approveUrl: string | null;
}

export async function openPayPalPayment(
  ctx: TestContext,
  headers: Record<string, string>,
  amount = '20',
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/paypal/orders',
    headers: withKey(headers),
    payload: { amount },
  });
  if (response.statusCode !== 201)
    throw new Error(`order: ${response.statusCode} ${response.body}`);
  return response.json<{ data: PayPalOrderView }>().data;
}

export async function captureOnReturn(
  ctx: TestContext,
  headers: Record<string, string>,
  orderId: string,
) {
  return ctx.request({
    method: 'POST',
    url: `/api/wallet/paypal/orders/${orderId}/capture`,
    headers,
  });
}

export async function paymentOf(
  ctx: TestContext,
  headers: Record<string, string>,
  orderId: string,
): Promise<PayPalOrderView> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/wallet/paypal/orders/${orderId}`,
    headers,
  });
  return response.json<{ data: PayPalOrderView }>().data;
}

export async function availableOf(ctx: TestContext, headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers });
  return response.json<{ data: { usdt: { available: string } } }>().data.usdt.available;
}

/** Waits (up to 10 s) until `check` answers true. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** How many PayPal credits the ledger holds for a payment's capture (must never pass 1). */
export async function creditsOf(ctx: TestContext, captureId: string) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ledger_transactions where reference = ${`paypal:capture:${captureId}`}`,
  );
  return row!.n;
}

export const newRenter = (ctx: TestContext) => renter(ctx);
