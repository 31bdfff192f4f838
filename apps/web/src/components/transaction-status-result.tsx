import { Button, Flex, Result, Steps, type ResultProps, type StepsProps } from 'antd';
import dayjs from 'dayjs';
import { parseUsdt } from '@crimsonhost/shared/money';
import type { TransactionDetail } from '@crimsonhost/shared/wallet';
import { paths } from '../app/paths';
import { confirmationsText, TRANSACTION_TYPE_LABELS } from '../lib/wallet/transaction-labels';
import { formatUsdtExact } from '../lib/wallet/usdt-format';
import { ButtonLink } from './button-link';

/** Where a transaction is, in the words of spec section 4. */
export type TransactionProgress = 'pending' | 'processing' | 'confirmed' | 'failed' | 'expired';

/**
 * A deposit waiting for its payment is pending; one confirming on the chain (and a rental payment
 * held in escrow) is processing.
 */
export function progressOf(
  transaction: Pick<TransactionDetail, 'timelineStatus'>,
): TransactionProgress {
  switch (transaction.timelineStatus) {
    case 'WAITING':
      return 'pending';
    case 'PENDING':
      return 'processing';
    case 'CONFIRMED':
      return 'confirmed';
    case 'FAILED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
  }
}

/**
 * Spec section 4: pending is step 1, processing step 2, confirmed complete (step 4: every step
 * done), failed and expired stop at step 2 in error.
 */
export function stepOf(progress: TransactionProgress): {
  current: number;
  status: NonNullable<StepsProps['status']>;
} {
  switch (progress) {
    case 'pending':
      return { current: 1, status: 'process' };
    case 'processing':
      return { current: 2, status: 'process' };
    case 'confirmed':
      return { current: 4, status: 'finish' };
    case 'failed':
    case 'expired':
      return { current: 2, status: 'error' };
  }
}

function stepItems(transaction: TransactionDetail, progress: TransactionProgress) {
  const deposit = transaction.type === 'DEPOSIT';
  const confirmations =
    deposit && transaction.confirmations !== null
      ? `${confirmationsText(transaction.confirmations, transaction.requiredConfirmations)} confirmations`
      : undefined;
  const cancelled = progress === 'expired' && cancelledAt(transaction) !== null;
  return [
    { title: 'Created', content: dayjs(transaction.createdAt).format('D MMM YYYY, HH:mm') },
    { title: 'Pending', content: deposit ? 'Waiting for the payment' : undefined },
    {
      title:
        progress === 'failed'
          ? 'Failed'
          : cancelled
            ? 'Cancelled'
            : progress === 'expired'
              ? 'Expired'
              : 'Processing',
      content: cancelled
        ? 'Cancelled by you'
        : progress === 'expired'
          ? 'No payment arrived in time'
          : confirmations,
    },
    { title: 'Completed', content: deposit ? 'Credited to the wallet' : undefined },
  ];
}

function headline(
  transaction: TransactionDetail,
  progress: TransactionProgress,
): { status: NonNullable<ResultProps['status']>; title: string; subTitle: string } {
  const amount = `${formatUsdtExact(transaction.amount)} ${transaction.currency}`;
  const kind = TRANSACTION_TYPE_LABELS[transaction.type];
  const deposit = transaction.type === 'DEPOSIT';
  switch (progress) {
    case 'pending':
      return {
        status: 'info',
        title: deposit ? 'Waiting for your payment' : `${kind} pending`,
        subTitle: deposit
          ? `Send ${amount} to the deposit address below before it expires, 30 minutes after it was created.`
          : `${kind} of ${amount}.`,
      };
    case 'processing':
      return {
        status: 'info',
        title: deposit ? 'Payment received: confirming' : `${kind} processing`,
        subTitle: deposit
          ? `${transaction.confirmations ?? 0} of ${transaction.requiredConfirmations} confirmations. Your wallet is credited when all are reached.`
          : transaction.type === 'RENTAL_PAYMENT'
            ? `${amount} is held in escrow until the rental ends (buyer protection).`
            : `${kind} of ${amount}.`,
      };
    case 'confirmed':
      return {
        status: 'success',
        title: deposit ? 'Deposit confirmed' : `${kind} confirmed`,
        subTitle: deposit
          ? `${formatUsdtExact(parseUsdt(transaction.amount) - parseUsdt(transaction.fee))} USDT credited to your wallet, after a fee of ${formatUsdtExact(transaction.fee)} USDT.`
          : `${kind} of ${amount}.`,
      };
    case 'failed':
      return {
        status: 'error',
        title: 'Transaction failed',
        subTitle: transaction.errorMessage ?? 'Transaction failed. Please try again.',
      };
    case 'expired': {
      const cancelled = cancelledAt(transaction);
      if (cancelled !== null) {
        return {
          status: 'warning',
          title: 'Deposit cancelled',
          subTitle: `You cancelled it on ${dayjs(cancelled).format('D MMM YYYY, HH:mm')} and nothing was charged. Money sent to its address later is still credited to your wallet.`,
        };
      }
      return {
        status: 'warning',
        title: 'Deposit address expired',
        subTitle: 'No payment arrived within 30 minutes, and nothing was charged.',
      };
    }
  }
}

/** When the owner cancelled this deposit while it waited, or null. */
function cancelledAt(transaction: TransactionDetail): string | null {
  return transaction.deposit?.cancelledAt ?? null;
}

export interface TransactionStatusResultProps {
  transaction: TransactionDetail;
  /** Confirmed: show the transaction's details. */
  onViewDetails: () => void;
  /** Failed or expired: start again (for a deposit, the deposit dialog). */
  onTryAgain: () => void;
  /** Pending or processing: stop waiting for it. */
  onCancel: () => void;
  /** Pending, for a deposit whose address is still valid: show its address, QR code and countdown. */
  onShowAddress?: () => void;
}

/**
 * The transaction status result view of spec sections 2 and 4: where the transaction is on its
 * way, as steps, and what can be done from there.
 */
export function TransactionStatusResult({
  transaction,
  onViewDetails,
  onTryAgain,
  onCancel,
  onShowAddress,
}: TransactionStatusResultProps) {
  const progress = progressOf(transaction);
  const { current, status } = stepOf(progress);
  const { status: resultStatus, title, subTitle } = headline(transaction, progress);

  let actions;
  switch (progress) {
    case 'confirmed':
      actions = [
        <ButtonLink key="wallet" type="primary" to={paths.wallet.href()}>
          Back to Wallet
        </ButtonLink>,
        <Button key="details" onClick={onViewDetails}>
          View Details
        </Button>,
      ];
      break;
    case 'failed':
    case 'expired':
      actions = [
        <Button key="again" type="primary" onClick={onTryAgain}>
          Try Again
        </Button>,
      ];
      break;
    case 'pending':
    case 'processing':
      actions = [
        ...(progress === 'pending' && onShowAddress
          ? [
              <Button key="address" type="primary" onClick={onShowAddress}>
                Show address and QR code
              </Button>,
            ]
          : []),
        <Button key="cancel" danger onClick={onCancel}>
          Cancel Transaction
        </Button>,
      ];
      break;
  }

  return (
    <Flex vertical gap={8}>
      <Steps
        current={current}
        status={status}
        size="small"
        items={stepItems(transaction, progress)}
        style={{ marginBottom: 8 }}
      />
      <Result
        status={resultStatus}
        title={title}
        subTitle={subTitle}
        extra={actions}
        style={{ padding: '16px 0' }}
      />
    </Flex>
  );
}
