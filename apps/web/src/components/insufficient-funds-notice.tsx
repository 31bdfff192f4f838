import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useDepositConfig } from './deposit-dialog/api/get-deposit-config';
import { LazyDepositDialog } from './deposit-dialog/lazy-deposit-dialog';
import { depositSuggestion, formatAmount } from '../lib/rentals/rental-money';

export interface InsufficientFundsNoticeProps {
  /** What is missing, in micro-USDT. */
  shortfall: bigint;
  /** What the payment is for: 'this rental', 'these 6 hours'. */
  purpose: string;
}

/**
 * 'Your wallet is short by 3.50 USDT' with a Deposit USDT button that opens the deposit dialog,
 * its amount set to cover the shortfall after the deposit fee, rounded up to the next 10 (and at
 * least the minimum).
 */
export function InsufficientFundsNotice({ shortfall, purpose }: InsufficientFundsNoticeProps) {
  const [depositing, setDepositing] = useState(false);
  const config = useDepositConfig();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={`Your wallet is short by ${formatAmount(shortfall)} USDT for ${purpose}.`}
        description={
          <Flex vertical gap={8} align="start">
            <span>Deposit USDT to your wallet, then confirm again.</span>
            <Button
              type="primary"
              size="small"
              icon={<WalletOutlined aria-hidden />}
              onClick={() => setDepositing(true)}
            >
              Deposit USDT
            </Button>
          </Flex>
        }
      />
      <LazyDepositDialog
        open={depositing}
        onClose={() => setDepositing(false)}
        defaultAmount={String(depositSuggestion(shortfall, config.data))}
      />
    </>
  );
}
