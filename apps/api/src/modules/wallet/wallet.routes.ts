import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  createDepositRequestSchema,
  depositAddressSchema,
  depositConfigSchema,
  depositStatusSchema,
  transactionDetailSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  walletSchema,
  type DepositAddress,
} from '@crimsonhost/shared/wallet';
import { AppError } from '../../lib/errors';
import { idempotencyKeyOf, runIdempotent } from '../../lib/idempotency';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import type { Database } from '../../db/client';
import { principalOf, type Guards } from '../auth/auth.guard';
import { assertEmailVerified } from '../auth/email-verification.service';
import type { WalletService } from './wallet.service';

const tags = ['wallet'];
/** Opening deposits per account; each one derives an address, so a script cannot mint them freely. */
const DEPOSIT_REQUESTS: RateLimitRule = {
  name: 'deposit:user',
  limit: 30,
  windowSeconds: 3600,
  message: 'Too many deposit requests. Please wait before opening another deposit.',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id answers 404 like an unknown one: the caller learns nothing either way. */
function assertUuid(value: string, what: string) {
  if (!UUID.test(value)) throw new AppError('NOT_FOUND', 404, `${what} not found`);
}

export const walletRoutes =
  ({
    db,
    wallet,
    guards,
  }: {
    db: Database;
    wallet: WalletService;
    guards: Guards;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/wallet/deposit-config',
      {
        schema: {
          tags,
          summary: 'Deposit minimum, maximum and networks',
          response: { 200: dataEnvelope(depositConfigSchema) },
        },
      },
      async () => ({ data: await wallet.depositConfig() }),
    );

    app.get(
      '/wallet',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Balances: available and held',
          response: { 200: dataEnvelope(walletSchema) },
        },
      },
      async (request) => ({ data: await wallet.wallet(principalOf(request).user.id) }),
    );

    app.get(
      '/wallet/transactions',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'My transactions, newest first',
          querystring: transactionListQuerySchema,
          response: { 200: transactionPageSchema },
        },
      },
      async (request) => wallet.listTransactions(principalOf(request).user.id, request.query),
    );

    app.get(
      '/wallet/transactions/:id',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'One of my transactions with its status details',
          params: z.object({ id: z.string() }),
          response: { 200: dataEnvelope(transactionDetailSchema) },
        },
      },
      async (request) => {
        assertUuid(request.params.id, 'Transaction');
        return {
          data: await wallet.transaction(
            principalOf(request).user.id,
            request.params.id.toLowerCase(),
          ),
        };
      },
    );

    app.post(
      '/wallet/deposits',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Open a deposit: a fresh address for 30 minutes (send an Idempotency-Key header)',
          body: createDepositRequestSchema,
          response: { 201: dataEnvelope(depositAddressSchema) },
        },
      },
      async (request, reply) => {
        const { user } = principalOf(request);
        assertEmailVerified(user);
        const userId = user.id;
        const key = idempotencyKeyOf(request);
        await hitRateLimit(db, DEPOSIT_REQUESTS, userId);
        const answer = await runIdempotent<{ data: DepositAddress }>(
          db,
          { userId, key, route: 'POST /wallet/deposits', request: request.body },
          async (tx) => ({
            status: 201,
            body: { data: await wallet.createDeposit(tx, userId, request.body, key) },
          }),
        );
        if (answer.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.code(answer.status as 201).send(answer.body);
      },
    );

    app.get(
      '/wallet/deposits/:transactionId/status',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary: 'Status of one of my deposits',
          params: z.object({ transactionId: z.string() }),
          response: { 200: dataEnvelope(depositStatusSchema) },
        },
      },
      async (request) => {
        assertUuid(request.params.transactionId, 'Deposit');
        return {
          data: await wallet.depositStatus(
            principalOf(request).user.id,
            request.params.transactionId.toLowerCase(),
          ),
        };
      },
    );

    app.post(
      '/wallet/deposits/:transactionId/cancel',
      {
        onRequest: guards.authenticate,
        schema: {
          tags,
          summary:
            'Cancel one of my deposits still waiting for payment: its address closes now (a payment that still arrives is credited)',
          params: z.object({ transactionId: z.string() }),
          response: { 200: dataEnvelope(transactionDetailSchema) },
        },
      },
      async (request) => {
        assertUuid(request.params.transactionId, 'Deposit');
        return {
          data: await wallet.cancelDeposit(
            principalOf(request).user.id,
            request.params.transactionId.toLowerCase(),
          ),
        };
      },
    );
  };
