import { useState } from 'react';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ServerDetail } from '@crimsonhost/shared/catalog';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import { toApiError } from '../../lib/api-client';
import { describeApiError } from '../../lib/error-messages';
import type { RentalView } from '../../lib/rentals/get-rentals';
import { useMyBenefits } from '../../lib/benefits/get-my-benefits';
import { useRentServer } from './api/rent-server';
import { PriceChangeAlert, priceRows } from './price-rows';
import { expectedTotalOf, priceChangeOf, quoteFor, type PriceChange } from './rent-quote';
import { formatAmount, isServerTaken, rentalCost } from '../../lib/rentals/rental-money';
import { formatHours } from '../../lib/rentals/rental-time';
import { useAttemptKey } from '../../lib/use-attempt-key';
import { useNow } from '../../lib/use-now';
import { InsufficientFundsNotice } from '../insufficient-funds-notice';
import { balanceRows, payLabel, usePaymentBalance } from '../payment-balance';

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
 * 'Confirm your rental': the server, the hours, the total (the list price less my tier discount,
 * when I have one), the balance now and after. Confirming pays from the wallet and sends the total
 * shown as `expectedTotal`: when the price rose meanwhile the API refuses (PRICE_CHANGED) and the
 * dialog shows the new price, to confirm again. A retry of the same confirmation reuses its
 * Idempotency-Key.
 */
export function RentConfirmation({
  open,
  server,
  hours,
  onClose,
  onTaken,
  onRented,
}: RentConfirmationProps) {
  const rent = useRentServer();
  const attempt = useAttemptKey();
  const now = useNow(60_000);
  const benefits = useMyBenefits();
  // After a PRICE_CHANGED refusal the API's price counts until the dialog closes.
  const [change, setChange] = useState<PriceChange | null>(null);
  const listTotal = rentalCost(server.price, hours);
  const quote = change?.quote ?? quoteFor(listTotal, benefits.data);
  const total = quote.total;
  const payment = usePaymentBalance(open, total, rent.error);
  const { shortfall } = payment;
  const otherError =
    change && payment.otherError?.code === 'PRICE_CHANGED' ? null : payment.otherError;

  // The outcome is taken from the promise, not from `mutate`'s callbacks: paying refreshes the
  // server, which comes back RENTED by this renter, and the panel may replace this dialog with
  // "You are renting this server" before the mutation settles. `mutate`'s callbacks die with the
  // dialog; the toast and the move to My Rentals must not.
  const confirm = () => {
    const expectedTotal = expectedTotalOf(quote);
    rent
      .mutateAsync({
        serverId: server.id,
        hours,
        expectedTotal,
        idempotencyKey: attempt.keyFor(`${server.id}:${hours}:${expectedTotal}`),
      })
      .then(
        (rental) => {
          attempt.startOver();
          onRented(rental);
        },
        (failure: unknown) => {
          const apiError = toApiError(failure);
          payment.noteFailure();
          const changed = priceChangeOf(apiError);
          if (changed) setChange(changed);
          if (isServerTaken(apiError)) {
            attempt.startOver();
            rent.reset();
            onTaken(apiError.message);
          }
        },
      );
  };

  const close = () => {
    if (rent.isPending) return;
    attempt.startOver();
    rent.reset();
    setChange(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Confirm your rental"
      okText={payLabel(total, payment, 'rent')}
      cancelText="Back"
      onOk={confirm}
      onCancel={close}
      confirmLoading={rent.isPending}
      // While my discount is being read the total is not known yet.
      okButtonProps={{ disabled: shortfall !== null || benefits.isLoading }}
      mask={{ closable: !rent.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {change && <PriceChangeAlert change={change} action="rent" />}
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
            // The price per hour, unless the API's new total says it is no longer that.
            ...(quote.list === listTotal
              ? [
                  {
                    key: 'price',
                    label: 'Price',
                    children: `${formatAmount(server.price)} USDT / hour`,
                  },
                ]
              : []),
            ...priceRows(quote, { totalLabel: 'Total' }),
            ...balanceRows(payment),
          ]}
        />
        {shortfall !== null && (
          <InsufficientFundsNotice shortfall={shortfall} purpose="this rental" />
        )}
        {payment.wallet.isError && !otherError && (
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
