import type { DepositAddress, TransactionDetail } from '@crimsonhost/shared/wallet';

/**
 * The deposit address result of a waiting deposit, rebuilt from its transaction: what the
 * deposit dialog had when it made the address.
 */
export function depositAddressOf(transaction: TransactionDetail): DepositAddress | null {
  const { deposit, address, network } = transaction;
  if (transaction.type !== 'DEPOSIT' || !deposit || !address || !network) return null;
  return {
    address,
    amount: deposit.requestedAmount,
    network,
    networkFee: transaction.fee,
    confirmationsRequired: transaction.requiredConfirmations,
    expiresAt: deposit.expiresAt,
    transactionId: transaction.id,
  };
}
