import { randomUUID } from 'node:crypto';
import type { Executor } from '../../src/db/client';
import { walletTransactions } from '../../src/db/schema/wallet';
import {
  chainClearing,
  postLedgerTransaction,
  userWallet,
} from '../../src/modules/wallet/ledger.service';
import type { TestContext } from '../app';
import { createUser } from '../factories';

export const USDT = 1_000_000n;

/** Puts money in a user's wallet the way a confirmed deposit does: clearing → wallet, recorded. */
export async function fundWallet(db: Executor, userId: string, amount: bigint) {
  const reference = `test-deposit:${randomUUID()}`;
  await postLedgerTransaction(db, {
    kind: 'DEPOSIT_CREDIT',
    reference,
    postings: [
      { account: chainClearing('ERC20'), amount: -amount },
      { account: userWallet(userId), amount },
    ],
  });
  await db.insert(walletTransactions).values({
    userId,
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    amount,
    currency: 'USDT',
    description: 'Deposit via Ethereum (ERC20)',
    reference,
  });
}

let ip = 0;
/** A renter with `funds` in the wallet, signed in. */
export async function renter(ctx: TestContext, funds = 0n) {
  const user = await createUser(ctx.database.db);
  if (funds > 0n) await fundWallet(ctx.database.db, user.id, funds);
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.4.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
  return { user, headers: { authorization: `Bearer ${login.json().data.tokens.access_token}` } };
}

export function withKey(headers: Record<string, string>, key: string = randomUUID()) {
  return { ...headers, 'idempotency-key': key };
}
