import { Typography } from 'antd';
import type { AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { useToast } from '../../../components/use-toast';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useRejectPayout } from '../api/reject-payout';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';

interface RejectValues {
  reason: string;
}

/**
 * Rejects a payout nobody has sent, with the reason the vendor is told: says where the money goes
 * (back to the vendor's available balance) before the button is pressed.
 */
export function RejectPayoutDialog({
  payout,
  open,
  onClose,
}: {
  payout: AdminPayout;
  open: boolean;
  onClose: () => void;
}) {
  const reject = useRejectPayout();
  const toast = useToast();
  const amount = `${formatUsdtExact(payout.amount)} USDT`;
  const vendor = payout.vendor.displayName;
  return (
    <ActionDialog<RejectValues>
      name="reject-payout"
      open={open}
      title="Reject this payout"
      okText="Reject payout"
      danger
      pending={reject.isPending}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        await reject.mutateAsync({ payoutId: payout.id, reason });
        toast('success', `Payout rejected: ${amount} is available to ${vendor} again`);
      }}
    >
      <Typography.Paragraph>
        Nothing is sent. The {amount} return to {vendor}&apos;s available balance at once, and they
        can ask for a payout again. Do not reject a payout you have already sent from the treasury:
        enter its transaction hash instead.
      </Typography.Paragraph>
      <ReasonField extra="Told to the vendor by e-mail and kept in the audit log." />
    </ActionDialog>
  );
}
