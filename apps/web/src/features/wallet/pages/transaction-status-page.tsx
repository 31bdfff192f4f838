import { useRef, useState } from 'react';
import { Button, Card, Descriptions, Flex, Modal, Result, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { parseUsdt } from '@crimsonhost/shared/money';
import type { DepositDetail, TransactionDetail } from '@crimsonhost/shared/wallet';
import { paths } from '../../../app/paths';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ButtonLink } from '../../../components/button-link';
import { LazyDepositDialog } from '../../../components/deposit-dialog/lazy-deposit-dialog';
import { LazyPaymentDialog } from '../../../components/deposit-dialog/lazy-payment-dialog';
import { depositAddressOf } from '../../../components/deposit-dialog/deposit-address';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { TimelineStatusBadge, signedAmount } from '../../../components/transaction-timeline';
import { TransactionStatusResult } from '../../../components/transaction-status-result';
import { useToast } from '../../../components/use-toast';
import { ApiError, toApiError } from '../../../lib/api-client';
import { NETWORK_NAMES } from '../../../lib/network-names';
import {
  confirmationsText,
  CURRENCY_LABELS,
  PAYMENT_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '../../../lib/wallet/transaction-labels';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useCancelDeposit } from '../api/cancel-deposit';
import { useTransaction } from '../api/get-transaction';
import { PayPalTransactionStatus } from '../components/paypal-transaction-status';

const DATE_TIME = 'D MMM YYYY, HH:mm:ss';

/** 'Short of the 25.00 USDT asked; credited for what arrived, less the fee.' and the like. */
function receivedNote(deposit: DepositDetail): string | null {
  const asked = `${formatUsdtExact(deposit.requestedAmount)} USDT`;
  const notes = {
    none: null,
    exact: null,
    short: `Less than the ${asked} asked: credited for what arrived, less the fee.`,
    over: `More than the ${asked} asked: credited for what arrived, less the fee.`,
  } as const;
  const late = deposit.late ? 'Paid after the address had expired; credited all the same.' : null;
  return [notes[deposit.paid], late].filter(Boolean).join(' ') || null;
}

/** Cancel Transaction on a deposit whose address still waits for its payment: it really cancels. */
export const CANCEL_DEPOSIT_TITLE = 'Cancel this deposit?';
export const CANCEL_DEPOSIT_TEXT =
  'Its address closes now and no longer counts among your open deposits. Money sent to it later is still credited to your wallet.';
export const DEPOSIT_CANCELLED_MESSAGE = 'Deposit cancelled. Its address is closed.';

/** A deposit waiting for its payment, none seen yet: the one the API lets its owner cancel. */
function cancellable(transaction: TransactionDetail): boolean {
  return (
    transaction.type === 'DEPOSIT' &&
    transaction.timelineStatus === 'WAITING' &&
    transaction.deposit?.status === 'WAITING' &&
    transaction.deposit.paid === 'none'
  );
}

/** Whether the waiting deposit's address can still be paid: its payment step may show again. */
function addressStillValid(transaction: TransactionDetail): boolean {
  return (
    transaction.timelineStatus === 'WAITING' &&
    depositAddressOf(transaction) !== null &&
    Date.parse(transaction.deposit!.expiresAt) > Date.now()
  );
}

/** Why 'Cancel Transaction' cannot cancel what is already on its way. */
function cannotCancelExplanation(transaction: TransactionDetail): {
  title: string;
  content: string;
} {
  if (transaction.type === 'DEPOSIT') {
    return {
      title: 'This payment cannot be cancelled',
      content: `It is already on the blockchain. It is credited to your wallet once it has ${transaction.requiredConfirmations} confirmations, whether or not you stay on this page.`,
    };
  }
  return {
    title: 'This payment cannot be cancelled here',
    content:
      'It is held in escrow for your rental. Cancelling the rental from Rentals returns the unused hours to your wallet.',
  };
}

/** 'PayPal', 'USDT on ERC20 (Ethereum)': how a deposit was paid. */
function paymentMethodText(transaction: TransactionDetail): string {
  if (transaction.paymentMethod === 'paypal' || transaction.paypal) return 'PayPal';
  return transaction.network ? `USDT on ${NETWORK_NAMES[transaction.network]}` : 'Crypto';
}

function TransactionDetails({ transaction }: { transaction: TransactionDetail }) {
  const deposit = transaction.type === 'DEPOSIT';
  // Paid with PayPal: no chain, so no hash, confirmations or address; its PayPal card says the rest.
  const paypal = transaction.paypal !== null;
  const onChain = deposit && !paypal;
  const awaitingCredit =
    deposit &&
    (transaction.timelineStatus === 'WAITING' || transaction.timelineStatus === 'PENDING');
  const code = (text: string) => (
    <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Typography.Text>
  );
  const items = [
    { key: 'type', label: 'Type', children: TRANSACTION_TYPE_LABELS[transaction.type] },
    {
      key: 'status',
      label: 'Status',
      children: <TimelineStatusBadge status={transaction.timelineStatus} />,
    },
    {
      key: 'amount',
      label: 'Amount',
      children: `${formatUsdtExact(transaction.amount.replace(/^-/, ''))} ${CURRENCY_LABELS[transaction.currency]}`,
    },
    {
      key: 'fee',
      label: awaitingCredit ? 'Fee when credited' : 'Fee',
      children: `${formatUsdtExact(transaction.fee)} ${CURRENCY_LABELS[transaction.currency]}`,
    },
    {
      key: 'change',
      label: 'To your wallet',
      children: awaitingCredit
        ? `${formatUsdtExact(parseUsdt(transaction.amount) - parseUsdt(transaction.fee))} ${CURRENCY_LABELS[transaction.currency]} once credited; nothing yet`
        : `${signedAmount(transaction)} ${CURRENCY_LABELS[transaction.currency]}`,
    },
    ...(deposit
      ? [
          { key: 'method', label: 'Payment method', children: paymentMethodText(transaction) },
          ...(transaction.paymentStatus
            ? [
                {
                  key: 'paymentStatus',
                  label: 'Payment status',
                  children: PAYMENT_STATUS_LABELS[transaction.paymentStatus],
                },
              ]
            : []),
        ]
      : []),
    {
      key: 'description',
      label: 'Description',
      children: (
        <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {transaction.description}
        </span>
      ),
    },
    ...(transaction.network
      ? [{ key: 'network', label: 'Network', children: transaction.network }]
      : []),
    ...(transaction.address
      ? [{ key: 'address', label: 'Address', children: code(transaction.address) }]
      : []),
    ...(onChain || transaction.txHash
      ? [
          {
            key: 'txHash',
            label: 'Transaction hash',
            children: transaction.txHash ? code(transaction.txHash) : 'Not yet on the chain',
          },
        ]
      : []),
    ...(transaction.deposit && transaction.timelineStatus === 'WAITING'
      ? [
          {
            key: 'expires',
            label: 'Address valid until',
            children: (
              <time dateTime={transaction.deposit.expiresAt}>
                {dayjs(transaction.deposit.expiresAt).format(DATE_TIME)}
              </time>
            ),
          },
        ]
      : []),
    ...(transaction.deposit && transaction.deposit.paid !== 'none'
      ? [
          {
            key: 'received',
            label: 'Received',
            children: (
              <Flex vertical gap={2}>
                <span>{formatUsdtExact(transaction.deposit.receivedAmount)} USDT</span>
                {receivedNote(transaction.deposit) && (
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {receivedNote(transaction.deposit)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
        ]
      : []),
    ...(onChain
      ? [
          {
            key: 'confirmations',
            label: 'Confirmations',
            children: confirmationsText(
              transaction.confirmations,
              transaction.requiredConfirmations,
            ),
          },
        ]
      : []),
    ...(transaction.errorMessage && !paypal
      ? [{ key: 'error', label: 'Error', children: transaction.errorMessage }]
      : []),
    ...(transaction.reference
      ? [{ key: 'reference', label: 'Reference', children: code(transaction.reference) }]
      : []),
    {
      key: 'created',
      label: 'Created',
      children: (
        <time dateTime={transaction.createdAt}>
          {dayjs(transaction.createdAt).format(DATE_TIME)}
        </time>
      ),
    },
    {
      key: 'updated',
      label: 'Updated',
      children: (
        <time dateTime={transaction.updatedAt}>
          {dayjs(transaction.updatedAt).format(DATE_TIME)}
        </time>
      ),
    },
    { key: 'id', label: 'Transaction ID', children: code(transaction.id) },
  ];
  return <Descriptions column={1} size="small" bordered items={items} />;
}

/** /wallet/transactions/:id: the transaction status view of spec section 4, with its details. */
export function TransactionStatusPage() {
  const { id = '' } = useParams();
  const transaction = useTransaction(id);
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const [depositing, setDepositing] = useState(false);
  const [showingAddress, setShowingAddress] = useState(false);
  const cancelDeposit = useCancelDeposit();
  const toast = useToast();
  const details = useRef<HTMLHeadingElement>(null);

  const viewDetails = () => {
    details.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    details.current?.focus({ preventScroll: true });
  };

  const cancel = (data: TransactionDetail) => {
    if (cancellable(data)) {
      void modal.confirm({
        title: CANCEL_DEPOSIT_TITLE,
        content: CANCEL_DEPOSIT_TEXT,
        okText: 'Cancel deposit',
        okButtonProps: { danger: true },
        cancelText: 'Keep waiting',
        // The dialog closes either way; a refusal is said on the page, the view is asked again.
        onOk: () =>
          cancelDeposit
            .mutateAsync(data.id)
            .then(() => toast('success', DEPOSIT_CANCELLED_MESSAGE))
            .catch(() => undefined),
      });
      return;
    }
    const { title, content } = cannotCancelExplanation(data);
    void modal.confirm({
      title,
      content,
      okText: 'Back to Wallet',
      cancelText: 'Stay here',
      onOk: () => navigate(paths.wallet.href()),
    });
  };

  const notFound = transaction.error instanceof ApiError && transaction.error.status === 404;
  return (
    <>
      {modalHolder}
      <title>Transaction · CrimsonHost</title>
      <PageBreadcrumb
        items={[{ title: 'Wallet', to: paths.wallet.href() }, { title: 'Transaction' }]}
      />
      <Flex vertical gap={16} style={{ maxWidth: 820 }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {transaction.data
            ? `${TRANSACTION_TYPE_LABELS[transaction.data.type]} of ${formatUsdtExact(transaction.data.amount.replace(/^-/, ''))} ${CURRENCY_LABELS[transaction.data.currency]}`
            : 'Transaction'}
        </Typography.Title>
        {transaction.isPending ? (
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        ) : notFound ? (
          <Result
            status="404"
            title="Transaction not found"
            subTitle="There is no transaction of yours with this link."
            extra={
              <ButtonLink type="primary" to={paths.wallet.href()}>
                Back to Wallet
              </ButtonLink>
            }
          />
        ) : transaction.isError && !transaction.data ? (
          <LoadErrorResult title="The transaction could not be loaded" query={transaction} />
        ) : transaction.data ? (
          <>
            {cancelDeposit.error && (
              <ApiErrorAlert
                error={toApiError(cancelDeposit.error)}
                action={
                  <Button size="small" onClick={() => cancelDeposit.reset()}>
                    Dismiss
                  </Button>
                }
              />
            )}
            {transaction.data.paypal ? (
              <PayPalTransactionStatus
                payment={transaction.data.paypal}
                onViewDetails={viewDetails}
                onTryAgain={() => setDepositing(true)}
              />
            ) : (
              <Card>
                <TransactionStatusResult
                  transaction={transaction.data}
                  onViewDetails={viewDetails}
                  onTryAgain={() => setDepositing(true)}
                  onCancel={() => cancel(transaction.data)}
                  onShowAddress={
                    addressStillValid(transaction.data) ? () => setShowingAddress(true) : undefined
                  }
                />
              </Card>
            )}
            <Card
              title={
                <Typography.Title
                  level={2}
                  ref={details}
                  tabIndex={-1}
                  id="transaction-details"
                  style={{ fontSize: 18, margin: 0 }}
                >
                  Details
                </Typography.Title>
              }
            >
              <TransactionDetails transaction={transaction.data} />
            </Card>
            <LazyPaymentDialog
              open={showingAddress && addressStillValid(transaction.data)}
              onClose={() => setShowingAddress(false)}
              transaction={transaction.data}
            />
            <LazyDepositDialog
              open={depositing}
              onClose={() => setDepositing(false)}
              // A PayPal payment is tried again with PayPal, for the amount paid there.
              defaultMethod={transaction.data.paypal ? 'paypal' : undefined}
              defaultAmount={
                transaction.data.paypal
                  ? transaction.data.paypal.value
                  : transaction.data.type === 'DEPOSIT'
                    ? transaction.data.amount
                    : undefined
              }
            />
          </>
        ) : null}
      </Flex>
    </>
  );
}
