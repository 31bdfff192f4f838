import { Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatUsdt } from '@crimsonhost/shared/money';

/** An amount of the ledger, exact to the micro-USDT and grouped: '-1,250.500000'. */
export function ledgerAmount(amount: string): string {
  return formatUsdt(amount, 6);
}

/**
 * A ledger amount in a table or figure: exact, in tabular figures, its currency beside it. The
 * number never breaks; on a narrow screen the currency goes to the next line.
 */
export function MoneyAmount({ amount, currency }: { amount: string; currency?: string }) {
  return (
    <Typography.Text>
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {ledgerAmount(amount)}
      </span>
      {currency && (
        <>
          {' '}
          <Typography.Text type="secondary">{currency}</Typography.Text>
        </>
      )}
    </Typography.Text>
  );
}

/**
 * A tag that says good or bad with a coloured dot beside plain words: coloured words on a tinted
 * background fall under the contrast WCAG asks for, in light and in dark (as ticket-tags.tsx).
 */
export function MoneyTag({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Tag style={{ whiteSpace: 'normal' }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: 4,
          background: tone === 'success' ? token.colorSuccess : token.colorError,
          marginInlineEnd: 6,
          verticalAlign: 'middle',
        }}
      />
      {children}
    </Tag>
  );
}
