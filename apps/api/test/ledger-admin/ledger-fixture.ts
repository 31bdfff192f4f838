import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type {
  LedgerCheck,
  LedgerViolation,
  LedgerViolationKind,
} from '@crimsonhost/shared/ledger-admin';
import { chainTransfers } from '../../src/db/schema/wallet';
import type { ChainSettings } from '../../src/modules/chains/chain-settings';
import type { TestContext } from '../app';
import { withKey } from '../rentals/rentals-fixture';
import { TEST_XPUBS } from '../wallet/chain-fixture';

/** ERC20 deposits on the test wallet's key, with no chain behind them (`recordTransfer` plays it). */
export const OFFLINE_CHAINS: ChainSettings = {
  ERC20: {
    network: 'ERC20',
    xpub: TEST_XPUBS.EVM,
    contract: `0x${'11'.repeat(20)}`,
    decimals: 6,
    nodeUrl: 'http://127.0.0.1:9',
    demo: true,
  },
};

/** POST /api/admin/ledger/check as `headers`: the check's answer. */
export async function checkBooks(ctx: TestContext, headers: Record<string, string>) {
  const response = await ctx.request({ method: 'POST', url: '/api/admin/ledger/check', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: LedgerCheck }>().data;
}

/** The violations of a check by kind. */
export function byKind(
  check: LedgerCheck,
): Partial<Record<LedgerViolationKind, LedgerViolation[]>> {
  const kinds: Partial<Record<LedgerViolationKind, LedgerViolation[]>> = {};
  for (const violation of check.violations) (kinds[violation.kind] ??= []).push(violation);
  return kinds;
}

/** Opens a deposit as the renter of `headers` (POST /api/wallet/deposits). */
export async function openDeposit(
  ctx: TestContext,
  headers: Record<string, string>,
  amount: string,
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount, network: 'ERC20' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { address: string; transactionId: string } }>().data;
}

/**
 * A confirmed payment to a deposit's address as the watcher records it (deposit-matcher.ts), then
 * credited by the wallet's own `creditTransfer`: the deposit path without a chain.
 */
export async function payAndCredit(
  ctx: TestContext,
  deposit: { address: string; transactionId: string },
  micro: bigint,
) {
  const [transfer] = await ctx.database.db
    .insert(chainTransfers)
    .values({
      network: 'ERC20',
      txHash: `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`,
      logIndex: 0,
      blockNumber: 100n,
      blockHash: `0x${'ab'.repeat(32)}`,
      fromAddress: `0x${'22'.repeat(20)}`,
      toAddress: deposit.address,
      rawAmount: micro.toString(),
      amount: micro,
      depositId: deposit.transactionId,
      status: 'CONFIRMING',
      confirmations: 12,
    })
    .returning();
  expect(await ctx.app.services.wallet.creditTransfer(transfer!.id)).toBe(true);
  return transfer!;
}

/** Rents a server as `headers` for `hours`: the rental's answer. */
export async function rentServer(
  ctx: TestContext,
  headers: Record<string, string>,
  serverId: string,
  hours: number,
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(headers),
    payload: { serverId, hours },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string; paid: string } }>().data;
}
