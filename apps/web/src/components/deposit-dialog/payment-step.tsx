import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Progress, Tag, Typography, theme } from 'antd';
import { CopyOutlined, ExperimentOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { DEPOSIT_QR_LEVEL, DEPOSIT_QR_SIZE } from '@crimsonhost/shared/constants';
import type { DepositNetwork, DepositStatusView } from '@crimsonhost/shared/wallet';
import { formatUsdtExact, plainUsdt } from '../../lib/wallet/usdt-format';
import { useToast } from '../use-toast';
import type { OpenedDeposit } from './api/create-deposit';
import { useDepositStatus } from './api/get-deposit-status';
import { formatCountdown } from './deposit-rules';
import { DEMO_NETWORK_LABEL } from './network-choice';
import { useNow } from './use-now';

export const ADDRESS_COPIED_MESSAGE = 'Address copied to clipboard!';
export const ADDRESS_COPY_FAILED_MESSAGE = 'Failed to copy address. Please copy manually.';
export const STATUS_CHECK_FAILED_MESSAGE = 'Failed to check transaction status';
export const TRANSACTION_FAILED_MESSAGE = 'Transaction failed. Please try again.';

const BIG_VALUE = {
  fontSize: 24,
  fontWeight: 600,
  lineHeight: 1.35,
  fontVariantNumeric: 'tabular-nums',
} as const;

export interface PaymentStepProps {
  opened: OpenedDeposit;
  network: DepositNetwork | undefined;
  /** When the address expires, on this device's clock. */
  deadline: number;
  onConfirmed: (status: DepositStatusView) => void;
  onExpired: () => void;
  onStartOver: () => void;
  onClose: () => void;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A payment arrived and is confirming. The API answers the spec's WAITING until the credit
 * (decision 029): what arrived and the confirmations tell the two waits apart.
 */
function paymentSeen(status: DepositStatusView | undefined): boolean {
  return status !== undefined && status.depositStatus === 'WAITING' && status.paid !== 'none';
}

/** What the status check says, in a sentence. */
function progressText(status: DepositStatusView | undefined, remainingMs: number): string {
  if (paymentSeen(status)) return 'Payment received: waiting for the blockchain to confirm it.';
  if (!status || status.depositStatus === 'WAITING') {
    return remainingMs > 0 ? 'Waiting for your payment…' : 'The address has expired.';
  }
  if (status.depositStatus === 'FAILED') return 'The payment did not go through.';
  return '';
}

/** Less or more than asked, or late: said while it confirms, so nobody is surprised after. */
function paymentNotes(status: DepositStatusView | undefined): string[] {
  if (!status) return [];
  const notes: string[] = [];
  const asked = `${formatUsdtExact(status.requestedAmount)} USDT`;
  const arrived = `${formatUsdtExact(status.receivedAmount)} USDT`;
  if (status.paid === 'short') {
    notes.push(
      `${arrived} arrived, less than the ${asked} asked: your wallet is credited for what arrived.`,
    );
  }
  if (status.paid === 'over') {
    notes.push(
      `${arrived} arrived, more than the ${asked} asked: your wallet is credited for what arrived.`,
    );
  }
  if (status.late) {
    notes.push('The payment arrived after the address expired; it is still credited.');
  }
  return notes;
}

/**
 * Step 1 of the deposit dialog: where to send how much, a QR code, the 30-minute countdown and
 * the confirmations as the status check reports them.
 */
export function PaymentStep({
  opened,
  network,
  deadline,
  onConfirmed,
  onExpired,
  onStartOver,
  onClose,
}: PaymentStepProps) {
  const { deposit } = opened;
  const { token } = theme.useToken();
  const toast = useToast();
  const check = useDepositStatus(deposit.transactionId);
  const now = useNow();
  const remainingMs = deadline - now;
  const status = check.data;

  // Each outcome is acted on once, however often the poll repeats it.
  const handled = useRef(new Set<string>());
  const once = (what: string, act: () => void) => {
    if (handled.current.has(what)) return;
    handled.current.add(what);
    act();
  };

  const confirmed = status?.status === 'confirmed';
  const expiredOnServer = status?.depositStatus === 'EXPIRED';
  const failed = status?.depositStatus === 'FAILED';
  const seen = status !== undefined && status.paid !== 'none';
  const countdownOver = remainingMs <= 0;

  useEffect(() => {
    if (confirmed && status) once('confirmed', () => onConfirmed(status));
    else if (expiredOnServer || (countdownOver && !seen && !confirmed)) {
      once('expired', onExpired);
    }
  });

  useEffect(() => {
    if (failed) toast('error', TRANSACTION_FAILED_MESSAGE);
  }, [failed, toast]);

  // One toast per run of failed checks; polling goes on and a later success clears it.
  useEffect(() => {
    if (check.isError) toast('error', STATUS_CHECK_FAILED_MESSAGE);
  }, [check.isError, toast]);

  const copy = async () => {
    const copied = await copyToClipboard(deposit.address);
    toast(
      copied ? 'success' : 'error',
      copied ? ADDRESS_COPIED_MESSAGE : ADDRESS_COPY_FAILED_MESSAGE,
    );
  };

  const required = status?.requiredConfirmations ?? deposit.confirmationsRequired;
  const confirmations = Math.min(status?.confirmations ?? 0, required);
  const amount = `${formatUsdtExact(deposit.amount)} USDT`;
  const networkName = network?.displayName ?? deposit.network;
  const notes = paymentNotes(status);

  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        role="note"
        showIcon
        title={`Send exactly ${amount} on ${networkName}`}
        description={`Only USDT on ${networkName} can be credited: not other tokens, not other networks.`}
      />
      {/* The amount and the time left first on a phone; beside the QR code on a wider screen. */}
      <Flex gap={20} wrap align="center" justify="center" style={{ flexDirection: 'row-reverse' }}>
        <Flex vertical gap={10} style={{ minWidth: 180, flex: '1 1 180px' }}>
          <div>
            <Typography.Text type="secondary">Amount to send</Typography.Text>
            <div style={BIG_VALUE}>{amount}</div>
          </div>
          <div>
            <Typography.Text type="secondary">Network</Typography.Text>
            <Flex align="center" gap={8} wrap>
              <Typography.Text strong>{networkName}</Typography.Text>
              {network?.demo && (
                <Tag icon={<ExperimentOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                  {DEMO_NETWORK_LABEL}
                </Tag>
              )}
            </Flex>
          </div>
          <div>
            <Typography.Text type="secondary" id="deposit-time-left">
              Time left to pay
            </Typography.Text>
            <div role="timer" aria-labelledby="deposit-time-left" style={BIG_VALUE}>
              {formatCountdown(remainingMs)}
            </div>
          </div>
        </Flex>
        <div
          style={{
            background: '#ffffff',
            padding: 8,
            borderRadius: token.borderRadius,
            lineHeight: 0,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <QRCodeSVG
            value={deposit.address}
            size={DEPOSIT_QR_SIZE}
            level={DEPOSIT_QR_LEVEL}
            title={`QR code of the deposit address ${deposit.address}`}
            role="img"
          />
        </div>
      </Flex>

      <div>
        <Typography.Text type="secondary">Deposit address</Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Typography.Text
            code
            data-testid="deposit-address"
            style={{ overflowWrap: 'anywhere', fontSize: 14, flex: '1 1 240px' }}
          >
            {deposit.address}
          </Typography.Text>
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
            Copy address
          </Button>
        </Flex>
      </div>

      <div>
        <Typography.Text id="deposit-confirmations">
          {confirmations} of {required} confirmations
        </Typography.Text>
        <Progress
          percent={required > 0 ? Math.round((confirmations / required) * 100) : 0}
          showInfo={false}
          status={failed ? 'exception' : confirmed ? 'success' : 'active'}
          aria-labelledby="deposit-confirmations"
        />
        <Typography.Text type="secondary" aria-live="polite">
          {progressText(status, remainingMs)}
        </Typography.Text>
      </div>

      {notes.map((note) => (
        <Alert key={note} type="warning" role="note" showIcon title={note} />
      ))}

      {failed && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={TRANSACTION_FAILED_MESSAGE}
          description={status.errorMessage ?? undefined}
          action={<Button onClick={onStartOver}>New deposit</Button>}
        />
      )}

      {/* `npm run demo:pay` pays on every demo network: ERC20, BEP20 and TRC20. */}
      {network?.demo && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
          This is the offline demo chain: no real money moves. Pay it from a terminal in the project
          folder with{' '}
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            npm run demo:pay -- --network {deposit.network} --to {deposit.address} --amount{' '}
            {plainUsdt(deposit.amount)}
          </Typography.Text>
        </Typography.Paragraph>
      )}

      <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
        You may close this window: a payment to this address is still credited, and you can follow
        it in your wallet.
      </Typography.Paragraph>
      <Flex justify="end">
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
