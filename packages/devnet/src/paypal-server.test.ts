import { X509Certificate, sign, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from './listen';
import { createSigningCertificate } from './paypal-certificate';
import { startPayPalServer, type PayPalServer, type PayPalServerOptions } from './paypal-server';

const CREDENTIALS = {
  clientId: 'AeCrimsonHostSandboxClient',
  clientSecret: 'EL-crimsonhost-sandbox-secret',
  webhookId: '8PT597110X687430LKGECATA',
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function startPayPal(options: Partial<PayPalServerOptions> = {}) {
  const paypal = await startPayPalServer({ ...CREDENTIALS, retryDelaysMs: [50, 100], ...options });
  closers.push(() => paypal.close());
  return paypal;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  eventType: string;
  eventId: string;
  status: number;
}

/** The merchant's webhook listener: keeps what it receives and answers `answer(event)` (200 by default). */
async function startListener(answer: (received: Omit<Received, 'status'>) => number = () => 200) {
  const received: Received[] = [];
  const wakers = new Set<() => void>();
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString();
      const event = JSON.parse(body) as { id: string; event_type: string };
      const entry = { headers: req.headers, body, eventType: event.event_type, eventId: event.id };
      const status = answer(entry);
      received.push({ ...entry, status });
      res.writeHead(status).end();
      for (const wake of wakers) wake();
    })();
  });
  await listen(server, 0);
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  /** Waits until `count` deliveries matching `predicate` have arrived, and answers them. */
  const next = (predicate: (entry: Received) => boolean, count = 1, timeoutMs = 5000) =>
    new Promise<Received[]>((resolve, reject) => {
      const check = () => {
        const matching = received.filter(predicate);
        if (matching.length < count) return;
        wakers.delete(check);
        clearTimeout(timer);
        resolve(matching);
      };
      const timer = setTimeout(() => {
        wakers.delete(check);
        reject(new Error(`only ${received.filter(predicate).length} of ${count} deliveries came`));
      }, timeoutMs);
      wakers.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paypal`,
    received,
    next,
    ofType: (eventType: string, count = 1) =>
      next((entry) => entry.eventType === eventType, count).then((all) => all[count - 1]!),
  };
}

async function accessToken(paypal: PayPalServer) {
  const response = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A merchant's call to PayPal's REST API: answers the status, the JSON body and the headers. */
async function call(
  paypal: PayPalServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  const response = await fetch(`${paypal.url}${path}`, {
    method,
    signal,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    // The merchant's view of PayPal's JSON: read freely in the assertions.
    body: await response.json(),
    headers: response.headers,
  };
}

const orderRequest = (value = '10.00', extra: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [
    {
      custom_id: 'crimson-order-42',
      invoice_id: 'CH-2026-0042',
      description: 'Minecraft server, 30 days',
      amount: { currency_code: 'USD', value },
    },
  ],
  ...extra,
});

const withExperience = {
  payment_source: {
    paypal: {
      experience_context: {
        brand_name: 'CrimsonHost',
        user_action: 'PAY_NOW',
        return_url: 'https://shop.example/paypal/return?cart=7',
        cancel_url: 'https://shop.example/paypal/cancel',
      },
    },
  },
};

/** Creates an order and approves it with the helper (not the page); answers its id. */
async function approvedOrder(paypal: PayPalServer, token: string, value = '10.00') {
  const created = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest(value));
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id);
  return created.body.id as string;
}

async function capturedOrder(paypal: PayPalServer, token: string, value = '10.00') {
  const orderId = await approvedOrder(paypal, token, value);
  const captured = await call(paypal, token, 'POST', `/v2/checkout/orders/${orderId}/capture`, {});
  expect(captured.status).toBe(201);
  return { orderId, capture: captured.body.purchase_units[0].payments.captures[0] };
}

/** The merchant's own check of a delivery: CRC32 of the raw body, RSA-SHA256 with the certificate. */
async function verifiedLocally(paypal: PayPalServer, delivery: Received) {
  const pem = await fetch(String(delivery.headers['paypal-cert-url'])).then((r) => r.text());
  const certificate = new X509Certificate(pem);
  const message = [
    delivery.headers['paypal-transmission-id'],
    delivery.headers['paypal-transmission-time'],
    CREDENTIALS.webhookId,
    crc32(Buffer.from(delivery.body)),
  ].join('|');
  return verify(
    'sha256',
    Buffer.from(message),
    certificate.publicKey,
    Buffer.from(String(delivery.headers['paypal-transmission-sig']), 'base64'),
  );
}

/** The postback check: sends the headers and the event back to PayPal, as merchants do. */
async function verifiedByPayPal(
  paypal: PayPalServer,
  token: string,
  delivery: Received,
  body = delivery.body,
) {
  const answer = await call(paypal, token, 'POST', '/v1/notifications/verify-webhook-signature', {
    auth_algo: delivery.headers['paypal-auth-algo'],
    cert_url: delivery.headers['paypal-cert-url'],
    transmission_id: delivery.headers['paypal-transmission-id'],
    transmission_sig: delivery.headers['paypal-transmission-sig'],
    transmission_time: delivery.headers['paypal-transmission-time'],
    webhook_id: CREDENTIALS.webhookId,
    webhook_event: JSON.parse(body),
  });
  expect(answer.status).toBe(200);
  return answer.body.verification_status as string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(10);
  }
}

describe('createSigningCertificate', () => {
  it('writes a self-signed X.509 v3 certificate that node:crypto parses and whose key verifies', async () => {
    const made = await createSigningCertificate({
      commonName: 'api.sandbox.paypal.com',
      organization: 'CrimsonHost offline world',
    });
    const certificate = new X509Certificate(made.pem);
    expect(certificate.subject).toContain('CN=api.sandbox.paypal.com');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.ca).toBe(false);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const days = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / 86_400_000;
    expect(days).toBe(365);
    const signature = sign('sha256', Buffer.from('message'), made.privateKey);
    expect(verify('sha256', Buffer.from('message'), certificate.publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('massage'), certificate.publicKey, signature)).toBe(false);
  });
});

describe('startPayPalServer', () => {
  it('issues access tokens for the right client credentials only, and API calls need a live one', async () => {
    const paypal = await startPayPal({ tokenLifetimeSeconds: 0.5 });
    const good = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(good.status).toBe(200);
    const issued = (await good.json()) as Record<string, unknown>;
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 1 });
    expect(issued.access_token).toMatch(/^A21AA/);
    expect(Object.keys(issued).sort()).toEqual(
      ['access_token', 'app_id', 'expires_in', 'nonce', 'scope', 'token_type'].sort(),
    );

    const wrong = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CREDENTIALS.clientId}:nope`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });

    const anonymous = await call(paypal, null, 'GET', '/v2/checkout/orders/5O190127TN364715T');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.name).toBe('AUTHENTICATION_FAILURE');
    const forged = await call(
      paypal,
      'A21AAforged',
      'GET',
      '/v2/checkout/orders/5O190127TN364715T',
    );
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({
      error: 'invalid_token',
      error_description: 'Token signature verification failed',
    });

    const fresh = await accessToken(paypal);
    const live = await call(paypal, fresh, 'POST', '/v2/checkout/orders', orderRequest());
    expect(live.status).toBe(201);
    await sleep(600);
    const expired = await call(paypal, fresh, 'GET', `/v2/checkout/orders/${live.body.id}`);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      error: 'invalid_token',
      error_description: 'Access Token not found in cache',
    });
  });

  it('expireTokens drops every token issued so far, as PayPal can before expires_in', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    paypal.expireTokens();
    const answer = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest());
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('invalid_token');
    expect(
      (await call(paypal, await accessToken(paypal), 'POST', '/v2/checkout/orders', orderRequest()))
        .status,
    ).toBe(201);
  });

  it('runs create, approval on the page, capture with the fee, and a COMPLETED event signed as PayPal signs it', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);

    const created = await call(
      paypal,
      token,
      'POST',
      '/v2/checkout/orders',
      orderRequest('10.00', withExperience),
      {
        prefer: 'return=representation',
      },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('paypal-debug-id')).toMatch(/^[0-9a-f]{13}$/);
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        { custom_id: 'crimson-order-42', amount: { currency_code: 'USD', value: '10.00' } },
      ],
    });
    const orderId = created.body.id as string;
    expect(orderId).toMatch(/^[A-Z0-9]{17}$/);
    const payerAction = created.body.links.find(
      (link: { rel: string }) => link.rel === 'payer-action',
    );
    expect(payerAction).toMatchObject({ method: 'GET' });

    // The buyer's page: accessible, self-contained, with the amount and the merchant's brand.
    const page = await fetch(payerAction.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Pay with PayPal</h1>');
    expect(html).toContain('10.00 USD');
    expect(html).toContain('CrimsonHost');
    expect(html).toMatch(/<button type="submit">Pay now<\/button>/);
    expect(html).toMatch(/<legend>Pay with<\/legend>\s*<label>/);
    expect(html).toContain('Cancel and return to CrimsonHost');
    expect(html).not.toMatch(/<(script|link|img)\b/);
    const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!;
    const formToken = /name="token" value="([^"]+)"/.exec(html)![1]!;

    const submitted = await fetch(new URL(action, paypal.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: formToken, funding: 'BALANCE' }),
    });
    expect(submitted.status).toBe(303);
    const back = new URL(submitted.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/paypal/return');
    expect(back.searchParams.get('cart')).toBe('7');
    expect(back.searchParams.get('token')).toBe(orderId);
    const payerId = back.searchParams.get('PayerID');
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);

    const approvedEvent = await listener.ofType('CHECKOUT.ORDER.APPROVED');
    expect(JSON.parse(approvedEvent.body).resource).toMatchObject({
      id: orderId,
      status: 'APPROVED',
    });
    const approved = await call(paypal, token, 'GET', `/v2/checkout/orders/${orderId}`);
    expect(approved.body).toMatchObject({ status: 'APPROVED', payer: { payer_id: payerId } });
    expect(approved.body.links.map((link: { rel: string }) => link.rel)).toContain('capture');

    const captured = await call(
      paypal,
      token,
      'POST',
      `/v2/checkout/orders/${orderId}/capture`,
      {},
    );
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe('COMPLETED');
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      final_capture: true,
      custom_id: 'crimson-order-42',
      invoice_id: 'CH-2026-0042',
      seller_protection: { status: 'ELIGIBLE' },
      // 3.49 % of 10.00 is 0.349, plus 0.49: 0.84, leaving 9.16.
      seller_receivable_breakdown: {
        gross_amount: { currency_code: 'USD', value: '10.00' },
        paypal_fee: { currency_code: 'USD', value: '0.84' },
        net_amount: { currency_code: 'USD', value: '9.16' },
      },
    });
    const fetched = await call(paypal, token, 'GET', `/v2/payments/captures/${capture.id}`);
    expect(fetched.body.supplementary_data).toEqual({ related_ids: { order_id: orderId } });

    const delivery = await listener.ofType('PAYMENT.CAPTURE.COMPLETED');
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      event_version: '1.0',
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed for $ 10.00 USD',
      resource: { id: capture.id, status: 'COMPLETED', custom_id: 'crimson-order-42' },
    });
    expect(event.id).toMatch(/^WH-[A-Z0-9]{17}-[A-Z0-9]{17}$/);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['paypal-auth-algo']).toBe('SHA256withRSA');
    expect(delivery.headers['paypal-cert-url']).toBe(paypal.certUrl);
    expect(delivery.headers['paypal-transmission-id']).toMatch(/^[0-9a-f-]{36}$/);

    const pem = await fetch(paypal.certUrl).then((response) => response.text());
    const certificate = new X509Certificate(pem);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(await verifiedLocally(paypal, delivery)).toBe(true);
    expect(await verifiedByPayPal(paypal, token, delivery)).toBe('SUCCESS');
    const changed = delivery.body.replace('"value":"10.00"', '"value":"10.01"');
    expect(changed).not.toBe(delivery.body);
    expect(await verifiedByPayPal(paypal, token, delivery, changed)).toBe('FAILURE');
    expect(await verifiedLocally(paypal, { ...delivery, body: changed })).toBe(false);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(event).reverse()));
    expect(await verifiedByPayPal(paypal, token, delivery, reordered)).toBe('FAILURE');
  });

  it('answers the same order and the same capture again for a repeated PayPal-Request-Id', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);
    const headers = { 'paypal-request-id': 'crimson-create-42' };
    const first = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest(), headers);
    const again = await call(
      paypal,
      token,
      'POST',
      '/v2/checkout/orders',
      orderRequest('99.00'),
      headers,
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest(), {
      'paypal-request-id': 'crimson-create-43',
    });
    expect(other.body.id).not.toBe(first.body.id);

    await paypal.approve(first.body.id);
    const captureHeaders = { 'paypal-request-id': 'crimson-capture-42' };
    const path = `/v2/checkout/orders/${first.body.id}/capture`;
    const captured = await call(paypal, token, 'POST', path, {}, captureHeaders);
    const replay = await call(paypal, token, 'POST', path, {}, captureHeaders);
    expect(captured.status).toBe(201);
    expect(replay.status).toBe(200);
    const id = (answer: typeof captured) =>
      String(answer.body.purchase_units[0].payments.captures[0].id);
    expect(id(replay)).toBe(id(captured));
    expect(replay.body.purchase_units[0].payments.captures).toHaveLength(1);

    const twice = await call(
      paypal,
      token,
      'POST',
      path,
      {},
      { 'paypal-request-id': 'crimson-capture-43' },
    );
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
    });
    await listener.ofType('PAYMENT.CAPTURE.COMPLETED');
    expect(
      paypal.events().filter((event) => event.event_type === 'PAYMENT.CAPTURE.COMPLETED'),
    ).toHaveLength(1);
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    const created = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest());
    expect(
      created.body.links.find((link: { rel: string }) => link.rel === 'approve'),
    ).toBeDefined();
    const early = await call(
      paypal,
      token,
      'POST',
      `/v2/checkout/orders/${created.body.id}/capture`,
    );
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      message: expect.stringContaining('business validation') as string,
      details: [{ issue: 'ORDER_NOT_APPROVED' }],
      links: [{ rel: 'information_link' }],
    });
    expect(early.body.debug_id).toBe(early.headers.get('paypal-debug-id'));
    expect(
      (await call(paypal, token, 'GET', `/v2/checkout/orders/${created.body.id}`)).body.status,
    ).toBe('CREATED');
  });

  it('leaves a PENDING capture without its breakdown until it settles COMPLETED or DENIED', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);

    paypal.nextCapture({ status: 'PENDING' }, { status: 'PENDING', reason: 'ECHECK' });
    const { capture } = await capturedOrder(paypal, token);
    expect(capture).toMatchObject({
      status: 'PENDING',
      status_details: { reason: 'PENDING_REVIEW' },
    });
    expect(capture.seller_receivable_breakdown).toBeUndefined();
    expect(JSON.parse((await listener.ofType('PAYMENT.CAPTURE.PENDING')).body).resource.id).toBe(
      capture.id,
    );
    const early = await call(paypal, token, 'POST', `/v2/payments/captures/${capture.id}/refund`);
    expect(early.body.details[0].issue).toBe('PENDING_CAPTURE');

    await paypal.settleCapture(capture.id, 'COMPLETED');
    const settled = await call(paypal, token, 'GET', `/v2/payments/captures/${capture.id}`);
    expect(settled.body).toMatchObject({
      status: 'COMPLETED',
      seller_receivable_breakdown: { paypal_fee: { value: '0.84' } },
    });
    expect(settled.body.status_details).toBeUndefined();
    const completed = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.COMPLETED')).body);
    expect(completed.resource).toMatchObject({ id: capture.id, status: 'COMPLETED' });

    const second = await capturedOrder(paypal, token, '25.00');
    expect(second.capture.status_details).toEqual({ reason: 'ECHECK' });
    await paypal.settleCapture(second.capture.id, 'DENIED');
    const denied = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.DENIED')).body);
    expect(denied).toMatchObject({
      resource_type: 'capture',
      resource: { id: second.capture.id, status: 'DECLINED' },
    });
    await expect(paypal.settleCapture(second.capture.id, 'COMPLETED')).rejects.toThrow(
      /not PENDING/,
    );
  });

  it('creates a DECLINED capture that still completes the order', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);
    paypal.nextCapture({ status: 'DECLINED' });
    const { orderId, capture } = await capturedOrder(paypal, token);
    expect(capture.status).toBe('DECLINED');
    expect(capture.seller_receivable_breakdown).toBeUndefined();
    expect((await call(paypal, token, 'GET', `/v2/checkout/orders/${orderId}`)).body.status).toBe(
      'COMPLETED',
    );
    const event = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.DECLINED')).body);
    expect(event.resource).toMatchObject({ id: capture.id, status: 'DECLINED' });
  });

  it('answers INSTRUMENT_DECLINED with a redirect link, keeps the order APPROVED, and captures on the next try', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    paypal.nextCapture({ status: 'INSTRUMENT_DECLINED' });
    const orderId = await approvedOrder(paypal, token);
    const path = `/v2/checkout/orders/${orderId}/capture`;
    const declined = await call(
      paypal,
      token,
      'POST',
      path,
      {},
      { 'paypal-request-id': 'capture-try-1' },
    );
    expect(declined.status).toBe(422);
    expect(declined.body.details[0]).toMatchObject({ issue: 'INSTRUMENT_DECLINED' });
    expect(declined.body.links).toContainEqual({
      href: `${paypal.url}/checkoutnow?token=${orderId}`,
      rel: 'redirect',
      method: 'GET',
    });
    expect((await call(paypal, token, 'GET', `/v2/checkout/orders/${orderId}`)).body.status).toBe(
      'APPROVED',
    );
    // The failed call left nothing behind its request id: the same id may try again.
    const retried = await call(
      paypal,
      token,
      'POST',
      path,
      {},
      { 'paypal-request-id': 'capture-try-1' },
    );
    expect(retried.status).toBe(201);
    expect(retried.body.purchase_units[0].payments.captures[0].status).toBe('COMPLETED');
  });

  it('refunds part, refuses more than is left, refunds the rest, then refuses a fully refunded capture', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);
    const { capture } = await capturedOrder(paypal, token);
    const path = `/v2/payments/captures/${capture.id}/refund`;

    const part = await call(paypal, token, 'POST', path, {
      amount: { currency_code: 'USD', value: '3.00' },
      note_to_payer: 'Unused days',
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ status: 'COMPLETED' });
    expect(part.body.links).toContainEqual({
      href: `${paypal.url}/v2/payments/captures/${capture.id}`,
      rel: 'up',
      method: 'GET',
    });
    expect(
      (await call(paypal, token, 'GET', `/v2/payments/captures/${capture.id}`)).body.status,
    ).toBe('PARTIALLY_REFUNDED');
    const refunded = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.REFUNDED')).body);
    expect(refunded).toMatchObject({
      resource_type: 'refund',
      summary: 'A $ 3.00 USD capture payment was refunded',
      resource: { id: part.body.id, amount: { value: '3.00' }, note_to_payer: 'Unused days' },
    });
    expect(refunded.resource.links).toContainEqual(expect.objectContaining({ rel: 'up' }));

    const mismatch = await call(paypal, token, 'POST', path, {
      amount: { currency_code: 'EUR', value: '1.00' },
    });
    expect(mismatch.body.details[0].issue).toBe('REFUND_CAPTURE_CURRENCY_MISMATCH');
    const tooMuch = await call(paypal, token, 'POST', path, {
      amount: { currency_code: 'USD', value: '7.01' },
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');

    const rest = await call(paypal, token, 'POST', path, undefined, {
      'paypal-request-id': 'refund-rest',
      prefer: 'return=representation',
    });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({
      amount: { value: '7.00' },
      seller_payable_breakdown: { total_refunded_amount: { value: '10.00' } },
    });
    const replay = await call(paypal, token, 'POST', path, undefined, {
      'paypal-request-id': 'refund-rest',
    });
    expect(replay).toMatchObject({ status: 200, body: { id: rest.body.id } });
    expect(
      (await call(paypal, token, 'GET', `/v2/payments/refunds/${rest.body.id}`)).body.amount.value,
    ).toBe('7.00');
    expect(
      (await call(paypal, token, 'GET', `/v2/payments/captures/${capture.id}`)).body.status,
    ).toBe('REFUNDED');

    const none = await call(paypal, token, 'POST', path, {
      amount: { currency_code: 'USD', value: '0.01' },
    });
    expect(none.body.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
    await listener.ofType('PAYMENT.CAPTURE.REFUNDED', 2);
    expect(
      paypal.events().filter((event) => event.event_type === 'PAYMENT.CAPTURE.REFUNDED'),
    ).toHaveLength(2);
  });

  it('sends the events of a refund made at paypal.com, a chargeback and a dispute', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);

    const first = await capturedOrder(paypal, token);
    const { refundId } = await paypal.refundFromPayPal(first.capture.id, '4.00');
    const refunded = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.REFUNDED')).body);
    expect(refunded.resource).toMatchObject({ id: refundId, amount: { value: '4.00' } });

    await paypal.reverse(first.capture.id);
    const reversed = JSON.parse((await listener.ofType('PAYMENT.CAPTURE.REVERSED')).body);
    expect(reversed).toMatchObject({
      resource_type: 'refund',
      summary: 'A $ 6.00 USD capture payment was reversed',
      resource: {
        amount: { value: '6.00' },
        note_to_payer: 'Payment reversed',
        status: 'COMPLETED',
      },
    });
    expect(reversed.resource.links).toContainEqual({
      href: `${paypal.url}/v2/payments/captures/${first.capture.id}`,
      rel: 'up',
      method: 'GET',
    });
    const afterChargeback = await call(
      paypal,
      token,
      'GET',
      `/v2/payments/captures/${first.capture.id}`,
    );
    expect(afterChargeback.body.status).toBe('REVERSED');
    const refusal = await call(
      paypal,
      token,
      'POST',
      `/v2/payments/captures/${first.capture.id}/refund`,
    );
    expect(refusal.body.details[0].issue).toBe('REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK');

    const second = await capturedOrder(paypal, token, '20.00');
    const { disputeId } = await paypal.openDispute(second.capture.id);
    const opened = JSON.parse((await listener.ofType('CUSTOMER.DISPUTE.CREATED')).body);
    expect(opened).toMatchObject({
      resource_type: 'dispute',
      resource: {
        dispute_id: disputeId,
        status: 'OPEN',
        dispute_amount: { currency_code: 'USD', value: '20.00' },
        disputed_transactions: [
          { seller_transaction_id: second.capture.id, custom: 'crimson-order-42' },
        ],
      },
    });
    await paypal.resolveDispute(disputeId, 'SELLER');
    const resolved = JSON.parse((await listener.ofType('CUSTOMER.DISPUTE.RESOLVED')).body);
    expect(resolved.resource).toMatchObject({
      dispute_id: disputeId,
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect(
      (await call(paypal, token, 'GET', `/v1/customer/disputes/${disputeId}`)).body.status,
    ).toBe('RESOLVED');
    await expect(paypal.resolveDispute(disputeId, 'BUYER')).rejects.toThrow(/already resolved/);
  });

  it('retries a failed delivery with the identical body and a new signature each time', async () => {
    let failures = 2;
    const listener = await startListener(() => (failures-- > 0 ? 500 : 200));
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);
    await approvedOrder(paypal, token);

    const attempts = await listener.next(
      (entry) => entry.eventType === 'CHECKOUT.ORDER.APPROVED',
      3,
    );
    expect(attempts.map((entry) => entry.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((entry) => entry.body)).size).toBe(1);
    expect(new Set(attempts.map((entry) => entry.headers['paypal-transmission-id'])).size).toBe(3);
    expect(new Set(attempts.map((entry) => entry.headers['paypal-transmission-sig'])).size).toBe(3);
    for (const entry of attempts) expect(await verifiedLocally(paypal, entry)).toBe(true);
    const deliveries = paypal.deliveries();
    expect(deliveries.map(({ attempt, status }) => [attempt, status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(deliveries[0]!.eventType).toBe('CHECKOUT.ORDER.APPROVED');
    expect(deliveries[2]!.at.getTime() - deliveries[0]!.at.getTime()).toBeGreaterThanOrEqual(140);
  });

  it('does not hold later events behind an earlier one being retried, so they arrive out of order', async () => {
    const listener = await startListener((entry) =>
      entry.eventType === 'CHECKOUT.ORDER.APPROVED' &&
      listener.received.filter((seen) => seen.eventType === 'CHECKOUT.ORDER.APPROVED').length === 0
        ? 503
        : 200,
    );
    const paypal = await startPayPal({ webhookUrl: listener.url, retryDelaysMs: [300] });
    const token = await accessToken(paypal);
    await capturedOrder(paypal, token);
    await listener.ofType('CHECKOUT.ORDER.APPROVED', 2);
    expect(listener.received.map((entry) => [entry.eventType, entry.status])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 503],
      ['PAYMENT.CAPTURE.COMPLETED', 200],
      ['CHECKOUT.ORDER.APPROVED', 200],
    ]);
  });

  it('gives up after the last retry, records network errors, and keeps events while no URL is set', async () => {
    const paypal = await startPayPal({ retryDelaysMs: [20] });
    const token = await accessToken(paypal);
    const orderId = await approvedOrder(paypal, token);
    await sleep(50);
    expect(paypal.events().map((event) => event.event_type)).toEqual(['CHECKOUT.ORDER.APPROVED']);
    expect(paypal.deliveries()).toEqual([]);

    // Nothing listens on this port any more.
    const gone = await startListener();
    await closers.pop()!();
    paypal.setWebhookUrl(gone.url);
    await call(paypal, token, 'POST', `/v2/checkout/orders/${orderId}/capture`, {});
    await sleep(300);
    expect(
      paypal.deliveries().map(({ eventType, attempt, status }) => [eventType, attempt, status]),
    ).toEqual([
      ['PAYMENT.CAPTURE.COMPLETED', 1, 'error'],
      ['PAYMENT.CAPTURE.COMPLETED', 2, 'error'],
    ]);
  });

  it('redelivers an event as a duplicate with the same id and body', async () => {
    const listener = await startListener();
    const paypal = await startPayPal({ webhookUrl: listener.url });
    const token = await accessToken(paypal);
    await capturedOrder(paypal, token);
    const original = await listener.ofType('PAYMENT.CAPTURE.COMPLETED');
    await paypal.redeliver(original.eventId);
    const duplicate = await listener.ofType('PAYMENT.CAPTURE.COMPLETED', 2);
    expect(duplicate.eventId).toBe(original.eventId);
    expect(duplicate.body).toBe(original.body);
    expect(duplicate.headers['paypal-transmission-id']).not.toBe(
      original.headers['paypal-transmission-id'],
    );
    expect(await verifiedByPayPal(paypal, token, duplicate)).toBe('SUCCESS');
    expect(
      paypal.deliveries().filter((delivery) => delivery.eventId === original.eventId),
    ).toHaveLength(2);
    await expect(paypal.redeliver('WH-UNKNOWN')).rejects.toThrow(/No PayPal event/);
  });

  it('stops pending retries when it closes', async () => {
    const listener = await startListener(() => 500);
    const paypal = await startPayPal({ webhookUrl: listener.url, retryDelaysMs: [100, 100] });
    const token = await accessToken(paypal);
    await approvedOrder(paypal, token);
    await listener.ofType('CHECKOUT.ORDER.APPROVED');
    await until(() => paypal.deliveries().length === 1);
    await paypal.close();
    await sleep(300);
    expect(listener.received).toHaveLength(1);
    expect(paypal.deliveries()).toHaveLength(1);
  });

  it('fails the next calls of a route as PayPal does: 429, 500, 503, 401', async () => {
    const paypal = await startPayPal();
    paypal.failNext('token', { status: 503 });
    const unavailable = await fetch(`${paypal.url}/v1/oauth2/token`, { method: 'POST' });
    expect(unavailable.status).toBe(503);
    expect(((await unavailable.json()) as { name: string }).name).toBe('SERVICE_UNAVAILABLE');
    const token = await accessToken(paypal);

    paypal.failNext('create-order', { status: 429, times: 2 });
    for (let i = 0; i < 2; i += 1) {
      const limited = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest());
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        name: 'RATE_LIMIT_REACHED',
        message: 'Too many requests. Blocked due to rate limiting.',
        links: [],
      });
      expect(limited.body.debug_id).toMatch(/^[0-9a-f]{13}$/);
    }
    const created = await call(paypal, token, 'POST', '/v2/checkout/orders', orderRequest());
    expect(created.status).toBe(201);

    await paypal.approve(created.body.id);
    paypal.failNext('capture', { status: 500 });
    const failed = await call(
      paypal,
      token,
      'POST',
      `/v2/checkout/orders/${created.body.id}/capture`,
      {},
    );
    expect(failed).toMatchObject({ status: 500, body: { name: 'INTERNAL_SERVICE_ERROR' } });
    expect(
      (await call(paypal, token, 'GET', `/v2/checkout/orders/${created.body.id}`)).body.status,
    ).toBe('APPROVED');

    paypal.failNext('get-order', { status: 401 });
    const dropped = await call(paypal, token, 'GET', `/v2/checkout/orders/${created.body.id}`);
    expect(dropped).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    expect(
      (await call(paypal, token, 'POST', `/v2/checkout/orders/${created.body.id}/capture`, {}))
        .status,
    ).toBe(201);
  });

  it('hangs a call and still does the work, so a retry with the same request id gets the one capture', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    const orderId = await approvedOrder(paypal, token);
    const path = `/v2/checkout/orders/${orderId}/capture`;
    const headers = { 'paypal-request-id': 'capture-after-timeout' };

    paypal.failNext('capture', { hangMs: 800 });
    const started = Date.now();
    await expect(
      call(paypal, token, 'POST', path, {}, headers, AbortSignal.timeout(100)),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(700);
    const retried = await call(paypal, token, 'POST', path, {}, headers);
    expect(retried.status).toBe(201);
    await sleep(800);
    const order = await call(paypal, token, 'GET', `/v2/checkout/orders/${orderId}`);
    expect(order.body.purchase_units[0].payments.captures).toHaveLength(1);
    expect(
      paypal.events().filter((event) => event.event_type === 'PAYMENT.CAPTURE.COMPLETED'),
    ).toHaveLength(1);

    paypal.failNext('get-order', { hangMs: 150 });
    const slowStart = Date.now();
    const slow = await call(paypal, token, 'GET', `/v2/checkout/orders/${orderId}`);
    expect(slow.status).toBe(200);
    expect(Date.now() - slowStart).toBeGreaterThanOrEqual(140);
  });

  it('validates a new order as PayPal does, in its error shape', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    const create = (body: unknown) => call(paypal, token, 'POST', '/v2/checkout/orders', body);

    const noIntent = await create({ purchase_units: orderRequest().purchase_units });
    expect(noIntent.status).toBe(400);
    expect(noIntent.body).toMatchObject({
      name: 'INVALID_REQUEST',
      message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
      details: [{ field: '/intent', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' }],
      links: [{ rel: 'information_link', method: 'GET' }],
    });
    expect(noIntent.body.debug_id).toMatch(/^[0-9a-f]{13}$/);

    const authorize = await create({ ...orderRequest(), intent: 'AUTHORIZE' });
    expect(authorize.body.details[0]).toMatchObject({
      field: '/intent',
      issue: 'INVALID_PARAMETER_VALUE',
    });
    expect((await create({ intent: 'CAPTURE' })).body.details[0]).toMatchObject({
      field: '/purchase_units',
      issue: 'MISSING_REQUIRED_PARAMETER',
    });

    const precise = await create(orderRequest('10.001'));
    expect(precise.status).toBe(422);
    expect(precise.body).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [
        {
          field: "/purchase_units/@reference_id=='default'/amount/value",
          value: '10.001',
          issue: 'DECIMAL_PRECISION',
          description:
            'If the currency supports decimals, only two decimal place precision is supported.',
        },
      ],
    });
    expect(precise.body.links[0].href).toContain('#error-DECIMAL_PRECISION');
    const zero = await create(orderRequest('0.00'));
    expect(zero).toMatchObject({
      status: 422,
      body: { details: [{ issue: 'CANNOT_BE_ZERO_OR_NEGATIVE' }] },
    });
    const negative = await create(orderRequest('-5.00'));
    expect(negative).toMatchObject({
      status: 400,
      body: { details: [{ issue: 'INVALID_PARAMETER_SYNTAX' }] },
    });
    const number = await create({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: 10 } }],
    });
    expect(number.body.details[0]).toMatchObject({ issue: 'INVALID_PARAMETER_SYNTAX' });
    const currency = await create({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'cart-7', amount: { value: '1.00' } }],
    });
    expect(currency.body.details[0]).toMatchObject({
      field: "/purchase_units/@reference_id=='cart-7'/amount/currency_code",
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    const malformed = await create('{"intent": "CAPTURE",');
    expect(malformed).toMatchObject({
      status: 400,
      body: { details: [{ issue: 'MALFORMED_REQUEST_JSON' }] },
    });

    const unknown = await call(paypal, token, 'GET', '/v2/checkout/orders/0000000000000000X');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      name: 'RESOURCE_NOT_FOUND',
      details: [{ location: 'path', issue: 'INVALID_RESOURCE_ID' }],
    });
    const noCapture = await call(paypal, token, 'GET', '/v2/payments/captures/0000000000000000X');
    expect(noCapture.body.details[0].issue).toBe('INVALID_RESOURCE_ID');
  });

  it('shows the approval page for unknown and paid orders, and sends a cancelling buyer back', async () => {
    const paypal = await startPayPal();
    const token = await accessToken(paypal);
    expect((await fetch(`${paypal.url}/checkoutnow?token=NOSUCHORDER`)).status).toBe(404);

    const created = await call(
      paypal,
      token,
      'POST',
      '/v2/checkout/orders',
      orderRequest('5.00', withExperience),
    );
    const page = await fetch(`${paypal.url}/checkoutnow?token=${created.body.id}`).then((r) =>
      r.text(),
    );
    const cancelHref = /<a href="([^"]+)">Cancel and return/.exec(page)![1]!;
    const cancelled = await fetch(new URL(cancelHref.replace(/&amp;/g, '&'), paypal.url), {
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `https://shop.example/paypal/cancel?token=${created.body.id}`,
    );
    expect(
      (await call(paypal, token, 'GET', `/v2/checkout/orders/${created.body.id}`)).body.status,
    ).toBe('PAYER_ACTION_REQUIRED');

    await paypal.approve(created.body.id);
    await call(paypal, token, 'POST', `/v2/checkout/orders/${created.body.id}/capture`, {});
    const paid = await fetch(`${paypal.url}/checkoutnow?token=${created.body.id}`);
    expect(paid.status).toBe(410);
    expect(await paid.text()).toContain('already been completed');
  });
});
