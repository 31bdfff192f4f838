import { Alert, Button, Descriptions, Flex, Result, Typography } from 'antd';
import type { DepositNetwork, DepositStatusView } from '@crimsonhost/shared/wallet';
import { formatUsdtExact } from '../../lib/wallet/usdt-format';
import { formatFeePercent } from './network-choice';
import { confirmationsText } from '../../lib/wallet/transaction-labels';

export interface ConfirmationStepProps {
  status: DepositStatusView;
  network: DepositNetwork | undefined;
  onBackToWallet: () => void;
  onViewDetails: () => void;
}

/** Late, short or larger payments: credited for what arrived, and said so. */
function notesOf(status: DepositStatusView): string[] {
  const notes: string[] = [];
  const asked = `${formatUsdtExact(status.requestedAmount)} USDT`;
  const arrived = `${formatUsdtExact(status.receivedAmount)} USDT`;
  if (status.paid === 'short') {
    notes.push(
      `Less than asked arrived (${arrived} of ${asked}): you were credited for what arrived.`,
    );
  }
  if (status.paid === 'over') {
    notes.push(
      `More than asked arrived (${arrived} for ${asked}): you were credited for all of it.`,
    );
  }
  if (status.late) {
    notes.push('The payment arrived after the address had expired. It was credited all the same.');
  }
  return notes;
}

/** Step 2 of the deposit dialog: what reached the wallet, the fee taken, and where to go next. */
export function ConfirmationStep({
  status,
  network,
  onBackToWallet,
  onViewDetails,
}: ConfirmationStepProps) {
  const credited = `${formatUsdtExact(status.creditedAmount)} USDT`;
  const feeRule = network
    ? ` (${formatFeePercent(network.fee)} of what arrived, rounded down to the micro-USDT)`
    : '';
  return (
    <Flex vertical gap={12}>
      <Result
        status="success"
        title="Deposit confirmed"
        subTitle={`${credited} was added to your wallet.`}
        style={{ padding: '8px 0' }}
      />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          {
            key: 'received',
            label: 'Received',
            children: `${formatUsdtExact(status.receivedAmount)} USDT`,
          },
          { key: 'fee', label: 'Fee', children: `${formatUsdtExact(status.fee)} USDT${feeRule}` },
          { key: 'credited', label: 'Credited', children: credited },
          { key: 'network', label: 'Network', children: network?.displayName ?? status.network },
          {
            key: 'confirmations',
            label: 'Confirmations',
            children: confirmationsText(status.confirmations, status.requiredConfirmations),
          },
          ...(status.txHash
            ? [
                {
                  key: 'txHash',
                  label: 'Transaction hash',
                  children: (
                    <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                      {status.txHash}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />
      {notesOf(status).map((note) => (
        <Alert key={note} type="info" role="note" showIcon title={note} />
      ))}
      <Flex gap={8} justify="end" wrap>
        <Button onClick={onViewDetails}>View Details</Button>
        <Button type="primary" onClick={onBackToWallet}>
          Back to Wallet
        </Button>
      </Flex>
    </Flex>
  );
}
