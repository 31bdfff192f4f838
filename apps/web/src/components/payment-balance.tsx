import { useState } from 'react';
import { Skeleton, Typography, type DescriptionsProps } from 'antd';
import { toApiError } from '../lib/api-client';
import {
  balanceAfter,
  creditFirst,
  formatAmount,
  reportedShortfall,
} from '../lib/rentals/rental-money';
import { useFreshBalance } from '../lib/rentals/use-fresh-balance';

/**
 * The wallet around a payment being confirmed (renting, extending): the balance read afresh while
 * the confirmation is open, the platform credit used first (as the server does), what is left
 * after paying the rest of `cost` in USDT (null while either is unknown), and what is missing. After a refusal for insufficient funds the API's shortfall counts until the
 * wallet has been read again; then the wallet's own. Call `noteFailure` when the payment fails.
 */
export function usePaymentBalance(open: boolean, cost: bigint | null, failure: unknown) {
  const wallet = useFreshBalance(open);
  const [failedAt, setFailedAt] = useState(0);
  const balance = wallet.data?.usdt.available;
  const split =
    wallet.data && cost !== null ? creditFirst(wallet.data.platformCredit.available, cost) : null;
  const after = balance === undefined || split === null ? null : balanceAfter(balance, split.usdt);
  const error = failure ? toApiError(failure) : null;
  const reported =
    error && (!wallet.data || wallet.dataUpdatedAt <= failedAt) ? reportedShortfall(error) : null;
  const missing = reported ?? (after !== null && after < 0n ? -after : null);
  return {
    wallet,
    balance,
    /** The platform credit this payment uses and the USDT the wallet pays; null while unknown. */
    split,
    after,
    /** What the wallet lacks for this payment, in micro-USDT; null while it is enough. */
    shortfall: missing !== null && missing > 0n ? missing : null,
    /** A refusal other than insufficient funds, to show as it is. */
    otherError: error && !reportedShortfall(error) ? error : null,
    noteFailure: () => setFailedAt(Date.now()),
  };
}

export type PaymentBalance = ReturnType<typeof usePaymentBalance>;

/**
 * 'Wallet balance' and 'Balance after' rows of a confirmation, the after in red when short; with
 * platform credit, a 'Paid with' row that says how much of it is used first.
 */
export function balanceRows({
  wallet,
  balance,
  split,
  after,
}: PaymentBalance): NonNullable<DescriptionsProps['items']> {
  const credit = wallet.data ? wallet.data.platformCredit.available : null;
  const creditRows: NonNullable<DescriptionsProps['items']> =
    split && split.credit > 0n && credit !== null
      ? [
          {
            key: 'paid-with',
            label: 'Paid with',
            children: (
              <>
                <Typography.Text>
                  {split.usdt > 0n
                    ? `${formatAmount(split.credit)} platform credit, then ${formatAmount(split.usdt)} USDT`
                    : `${formatAmount(split.credit)} platform credit`}
                </Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  Credit is used first; you have {formatAmount(credit)}.
                </Typography.Text>
              </>
            ),
          },
        ]
      : [];
  return [
    ...creditRows,
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

/**
 * The confirm button's words: what leaves the wallet and the credit, "Pay 0.42 USDT and rent",
 * "Pay 0.30 credit + 0.12 USDT and rent" or "Pay 0.42 in credit and rent".
 */
export function payLabel(cost: bigint, { split }: PaymentBalance, action: string): string {
  if (!split || split.credit === 0n) return `Pay ${formatAmount(cost)} USDT and ${action}`;
  if (split.usdt === 0n) return `Pay ${formatAmount(split.credit)} in credit and ${action}`;
  return `Pay ${formatAmount(split.credit)} credit + ${formatAmount(split.usdt)} USDT and ${action}`;
}
