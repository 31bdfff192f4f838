import { useId, useState } from 'react';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { describeApiError } from '../../../lib/error-messages';
import { useToast } from '../../../components/use-toast';
import { useExtendRental } from '../api/extend-rental';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { formatAmount, rentalCost } from '../../../lib/rentals/rental-money';
import { formatHours } from '../../../lib/rentals/rental-time';
import { useAttemptKey } from '../../../lib/use-attempt-key';
import { HoursPicker } from '../../../components/hours-picker';
import { InsufficientFundsNotice } from '../../../components/insufficient-funds-notice';
import { balanceRows, payLabel, usePaymentBalance } from '../../../components/payment-balance';
import { useMyBenefits } from '../../../lib/benefits/get-my-benefits';
import { PriceChangeAlert, priceRows } from '../../../components/rent-panel/price-rows';
import {
  expectedTotalOf,
  priceChangeOf,
  quoteFor,
  type PriceChange,
} from '../../../components/rent-panel/rent-quote';
import { toApiError } from '../../../lib/api-client';

const END_FORMAT = 'D MMM YYYY, HH:mm';

export interface ExtendRentalDialogProps {
  rental: RentalView;
  open: boolean;
  onClose: () => void;
}

/**
 * Pay for more hours of an active rental: the cost (less my tier discount, when I have one), the
 * new end and the balance after. The cost shown is sent as `expectedTotal`; when the price rose
 * meanwhile the API refuses (PRICE_CHANGED) and the dialog shows the new price, to confirm again.
 */
export function ExtendRentalDialog({ rental, open, onClose }: ExtendRentalDialogProps) {
  const hoursId = useId();
  const [hours, setHours] = useState<number | null>(1);
  const extend = useExtendRental();
  const attempt = useAttemptKey();
  const toast = useToast();
  const benefits = useMyBenefits();
  // After a PRICE_CHANGED refusal the API's price counts until the hours change or the dialog
  // closes.
  const [change, setChange] = useState<PriceChange | null>(null);

  const listCost = hours === null ? null : rentalCost(rental.pricePerHour, hours);
  const quote = change?.quote ?? (listCost === null ? null : quoteFor(listCost, benefits.data));
  const cost = quote?.total ?? null;
  const payment = usePaymentBalance(open, cost, extend.error);
  const { shortfall } = payment;
  const otherError =
    change && payment.otherError?.code === 'PRICE_CHANGED' ? null : payment.otherError;
  const newEnd = hours === null ? null : dayjs(rental.endsAt).add(hours, 'hour');

  const close = () => {
    if (extend.isPending) return;
    attempt.startOver();
    extend.reset();
    setHours(1);
    setChange(null);
    onClose();
  };

  const confirm = () => {
    if (hours === null || quote === null) return;
    const expectedTotal = expectedTotalOf(quote);
    extend.mutate(
      {
        id: rental.id,
        hours,
        expectedTotal,
        idempotencyKey: attempt.keyFor(`${rental.id}:${hours}:${expectedTotal}`),
      },
      {
        onSuccess: (extended) => {
          toast(
            'success',
            `Extended by ${formatHours(hours)}. ${extended.server.name} now runs until ${dayjs(extended.endsAt).format(END_FORMAT)}.`,
          );
          attempt.startOver();
          extend.reset();
          setHours(1);
          setChange(null);
          onClose();
        },
        onError: (failure) => {
          payment.noteFailure();
          const changed = priceChangeOf(toApiError(failure));
          if (changed) setChange(changed);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={`Extend ${rental.server.name}`}
      okText={cost === null ? 'Extend' : payLabel(cost, payment, 'extend')}
      cancelText="Back"
      onOk={confirm}
      onCancel={close}
      confirmLoading={extend.isPending}
      // While my discount is being read the cost is not known yet.
      okButtonProps={{ disabled: hours === null || shortfall !== null || benefits.isLoading }}
      mask={{ closable: !extend.isPending }}
      destroyOnHidden
      // The dialog opens on its first field, the hours, not on its Close button.
      afterOpenChange={(opened) => {
        if (opened) document.getElementById(hoursId)?.focus();
      }}
    >
      <Flex vertical gap={16}>
        <Flex vertical gap={8}>
          <label htmlFor={hoursId}>
            <Typography.Text strong>Add how many hours?</Typography.Text>
          </label>
          <HoursPicker
            id={hoursId}
            value={hours}
            onChange={(next) => {
              setHours(next);
              setChange(null);
              if (extend.isError) extend.reset();
            }}
            disabled={extend.isPending}
          />
        </Flex>
        {change && <PriceChangeAlert change={change} action="extend" />}
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            ...(quote === null || hours === null
              ? [{ key: 'cost', label: 'Cost', children: '—' }]
              : priceRows(quote, {
                  totalLabel: 'Cost',
                  // The price per hour, unless the API's new total says it is no longer that.
                  note:
                    quote.list === listCost
                      ? `${formatAmount(rental.pricePerHour)} USDT × ${formatHours(hours)}`
                      : `for ${formatHours(hours)}`,
                })),
            {
              key: 'end',
              label: 'New end',
              children: newEnd ? newEnd.format(END_FORMAT) : '—',
            },
            ...balanceRows(payment),
          ]}
        />
        {shortfall !== null && hours !== null && (
          <InsufficientFundsNotice shortfall={shortfall} purpose={formatHours(hours) + ' more'} />
        )}
        {otherError && (
          <Alert type="error" showIcon role="alert" title={describeApiError(otherError)} />
        )}
      </Flex>
    </Modal>
  );
}
