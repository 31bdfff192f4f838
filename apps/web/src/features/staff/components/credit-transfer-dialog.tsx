import { Typography } from 'antd';
import type { AdminDepositDetail, AdminDepositTransfer } from '@crimsonhost/shared/admin-deposits';
import { useToast } from '../../../components/use-toast';
import { formatUsdtExact } from '../../../lib/wallet/usdt-format';
import { useCreditTransfer } from '../api/credit-transfer';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';

/** 'an ERC20', 'a BEP20': the article as the name is read out. */
const article = (network: string) => (/^[AEFHILMNORSX]/.test(network) ? 'an' : 'a');

interface CreditValues {
  reason: string;
}

/**
 * Credits by hand a confirmed payment the watcher could not match (one on the other EVM network):
 * says what moves where before the button is pressed, with the reason the audit log keeps.
 */
export function CreditTransferDialog({
  deposit,
  transfer,
  open,
  onClose,
}: {
  deposit: AdminDepositDetail;
  /** The payment to credit; kept while the dialog closes, so its words stay put. */
  transfer: AdminDepositTransfer | null;
  open: boolean;
  onClose: () => void;
}) {
  const credit = useCreditTransfer();
  const toast = useToast();
  const name = deposit.user.name;
  const amount = transfer ? formatUsdtExact(transfer.amount) : '';
  return (
    <ActionDialog<CreditValues>
      name="credit-transfer"
      open={open && transfer !== null}
      title={`Credit to ${name}`}
      okText={`Credit ${amount} USDT`}
      pending={credit.isPending}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        if (!transfer) return;
        await credit.mutateAsync({ depositId: deposit.id, transferId: transfer.id, reason });
        toast('success', `Credited to ${name}'s wallet`);
      }}
    >
      {transfer && (
        <Typography.Paragraph>
          This payment of {amount} USDT arrived on {transfer.network} at the address of{' '}
          {article(deposit.network)} {deposit.network} deposit. Crediting it moves it into {name}
          &apos;s wallet (less the {transfer.network} fee) through the ledger, once.
        </Typography.Paragraph>
      )}
      <ReasonField extra="Kept in the audit log." />
    </ActionDialog>
  );
}
