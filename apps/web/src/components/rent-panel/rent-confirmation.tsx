import { useState } from 'react';
import { Alert, Descriptions, Flex, Modal, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ServerDetail } from '@crimsonhost/shared/catalog';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import { toApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';
import type { RentalView } from '../../lib/rentals/get-rentals';
import { useFreshBalance } from '../../lib/rentals/use-fresh-balance';
import { useRentServer } from './api/rent-server';
import {
  balanceAfter,
  formatAmount,
  isServerTaken,
  rentalCost,
  reportedShortfall,
} from '../../lib/rentals/rental-money';
import { formatHours } from '../../lib/rentals/rental-time';
import { useAttemptKey } from '../../lib/use-attempt-key';
import { useNow } from '../../lib/use-now';
import { InsufficientFundsNotice } from '../insufficient-funds-notice';

export interface RentConfirmationProps {
  open: boolean;
  server: ServerDetail;
  hours: number;
  onClose: () => void;
  /** The server was taken meanwhile (409) or is gone (404): the API's words. */
  onTaken: (message: string) => void;
  onRented: (rental: RentalView) => void;
}

/**
 * 'Confirm your rental': the server, the hours, the total, the balance now and after. Confirming
 * pays from the wallet; a retry of the same confirmation reuses its Idempotency-Key.
 */
export function RentConfirmation({
  open,
  server,
  hours,
  onClose,
  onTaken,
  onRented,
}: RentConfirmationProps) {
  const wallet = useFreshBalance(open);
  const rent = useRentServer();
  const attempt = useAttemptKey();
  const now = useNow(60_000);
  const [failedAt, setFailedAt] = useState(0);

  const total = rentalCost(server.price, hours);
  const balance = wallet.data?.usdt.available;
  const after = balance === undefined ? null : balanceAfter(balance, total);
  const error = rent.error ? toApiError(rent.error) : null;
  // The API's shortfall until the wallet has been read again after it; then the wallet's own.
  const reported =
    error && (!wallet.data || wallet.dataUpdatedAt <= failedAt) ? reportedShortfall(error) : null;
  const shortfall = reported ?? (after !== null && after < 0n ? -after : null);
  const otherError = error && !reportedShortfall(error) ? error : null;

  const confirm = () => {
    rent.mutate(
      { serverId: server.id, hours, idempotencyKey: attempt.keyFor(`${server.id}:${hours}`) },
      {
        onSuccess: (rental) => {
          attempt.startOver();
          onRented(rental);
        },
        onError: (failure) => {
          const apiError = toApiError(failure);
          setFailedAt(Date.now());
          if (isServerTaken(apiError)) {
            attempt.startOver();
            rent.reset();
            onTaken(apiError.message);
          }
        },
      },
    );
  };

  const close = () => {
    if (rent.isPending) return;
    attempt.startOver();
    rent.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Confirm your rental"
      okText={`Pay ${formatAmount(total)} USDT and rent`}
      cancelText="Back"
      onOk={confirm}
      onCancel={close}
      confirmLoading={rent.isPending}
      okButtonProps={{ disabled: shortfall !== null && shortfall > 0n }}
      mask={{ closable: !rent.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'server',
              label: 'Server',
              children: (
                <>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                    {server.name}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {GAME_LABELS[server.game]} · {server.region.name}
                  </Typography.Text>
                </>
              ),
            },
            {
              key: 'hours',
              label: 'Duration',
              children: (
                <>
                  <Typography.Text>{formatHours(hours)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    until about {dayjs(now).add(hours, 'hour').format('D MMM YYYY, HH:mm')}
                  </Typography.Text>
                </>
              ),
            },
            {
              key: 'price',
              label: 'Price',
              children: `${formatAmount(server.price)} USDT / hour`,
            },
            {
              key: 'total',
              label: 'Total',
              children: <Typography.Text strong>{formatAmount(total)} USDT</Typography.Text>,
            },
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
          ]}
        />
        {shortfall !== null && shortfall > 0n && (
          <InsufficientFundsNotice shortfall={shortfall} purpose="this rental" />
        )}
        {wallet.isError && !otherError && (
          <Typography.Text type="secondary">
            Your balance could not be read just now; the payment is checked when you confirm.
          </Typography.Text>
        )}
        {otherError && (
          <Alert type="error" showIcon role="alert" title={describeApiError(otherError)} />
        )}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          The total is held in escrow until the rental ends. If you cancel, the whole hours not yet
          begun come back to your wallet.
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
