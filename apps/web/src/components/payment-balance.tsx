import { useState } from 'react';
import { Skeleton, Typography, type DescriptionsProps } from 'antd';
import { toApiError } from '../lib/api-client';
import { balanceAfter, formatAmount, reportedShortfall } from '../lib/rentals/rental-money';
import { useFreshBalance } from '../lib/rentals/use-fresh-balance';

/**
 * The wallet around a payment being confirmed (renting, extending): the balance read afresh while
 * the confirmation is open, what is left after paying `cost` (null while either is unknown), and
 * what is missing. After a refusal for insufficient funds the API's shortfall counts until the
 * wallet has been read again; then the wallet's own. Call `noteFailure` when the payment fails.
 */
export function usePaymentBalance(open: boolean, cost: bigint | null, failure: unknown) {
  const wallet = useFreshBalance(open);
  const [failedAt, setFailedAt] = useState(0);
  const balance = wallet.data?.usdt.available;
  const after = balance === undefined || cost === null ? null : balanceAfter(balance, cost);
  const error = failure ? toApiError(failure) : null;
  const reported =
    error && (!wallet.data || wallet.dataUpdatedAt <= failedAt) ? reportedShortfall(error) : null;
  const missing = reported ?? (after !== null && after < 0n ? -after : null);
  return {
    wallet,
    balance,
    after,
    /** What the wallet lacks for this payment, in micro-USDT; null while it is enough. */
    shortfall: missing !== null && missing > 0n ? missing : null,
    /** A refusal other than insufficient funds, to show as it is. */
    otherError: error && !reportedShortfall(error) ? error : null,
    noteFailure: () => setFailedAt(Date.now()),
  };
}

export type PaymentBalance = ReturnType<typeof usePaymentBalance>;

/** 'Wallet balance' and 'Balance after' rows of a confirmation, the after in red when short. */
export function balanceRows({
  wallet,
  balance,
  after,
}: PaymentBalance): NonNullable<DescriptionsProps['items']> {
  return [
    {
      key: 'balance',
      label: 'Wallet balance',
      children: wallet.isPending ? (
        <Skeleton.Input active size="small" aria-label="Loading your balance" />
      ) : balance === undefined ? (
        <Typography.Text type="secondary">Could not be read</Typography.Text>
      ) : (
        `${formatAmount(balance)} USDT`
      ),
    },
    {
      key: 'after',
      label: 'Balance after',
      children:
        after === null ? (
          '—'
        ) : (
          <Typography.Text strong type={after < 0n ? 'danger' : undefined}>
            {formatAmount(after)} USDT
          </Typography.Text>
        ),
    },
  ];
}
