import { Tag, theme } from 'antd';
import type { Dispute } from '@crimsonhost/shared/disputes';
import { Dot } from './ticket-tags';

/**
 * Open (its payment held) or how it ended, in words beside a dot of its colour: coloured text on
 * a tinted tag falls under the contrast WCAG asks for, in light and in dark.
 */
export function DisputeStatusTag({ dispute }: { dispute: Pick<Dispute, 'status' | 'outcome'> }) {
  const { token } = theme.useToken();
  const open = dispute.status === 'OPEN';
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <Dot color={open ? token.colorWarning : token.colorTextTertiary} />
      {open ? 'Open' : dispute.outcome === 'DECLINED' ? 'Declined' : 'Decided'}
    </Tag>
  );
}
