import { Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import {
  TRANSFER_STATE_LABELS,
  type AdminDeposit,
  type TransferState,
} from '@crimsonhost/shared/admin-deposits';

type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/** 'WAITING' -> 'Waiting': a state the API adds later shows in words all the same. */
const sentence = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');

const DEPOSIT_STATUS_LABELS: Record<string, string> = {
  WAITING: 'Waiting for payment',
  CONFIRMING: 'Confirming',
  CONFIRMED: 'Confirmed',
  EXPIRED: 'Expired',
  FAILED: 'Failed',
};
const DEPOSIT_STATUS_TONES: Record<string, Tone> = {
  WAITING: 'info',
  CONFIRMING: 'info',
  CONFIRMED: 'success',
  EXPIRED: 'neutral',
  FAILED: 'error',
};
const TRANSFER_STATUS_TONES: Record<string, Tone> = {
  SEEN: 'info',
  CONFIRMING: 'info',
  CREDITED: 'success',
  HELD: 'warning',
  DROPPED: 'neutral',
  FAILED: 'error',
  DUST: 'neutral',
};

export const depositStatusLabel = (status: string) =>
  DEPOSIT_STATUS_LABELS[status] ?? sentence(status);

export const transferStatusLabel = (status: string) =>
  TRANSFER_STATE_LABELS[status as TransferState] ?? sentence(status);

/** '3 of 15': the confirmations a payment has of those the network asks. */
export const confirmationsText = (confirmations: number, required: number) =>
  `${confirmations} of ${required}`;

/**
 * A tag that says its state with a dot in the theme's colour beside plain words: coloured words on
 * a tinted tag fall under the contrast WCAG asks for, in light and in dark.
 */
export function DotTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  const { token } = theme.useToken();
  const colors: Record<Tone, string> = {
    success: token.colorSuccess,
    warning: token.colorWarning,
    error: token.colorError,
    info: token.colorInfo,
    neutral: token.colorTextQuaternary,
  };
  return (
    <Tag style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: 4,
          background: colors[tone],
          marginInlineEnd: 6,
          verticalAlign: 'middle',
        }}
      />
      {children}
    </Tag>
  );
}

export function DepositStatusTag({ status }: { status: string }) {
  return (
    <DotTag tone={DEPOSIT_STATUS_TONES[status] ?? 'neutral'}>{depositStatusLabel(status)}</DotTag>
  );
}

export function TransferStatusTag({ status }: { status: string }) {
  return (
    <DotTag tone={TRANSFER_STATUS_TONES[status] ?? 'neutral'}>{transferStatusLabel(status)}</DotTag>
  );
}

/** The deposit's stored status, then what is odd about it: Late, Short, Over, Wrong network. */
export function DepositTags({
  deposit,
}: {
  deposit: Pick<AdminDeposit, 'status' | 'late' | 'short' | 'over' | 'misdirected'>;
}) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      <DepositStatusTag status={deposit.status} />
      {deposit.late && <DotTag tone="warning">Late</DotTag>}
      {deposit.short && <DotTag tone="warning">Short</DotTag>}
      {deposit.over && <DotTag tone="warning">Over</DotTag>}
      {deposit.misdirected && <DotTag tone="error">Wrong network</DotTag>}
    </span>
  );
}

/** 'TXa1b2c3…9z8y7x': an address or a hash short enough for a table, both ends kept. */
export function shortChain(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/**
 * An address or a hash in the code font, shortened: the whole value shows on hover and is what
 * screen readers read (and what a search of the page finds).
 */
export function ChainText({ value, full = false }: { value: string; full?: boolean }) {
  const { token } = theme.useToken();
  const style = { fontFamily: token.fontFamilyCode, fontSize: '0.92em' };
  if (full) return <span style={{ ...style, overflowWrap: 'anywhere' }}>{value}</span>;
  return (
    <span title={value} style={{ ...style, whiteSpace: 'nowrap' }}>
      <span aria-hidden>{shortChain(value)}</span>
      <span className="visually-hidden">{value}</span>
    </span>
  );
}
