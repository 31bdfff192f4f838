import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { owedBy } from './ledger.service';
import { plainAmount } from './wallet.service';

/** Why an account that owes `owed` micro-USDT may not rent or ask for a payout, in words. */
export function owingReason(owed: bigint, action: 'rent' | 'payout'): string {
  const what = `Your account owes ${plainAmount(owed)} USDT because PayPal gave back a payment after its money was spent (a refund, a chargeback or a dispute).`;
  return action === 'rent'
    ? `${what} Add funds to your wallet to settle it, then rent again.`
    : `${what} Payouts wait until it is settled: add funds to your wallet.`;
}

/**
 * Refuses what an account that owes the platform may not do until it is settled (issue 19 point
 * 5): rent or extend, and ask for a payout. Running rentals are never cut for it.
 */
export async function assertOwesNothing(db: Executor, userId: string, action: 'rent' | 'payout') {
  const owed = await owedBy(db, userId);
  if (owed <= 0n) return;
  throw new AppError('ACCOUNT_OWES', 409, owingReason(owed, action), { owed: plainAmount(owed) });
}
