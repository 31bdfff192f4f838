import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  ledgerAccountsSchema,
  ledgerCheckSchema,
  ledgerEntriesPageSchema,
  ledgerEntriesQuerySchema,
  ledgerTransactionDetailSchema,
} from '@crimsonhost/shared/ledger-admin';
import type { Guards } from '../auth/auth.guard';
import type { LedgerAdminService } from './ledger-admin.service';

const tags = ['ledger'];
const idParams = z.object({ id: z.string() });

/**
 * The Money section under /api/admin/ledger (issue 15 point 4): the ledger explorer and "Check
 * the books". The staff area's plugin puts its guard in front; every route here is admin only.
 */
export const ledgerAdminRoutes =
  ({ guards, ledger }: { guards: Guards; ledger: LedgerAdminService }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guards.requireAdmin;

    app.get(
      '/ledger/accounts',
      {
        onRequest,
        schema: {
          tags,
          summary:
            "The platform's ledger accounts with their balances, and the user accounts' totals",
          response: { 200: dataEnvelope(ledgerAccountsSchema) },
        },
      },
      async () => ({ data: await ledger.accounts() }),
    );

    app.get(
      '/ledger/accounts/:id/entries',
      {
        onRequest,
        schema: {
          tags,
          summary: "An account's entries, newest first, each with its ledger transaction",
          params: idParams,
          querystring: ledgerEntriesQuerySchema,
          response: { 200: ledgerEntriesPageSchema },
        },
      },
      async (request) => ledger.entries(request.params.id, request.query),
    );

    app.get(
      '/ledger/transactions/:id',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'A ledger transaction with all its entries, and the wallet transaction and chain transfer linked to it',
          params: idParams,
          response: { 200: dataEnvelope(ledgerTransactionDetailSchema) },
        },
      },
      async (request) => ({ data: await ledger.transaction(request.params.id) }),
    );

    app.post(
      '/ledger/check',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Check the books: prove the ledger balances, cached balances, escrow and deposit credits agree (reads only)',
          response: { 200: dataEnvelope(ledgerCheckSchema) },
        },
      },
      async () => ({ data: await ledger.check() }),
    );
  };
