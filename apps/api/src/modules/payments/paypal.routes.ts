import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { createPayPalOrderRequestSchema, paypalPaymentSchema } from '@crimsonhost/shared/paypal';
import { AppError } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import type { Database } from '../../db/client';
import { principalOf, type Guards } from '../auth/auth.guard';
import { assertEmailVerified } from '../auth/email-verification.service';
import type { PayPalService } from './paypal.service';

const tags = ['wallet'];
/** PayPal orders per account: each is a call to PayPal, so a script cannot make them freely. */
const PAYPAL_ORDERS: RateLimitRule = {
  name: 'paypal-order:user',
  limit: 30,
  windowSeconds: 3600,
  message: 'Too many PayPal payments started. Please wait before starting another one.',
};
/** PayPal's order ids: upper-case letters and digits. Anything else is simply not found. */
const orderParams = z.object({ orderId: z.string() });
function assertOrderId(orderId: string) {
  if (!/^[A-Z0-9-]{5,40}$/.test(orderId)) {
    throw new AppError('NOT_FOUND', 404, 'PayPal payment not found');
  }
}

function requirePayPal(paypal: PayPalService | null): PayPalService {
  if (!paypal) {
    throw new AppError('PAYPAL_OFF', 404, 'This storefront does not take PayPal payments.');
  }
  return paypal;
}

/**
 * The renter's side of PayPal Checkout (issue 19): open a payment, capture it on the return from
 * PayPal, cancel it, read it. Every route answers 404 PAYPAL_OFF when PayPal is not configured.
 */
export const paypalRoutes =
  ({
    db,
    paypal,
    guards,
  }: {
    db: Database;
    paypal: PayPalService | null;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const payment = { 200: dataEnvelope(paypalPaymentSchema) };

    app.post(
      '/wallet/paypal/orders',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Start a PayPal payment into the wallet: answers the approval page to send the buyer to (send an Idempotency-Key header)',
          body: createPayPalOrderRequestSchema,
          response: { 201: dataEnvelope(paypalPaymentSchema) },
        },
      },
      async (request, reply) => {
        const service = requirePayPal(paypal);
        const { user } = principalOf(request);
        assertEmailVerified(user);
        const key = idempotencyKeyOf(request);
        await hitRateLimit(db, PAYPAL_ORDERS, user.id);
        const data = await service.createOrder(user.id, request.body.amount, key);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/wallet/paypal/orders/:orderId',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'One of my PayPal payments',
          params: orderParams,
          response: payment,
        },
      },
      async (request) => {
        assertOrderId(request.params.orderId);
        const service = requirePayPal(paypal);
        return {
          data: await service.payment(principalOf(request).user.id, request.params.orderId),
        };
      },
    );

    app.post(
      '/wallet/paypal/orders/:orderId/capture',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Back from PayPal: capture my approved payment (safe to repeat; the wallet is credited once PayPal completes it)',
          params: orderParams,
          response: payment,
        },
      },
      async (request) => {
        assertOrderId(request.params.orderId);
        const service = requirePayPal(paypal);
        return {
          data: await service.captureForUser(principalOf(request).user.id, request.params.orderId),
        };
      },
    );

    app.post(
      '/wallet/paypal/orders/:orderId/cancel',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'I turned back at PayPal: cancel my payment if it was not approved',
          params: orderParams,
          response: payment,
        },
      },
      async (request) => {
        assertOrderId(request.params.orderId);
        const service = requirePayPal(paypal);
        return {
          data: await service.cancelForUser(principalOf(request).user.id, request.params.orderId),
        };
      },
    );

    // PayPal's webhook: the raw bytes are what the signature covers, so this route reads its body
    // as a Buffer (in its own scope: the rest of the API parses JSON as usual). No session and no
    // CSRF token: the signature is the proof.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      hook.post(
        '/payments/paypal/webhook',
        {
          config: { csrf: false },
          schema: {
            tags: ['payments'],
            summary: "PayPal's webhook events (signed by PayPal; verified before anything is read)",
            hide: false,
          },
        },
        async (request, reply) => {
          if (!paypal)
            return reply
              .code(404)
              .send({ error: { code: 'PAYPAL_OFF', message: 'PayPal is off' } });
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const answer = await paypal.receiveWebhook(request.headers, body);
          if (answer.status === 200)
            return reply.code(200).send({ data: { outcome: answer.outcome } });
          request.log.warn({ reason: answer.reason }, 'PayPal webhook refused');
          return reply.code(answer.status).send({
            error: {
              code: answer.status === 400 ? 'WEBHOOK_REFUSED' : 'WEBHOOK_NOT_PROCESSED',
              message:
                answer.status === 400
                  ? `Webhook refused: ${answer.reason}`
                  : 'The event could not be processed yet; it will be again',
            },
          });
        },
      );
    });
  };
