import type { Executor } from '../../db/client';
import { walletTransactions } from '../../db/schema/wallet';
import { platformRevenue, postLedgerTransaction, userCredit } from '../wallet/ledger.service';
import type { DisputeRow } from './disputes.repository';

/**
 * Compensation of a dispute (issue 17 point 5): platform credit the platform gives of its own,
 * from its PLATFORM revenue account (which goes below zero by the credit it has promised and comes
 * back as credit pays for rentals, decision 044). Once per dispute, by the ledger reference; the
 * renter's timeline shows it as COMPENSATION in PLATFORM.
 */
export async function compensate(
  tx: Executor,
  dispute: Pick<DisputeRow, 'id' | 'renterId'>,
  amount: bigint,
  description: string,
) {
  const reference = `dispute:${dispute.id}:compensation`;
  const posted = await postLedgerTransaction(tx, {
    kind: 'COMPENSATION',
    reference,
    postings: [
      { account: platformRevenue('PLATFORM'), amount: -amount },
      { account: userCredit(dispute.renterId), amount },
    ],
  });
  if (!posted.posted) return;
  await tx.insert(walletTransactions).values({
    userId: dispute.renterId,
    type: 'COMPENSATION',
    status: 'CONFIRMED',
    amount,
    currency: 'PLATFORM',
    description,
    reference,
    ledgerTransactionId: posted.ledgerTransactionId,
  });
}
