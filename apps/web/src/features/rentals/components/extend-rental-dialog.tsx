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

const END_FORMAT = 'D MMM YYYY, HH:mm';

export interface ExtendRentalDialogProps {
  rental: RentalView;
  open: boolean;
  onClose: () => void;
}

/** Pay for more hours of an active rental: the cost, the new end and the balance after. */
export function ExtendRentalDialog({ rental, open, onClose }: ExtendRentalDialogProps) {
  const hoursId = useId();
  const [hours, setHours] = useState<number | null>(1);
  const extend = useExtendRental();
  const attempt = useAttemptKey();
  const toast = useToast();

  const cost = hours === null ? null : rentalCost(rental.pricePerHour, hours);
  const payment = usePaymentBalance(open, cost, extend.error);
  const { shortfall, otherError } = payment;
  const newEnd = hours === null ? null : dayjs(rental.endsAt).add(hours, 'hour');

  const close = () => {
    if (extend.isPending) return;
    attempt.startOver();
    extend.reset();
    setHours(1);
    onClose();
  };

  const confirm = () => {
    if (hours === null) return;
    extend.mutate(
      { id: rental.id, hours, idempotencyKey: attempt.keyFor(`${rental.id}:${hours}`) },
      {
        onSuccess: (extended) => {
          toast(
            'success',
            `Extended by ${formatHours(hours)}. ${extended.server.name} now runs until ${dayjs(extended.endsAt).format(END_FORMAT)}.`,
          );
          attempt.startOver();
          extend.reset();
          setHours(1);
          onClose();
        },
        onError: payment.noteFailure,
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
      okButtonProps={{ disabled: hours === null || shortfall !== null }}
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
              if (extend.isError) extend.reset();
            }}
            disabled={extend.isPending}
          />
        </Flex>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'cost',
              label: 'Cost',
              children:
                cost === null || hours === null ? (
                  '—'
                ) : (
                  <>
                    <Typography.Text strong>{formatAmount(cost)} USDT</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      {formatAmount(rental.pricePerHour)} USDT × {formatHours(hours)}
                    </Typography.Text>
                  </>
                ),
            },
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
