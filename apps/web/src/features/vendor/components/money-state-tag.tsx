import { Tag, theme, type GlobalToken } from 'antd';
import { MONEY_STATE_LABELS, type MoneyState } from '@crimsonhost/shared/vendors';
import { Dot } from '../../../components/ticket-tags';

/** The states of a vendor's money, paid out (the money that left) among them. */
export type EarningsState = MoneyState | 'PAID_OUT';

export const EARNINGS_STATE_LABELS: Record<EarningsState, string> = {
  ...MONEY_STATE_LABELS,
  PAID_OUT: 'Paid out',
};

/** The colour of a state's dot, from the theme (light and dark alike). */
export function stateColor(state: EarningsState, token: GlobalToken): string {
  switch (state) {
    case 'ESCROW':
      return token.colorInfo;
    case 'PENDING':
      return token.colorWarning;
    case 'AVAILABLE':
      return token.colorSuccess;
    case 'PAYOUT_PENDING':
      return token.purple;
    case 'PAID_OUT':
      return token.colorTextTertiary;
  }
}

/** A state's coloured dot, beside its words (the colour alone says nothing). */
export function StateDot({ state }: { state: EarningsState }) {
  const { token } = theme.useToken();
  return <Dot color={stateColor(state, token)} />;
}

/**
 * The state a movement touched, in words: a dot in the state's colour beside words in the text
 * colour, as the ticket tags do (coloured words on a tinted tag fall under 4.5:1).
 */
export function MoneyStateTag({ state }: { state: MoneyState }) {
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <StateDot state={state} />
      {MONEY_STATE_LABELS[state]}
    </Tag>
  );
}
