import { Tag, theme } from 'antd';
import { DISPUTE_OUTCOME_LABELS, type Dispute } from '@crimsonhost/shared/disputes';
import { Dot } from './ticket-tags';

/**
 * Open (its payment held) or how it ended, in words beside a dot of its colour: coloured text on
 * a tinted tag falls under the contrast WCAG asks for, in light and in dark.
 */
export function DisputeStatusTag({
  dispute,
  prefix,
}: {
  dispute: Pick<Dispute, 'status' | 'outcome'>;
  /** Said before the state where the tag stands alone ("Dispute: Open"). */
  prefix?: string;
}) {
  const { token } = theme.useToken();
  const open = dispute.status === 'OPEN';
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <Dot
        color={
          open
            ? token.colorWarning
            : dispute.outcome === 'DECLINED'
              ? token.colorTextTertiary
              : token.colorSuccess
        }
      />
      {prefix && `${prefix}: `}
      {open ? 'Open' : dispute.outcome ? DISPUTE_OUTCOME_LABELS[dispute.outcome] : 'Decided'}
    </Tag>
  );
}
