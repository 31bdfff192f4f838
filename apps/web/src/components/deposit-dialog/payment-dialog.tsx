import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DEPOSIT_ADDRESS_TTL_MINUTES } from '@crimsonhost/shared/constants';
import type { TransactionDetail } from '@crimsonhost/shared/wallet';
import { WALLET_QUERY_KEY } from '../../lib/wallet/wallet-query-keys';
import { useToast } from '../use-toast';
import { useDepositConfig } from './api/get-deposit-config';
import { depositAddressOf } from './deposit-address';
import { ADDRESS_EXPIRED_MESSAGE, DEPOSIT_CONFIRMED_MESSAGE } from './deposit-messages';
import { PaymentStep } from './payment-step';

export interface PaymentDialogProps {
  open: boolean;
  onClose: () => void;
  /** A deposit still waiting for its payment: its address, amount and expiry are shown again. */
  transaction: TransactionDetail;
}

/** Never more than the 30 minutes an address is valid, whatever this device's clock says. */
function deadlineOf(expiresAt: string): number {
  return Math.min(Date.parse(expiresAt), Date.now() + DEPOSIT_ADDRESS_TTL_MINUTES * 60_000);
}

/**
 * The deposit dialog's payment step again, for a deposit that still waits: where to send how
 * much, the QR code and the countdown, from its status view until the address expires. Closing
 * it changes nothing; the payment is credited whether or not it is open.
 */
export function PaymentDialog({ open, onClose, transaction }: PaymentDialogProps) {
  const config = useDepositConfig();
  const queryClient = useQueryClient();
  const toast = useToast();
  const deposit = depositAddressOf(transaction);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  return (
    <Modal
      open={open && deposit !== null}
      onCancel={onClose}
      footer={null}
      title="Deposit USDT"
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
    >
      {deposit && (
        <PaymentStep
          opened={{ deposit, clockOffsetMs: 0 }}
          network={config.data?.networks.find((network) => network.id === deposit.network)}
          deadline={deadlineOf(deposit.expiresAt)}
          onConfirmed={() => {
            refresh();
            toast('success', DEPOSIT_CONFIRMED_MESSAGE);
            onClose();
          }}
          onExpired={() => {
            refresh();
            toast('warning', ADDRESS_EXPIRED_MESSAGE);
            onClose();
          }}
          onStartOver={onClose}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
