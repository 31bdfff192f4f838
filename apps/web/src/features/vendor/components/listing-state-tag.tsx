import { Flex, Tag, Typography, theme, type GlobalToken } from 'antd';
import { LISTING_STATE_LABELS, type ListingState } from '@crimsonhost/shared/vendor-listings';
import { Dot } from '../../../components/ticket-tags';
import { LISTING_STATE_EXPLANATIONS } from '../listing-state';

/** The colour of a state's dot, from the theme (light and dark alike). */
function stateColor(state: ListingState, token: GlobalToken): string {
  switch (state) {
    case 'CHECKING':
      return token.colorInfo;
    case 'LIVE':
      return token.colorSuccess;
    case 'PAUSED':
      return token.colorWarning;
    case 'HIDDEN':
      return token.colorTextTertiary;
  }
}

/**
 * Where a listing stands, in words: a dot in the state's colour beside words in the text colour,
 * as the money state tags do (coloured words on a tinted tag fall under 4.5:1).
 */
export function ListingStateTag({ state }: { state: ListingState }) {
  const { token } = theme.useToken();
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <Dot color={stateColor(state, token)} />
      {LISTING_STATE_LABELS[state]}
    </Tag>
  );
}

/** The state's tag with what it means beneath, in words everyone reads (no hover needed). */
export function ListingStateWithExplanation({ state }: { state: ListingState }) {
  return (
    <Flex vertical gap={4} align="flex-start">
      <ListingStateTag state={state} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {LISTING_STATE_EXPLANATIONS[state]}
      </Typography.Text>
    </Flex>
  );
}
