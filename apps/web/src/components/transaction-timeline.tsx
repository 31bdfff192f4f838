import {
  Badge,
  Empty,
  Flex,
  Timeline,
  Typography,
  theme,
  type BadgeProps,
  type GlobalToken,
} from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { TIMELINE_DESCRIPTION_MAX_CHARS } from '@crimsonhost/shared/constants';
import { formatUsdt, parseSignedUsdt } from '@crimsonhost/shared/money';
import type { TimelineStatus, Transaction } from '@crimsonhost/shared/wallet';
import { paths } from '../app/paths';
import {
  CURRENCY_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  TIMELINE_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '../lib/wallet/transaction-labels';
import { ListSkeleton } from './skeleton-loaders';

export const EMPTY_TIMELINE_TEXT = 'No transactions found';

const STATUS_BADGES: Record<TimelineStatus, NonNullable<BadgeProps['status']>> = {
  PENDING: 'processing',
  CONFIRMED: 'success',
  FAILED: 'error',
  WAITING: 'warning',
  EXPIRED: 'default',
};
/** The dot beside each row, in the theme's status colours (antd's 'blue' is the primary red). */
function dotColor(status: TimelineStatus, token: GlobalToken): string {
  switch (status) {
    case 'PENDING':
      return token.colorInfo;
    case 'CONFIRMED':
      return token.colorSuccess;
    case 'FAILED':
      return token.colorError;
    case 'WAITING':
      return token.colorWarning;
    case 'EXPIRED':
      return token.colorTextDisabled;
  }
}

/**
 * Spec section 5: at most 500 characters of a description, then an ellipsis. Counted in
 * characters as a person sees them, so an emoji is never cut in half.
 */
export function truncateDescription(
  text: string,
  max: number = TIMELINE_DESCRIPTION_MAX_CHARS,
): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
}

/**
 * What moved into (+) or out of (-) the wallet, as the ledger posted it: two decimals, en-US
 * grouping (spec section 9). These are the figures that add up to the balance.
 */
export function signedAmount(transaction: Pick<Transaction, 'balanceChange'>): string {
  const negative = transaction.balanceChange.startsWith('-');
  return `${negative ? '-' : '+'}${formatUsdt(transaction.balanceChange.replace(/^-/, ''))}`;
}

/**
 * The line under a deposit's figure: what arrived and the fee taken from it, or, before the
 * credit, what was asked and the fee that will be taken. Other rows with a fee say it too.
 */
export function feeLine(
  transaction: Pick<Transaction, 'type' | 'amount' | 'fee' | 'currency' | 'timelineStatus'>,
): string | null {
  const unit = CURRENCY_LABELS[transaction.currency];
  const amount = `${formatUsdt(transaction.amount.replace(/^-/, ''))} ${unit}`;
  const fee = `fee ${formatUsdt(transaction.fee)} ${unit}`;
  if (transaction.type !== 'DEPOSIT') {
    return parseSignedUsdt(transaction.fee) === 0n ? null : `${amount} · ${fee}`;
  }
  switch (transaction.timelineStatus) {
    case 'CONFIRMED':
      return `${amount} arrived · ${fee}`;
    case 'WAITING':
      return `${amount} asked · ${fee} when credited`;
    case 'PENDING':
      return `${amount} arriving · ${fee} when credited`;
    case 'FAILED':
    case 'EXPIRED':
      return `${amount} asked · nothing credited`;
  }
}

/**
 * How a deposit was paid and where its payment stands: 'PayPal · payment completed',
 * 'USDT on ERC20 · payment pending'. Null for other types.
 */
export function paymentLine(
  transaction: Pick<Transaction, 'paymentMethod' | 'paymentStatus' | 'network'>,
): string | null {
  if (!transaction.paymentMethod) return null;
  const method =
    transaction.paymentMethod === 'crypto' && transaction.network
      ? `USDT on ${transaction.network}`
      : PAYMENT_METHOD_LABELS[transaction.paymentMethod];
  return transaction.paymentStatus
    ? `${method} · payment ${PAYMENT_STATUS_LABELS[transaction.paymentStatus].toLowerCase()}`
    : method;
}

/** Pending, Confirmed, Failed, Waiting or Expired: a coloured dot beside the word. */
export function TimelineStatusBadge({ status }: { status: TimelineStatus }) {
  return (
    <Badge
      status={STATUS_BADGES[status]}
      text={TIMELINE_STATUS_LABELS[status]}
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const payment = paymentLine(transaction);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Flex align="baseline" gap={10} wrap>
          <Link
            to={paths.walletTransaction.href(transaction.id)}
            style={{ fontWeight: 600 }}
            aria-label={`${TRANSACTION_TYPE_LABELS[transaction.type]} of ${signedAmount(transaction)} ${CURRENCY_LABELS[transaction.currency]}, ${TIMELINE_STATUS_LABELS[transaction.timelineStatus]}: details`}
          >
            {TRANSACTION_TYPE_LABELS[transaction.type]}
          </Link>
          <TimelineStatusBadge status={transaction.timelineStatus} />
        </Flex>
        <Flex vertical align="end" gap={0}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {signedAmount(transaction)} {CURRENCY_LABELS[transaction.currency]}
          </Typography.Text>
          {feeLine(transaction) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {feeLine(transaction)}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      {payment && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {payment}
        </Typography.Text>
      )}
      {transaction.description && (
        // Plain text: React escapes it, so markup in a description shows as the characters typed.
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {truncateDescription(transaction.description)}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <time dateTime={transaction.createdAt}>
          {dayjs(transaction.createdAt).format('D MMM YYYY, HH:mm')}
        </time>
      </Typography.Text>
    </Flex>
  );
}

export interface TransactionTimelineProps {
  transactions: Transaction[];
  /** Shows a placeholder list instead (the first load). */
  loading?: boolean;
  /** What an empty list says; spec section 8: 'No transactions found'. */
  emptyText?: string;
  /** The list's accessible name. */
  label?: string;
}

/**
 * The transaction timeline of spec section 2: newest first, each with its type, signed amount,
 * currency, status, date and description, linking to the transaction's status view.
 */
export function TransactionTimeline({
  transactions,
  loading = false,
  emptyText = EMPTY_TIMELINE_TEXT,
  label = 'Transactions',
}: TransactionTimelineProps) {
  const { token } = theme.useToken();
  if (loading) return <ListSkeleton rows={5} />;
  if (transactions.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }
  return (
    <section aria-label={label}>
      <Timeline
        items={transactions.map((transaction) => ({
          key: transaction.id,
          color: dotColor(transaction.timelineStatus, token),
          content: <TransactionRow transaction={transaction} />,
        }))}
      />
    </section>
  );
}
