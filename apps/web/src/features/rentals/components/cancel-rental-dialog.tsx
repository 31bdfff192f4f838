import { Alert, Flex, Modal, Typography } from 'antd';
import { parseUsdt } from '@crimsonhost/shared/money';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useToast } from '../../../components/use-toast';
import { useCancelRental } from '../api/cancel-rental';
import { useRental } from '../api/get-rental';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { formatAmount } from '../../../lib/rentals/rental-money';
import { formatHours } from '../../../lib/rentals/rental-time';
import { useAttemptKey } from '../../../lib/use-attempt-key';

export interface CancelRentalDialogProps {
  rental: RentalView;
  open: boolean;
  onClose: () => void;
}

/**
 * Whole hours a refund pays back: at the rental's price, or, when a tier discount made the hours
 * cheaper than that, the whole hours not yet begun (what the refund is for).
 */
function refundedHours(rental: RentalView): number {
  const price = parseUsdt(rental.pricePerHour);
  if (parseUsdt(rental.discount) > 0n) return Math.max(1, Math.floor(rental.secondsLeft / 3600));
  return price > 0n ? Number(parseUsdt(rental.refundIfCancelled) / price) : 0;
}

/**
 * 'Cancel this rental?' with what comes back: the refund is read again when the dialog opens, so
 * an hour that began meanwhile is not promised back.
 */
export function CancelRentalDialog({ rental, open, onClose }: CancelRentalDialogProps) {
  const fresh = useRental(rental.id, { enabled: open });
  const cancel = useCancelRental();
  const attempt = useAttemptKey();
  const toast = useToast();

  const current = fresh.data ?? rental;
  const refund = current.refundIfCancelled;
  const refundsSomething = parseUsdt(refund) > 0n;
  const hours = refundedHours(current);
  const error = cancel.error ? toApiError(cancel.error) : null;

  const close = () => {
    if (cancel.isPending) return;
    attempt.startOver();
    cancel.reset();
    onClose();
  };

  const confirm = () => {
    cancel.mutate(
      { id: rental.id, idempotencyKey: attempt.keyFor(rental.id) },
      {
        onSuccess: (cancelled) => {
          const back = parseUsdt(cancelled.refunded);
          toast(
            'success',
            back > 0n
              ? `Rental cancelled. ${formatAmount(back)} USDT was refunded to your wallet.`
              : 'Rental cancelled. Nothing was left to refund.',
          );
          attempt.startOver();
          cancel.reset();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={`Cancel ${rental.server.name}?`}
      okText="Cancel rental"
      cancelText="Keep rental"
      okButtonProps={{ danger: true, disabled: fresh.isFetching && !fresh.data }}
      onOk={confirm}
      onCancel={close}
      confirmLoading={cancel.isPending}
      mask={{ closable: !cancel.isPending }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          The game server stops now and the rental ends.
        </Typography.Paragraph>
        <Alert
          type={refundsSomething ? 'info' : 'warning'}
          showIcon
          title={
            refundsSomething ? (
              <>
                Refund: <Typography.Text strong>{formatAmount(refund)} USDT</Typography.Text> for{' '}
                {formatHours(hours)} not yet begun.
              </>
            ) : (
              <>
                Refund: <Typography.Text strong>0.00 USDT</Typography.Text>. Less than an hour is
                left, and the hour in progress is not refunded.
              </>
            )
          }
          description={
            refundsSomething
              ? 'The hour in progress is not refunded. The refund reaches your wallet at once.'
              : undefined
          }
        />
        {error && <Alert type="error" showIcon role="alert" title={describeApiError(error)} />}
      </Flex>
    </Modal>
  );
}
