import { Tag, theme, type GlobalToken } from 'antd';
import { TIER_LABELS, type LoyaltyTier } from '@crimsonhost/shared/benefits';
import { Dot } from '../../../components/ticket-tags';

/** The colour of a tier's dot, from the theme so it follows light and dark. */
const tierColor = (token: GlobalToken, tier: LoyaltyTier): string =>
  ({
    BRONZE: token.orange7,
    SILVER: token.colorTextTertiary,
    GOLD: token.gold6,
    PLATINUM: token.purple5,
  })[tier];

/** The dot alone, beside a tier's name that is written out next to it. */
export function TierDot({ tier }: { tier: LoyaltyTier }) {
  const { token } = theme.useToken();
  return <Dot color={tierColor(token, tier)} />;
}

/**
 * A tier in words beside a dot of its colour: coloured text on a tinted tag falls under the
 * contrast WCAG asks for, in light and in dark.
 */
export function TierTag({ tier }: { tier: LoyaltyTier }) {
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <TierDot tier={tier} />
      {TIER_LABELS[tier]}
    </Tag>
  );
}
