import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalServer, type PayPalServer } from '@crimsonhost/devnet/paypal-server';
import {
  PayPalClient,
  PayPalError,
  PayPalRateLimitedError,
} from '../../src/modules/payments/paypal-client';
import {
  PayPalWebhookVerifier,
  certificateHosts,
  readTransmission,
} from '../../src/modules/payments/paypal-webhook-verifier';

const CREDENTIALS = { clientId: 'crimsonhost-app', clientSecret: 'sandbox-secret' };
const WEBHOOK_ID = 'WH-CRIMSONHOST-TEST';

/** A webhook listener that keeps each delivery's headers and raw body. */
async function startListener() {
  const received: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let paypal: PayPalServer;
let listener: Awaited<ReturnType<typeof startListener>>;
let client: PayPalClient;

beforeAll(async () => {
  listener = await startListener();
  paypal = await startPayPalServer({
    ...CREDENTIALS,
    webhookId: WEBHOOK_ID,
    webhookUrl: listener.url,
    retryDelaysMs: [50],
  });
  client = new PayPalClient({ ...CREDENTIALS, baseUrl: paypal.url, timeoutMs: 2_000 });
});
afterAll(async () => {
  await paypal.close();
  await listener.close();
});

/** An order for `value` USD, approved by the buyer on PayPal's page. */
async function approvedOrder(value = '20.00') {
  const { order, approveUrl } = await client.createOrder({
    value,
    currency: 'USD',
    customId: randomUUID(),
    requestId: randomUUID(),
    returnUrl: 'http://127.0.0.1:9/wallet?paypal=return',
    cancelUrl: 'http://127.0.0.1:9/wallet?paypal=cancel',
    brandName: 'CrimsonHost',
  });
  expect(new URL(approveUrl).searchParams.get('token')).toBe(order.id);
  await paypal.approve(order.id);
  return order.id;
}

async function eventOfType(type: string) {
  for (let waited = 0; waited < 5_000; waited += 25) {
    const found = listener.received.filter(
      (delivery) =>
        (JSON.parse(delivery.body.toString()) as { event_type: string }).event_type === type,
    );
    if (found.length > 0) return found.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${type} event arrived`);
}

describe('the PayPal client against a PayPal-speaking server', () => {
  it('creates an order, captures it once however often it is asked, and reads the capture', async () => {
    const orderId = await approvedOrder('20.00');
    const requestId = randomUUID();
    const captured = await client.captureOrder(orderId, requestId);
    const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
    expect(captured.status).toBe('COMPLETED');
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { value: '20.00', currency_code: 'USD' },
    });
    // A retry after a timeout carries the same request id: the same capture, not an error.
    const again = await client.captureOrder(orderId, requestId);
    expect(again.purchase_units?.[0]?.payments?.captures?.[0]?.id).toBe(capture!.id);
    // A different request id is a second capture, which PayPal refuses.
    await expect(client.captureOrder(orderId, randomUUID())).rejects.toMatchObject({
      status: 422,
      issue: 'ORDER_ALREADY_CAPTURED',
    });
    expect((await client.getCapture(capture!.id)).status).toBe('COMPLETED');
  });

  it('names the issue of a capture PayPal refuses', async () => {
    const { order } = await client.createOrder({
      value: '10.00',
      currency: 'USD',
      customId: randomUUID(),
      requestId: randomUUID(),
      returnUrl: 'http://127.0.0.1:9/r',
      cancelUrl: 'http://127.0.0.1:9/c',
    });
    const refusal = await client
      .captureOrder(order.id, randomUUID())
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PayPalError);
    expect(refusal).toMatchObject({ status: 422, issue: 'ORDER_NOT_APPROVED', retryable: false });
    expect((refusal as PayPalError).debugId).toBeTruthy();

    await paypal.approve(order.id);
    paypal.nextCapture({ status: 'INSTRUMENT_DECLINED' });
    await expect(client.captureOrder(order.id, randomUUID())).rejects.toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
    });
  });

  it('asks for a new token once when PayPal no longer takes the one it holds', async () => {
    await approvedOrder();
    paypal.expireTokens();
    const orderId = await approvedOrder();
    expect((await client.getOrder(orderId)).status).toBe('APPROVED');
  });

  it('tells a rate limit and a failure on PayPal’s side from a refusal', async () => {
    paypal.failNext('get-order', { status: 429 });
    const orderId = await approvedOrder();
    const limited = await client.getOrder(orderId).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(PayPalRateLimitedError);
    expect(limited).toMatchObject({ retryable: true });
    paypal.failNext('get-order', { status: 503 });
    await expect(client.getOrder(orderId)).rejects.toMatchObject({ status: 503, retryable: true });
    expect((await client.getOrder(orderId)).status).toBe('APPROVED');
  });

  it('gives up on a call PayPal does not answer in time', async () => {
    const slow = new PayPalClient({ ...CREDENTIALS, baseUrl: paypal.url, timeoutMs: 200 });
    const orderId = await approvedOrder();
    paypal.failNext('get-order', { hangMs: 1_000 });
    await expect(slow.getOrder(orderId)).rejects.toThrow(/aborted|timeout/i);
  });

  it('refunds part of a capture, then the rest, and no more', async () => {
    const orderId = await approvedOrder('10.00');
    const capture = (await client.captureOrder(orderId, randomUUID())).purchase_units![0]!.payments!
      .captures![0]!;
    const part = await client.refundCapture(capture.id, randomUUID(), {
      value: '4.00',
      currency: 'USD',
    });
    expect(part.status).toBe('COMPLETED');
    expect((await client.refundCapture(capture.id, randomUUID())).amount?.value).toBe('6.00');
    await expect(client.refundCapture(capture.id, randomUUID())).rejects.toMatchObject({
      status: 422,
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
  });
});

describe('webhook signatures', () => {
  const verifier = () =>
    new PayPalWebhookVerifier({
      webhookId: WEBHOOK_ID,
      hosts: certificateHosts('sandbox', paypal.url),
    });

  it('takes an event PayPal signed, byte for byte', async () => {
    await client.captureOrder(await approvedOrder('12.00'), randomUUID());
    const delivery = await eventOfType('PAYMENT.CAPTURE.COMPLETED');
    expect(await verifier().verify(readTransmission(delivery.headers), delivery.body)).toEqual({
      ok: true,
    });
  });

  it('refuses a changed body, a missing header, another webhook id and a foreign certificate', async () => {
    const delivery = await eventOfType('CHECKOUT.ORDER.APPROVED');
    const transmission = readTransmission(delivery.headers)!;
    const changed = Buffer.from(delivery.body.toString().replace('APPROVED', 'APPROVEd'));
    expect(await verifier().verify(transmission, changed)).toEqual({
      ok: false,
      reason: 'the signature does not match',
    });
    const unsigned = { ...delivery.headers, 'paypal-transmission-sig': undefined };
    expect(await verifier().verify(readTransmission(unsigned), delivery.body)).toMatchObject({
      ok: false,
    });
    const otherListener = new PayPalWebhookVerifier({
      webhookId: 'WH-SOMEONE-ELSE',
      hosts: certificateHosts('sandbox', paypal.url),
    });
    expect(await otherListener.verify(transmission, delivery.body)).toMatchObject({ ok: false });
    const forged = { ...transmission, certUrl: 'https://attacker.example/cert.pem' };
    expect(await verifier().verify(forged, delivery.body)).toEqual({
      ok: false,
      reason: 'certificates are not taken from https://attacker.example',
    });
    // PayPal's own hosts only, over HTTPS, when no API URL is configured.
    const live = new PayPalWebhookVerifier({
      webhookId: WEBHOOK_ID,
      hosts: certificateHosts('live'),
    });
    expect(await live.verify(transmission, delivery.body)).toMatchObject({ ok: false });
  });

  it('refuses a transmission older than PayPal retries for', async () => {
    const delivery = await eventOfType('CHECKOUT.ORDER.APPROVED');
    const later = new PayPalWebhookVerifier({
      webhookId: WEBHOOK_ID,
      hosts: certificateHosts('sandbox', paypal.url),
      now: () => new Date(Date.now() + 4 * 24 * 3_600_000),
    });
    expect(await later.verify(readTransmission(delivery.headers), delivery.body)).toEqual({
      ok: false,
      reason: 'the transmission time is missing or out of range',
    });
  });
});
