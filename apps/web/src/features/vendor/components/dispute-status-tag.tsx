import { Tag } from 'antd';
import type { Dispute } from '@crimsonhost/shared/disputes';

/** Open (its payment held) or how it ended, in words. */
export function DisputeStatusTag({ dispute }: { dispute: Pick<Dispute, 'status' | 'outcome'> }) {
  if (dispute.status === 'OPEN') return <Tag color="orange">Open</Tag>;
  return <Tag>{dispute.outcome === 'DECLINED' ? 'Declined' : 'Decided'}</Tag>;
}
