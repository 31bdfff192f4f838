import { Badge } from 'antd';
import type { RentalStatus } from '@crimsonhost/shared/rentals';

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

const BADGES: Record<RentalStatus, 'success' | 'default'> = {
  ACTIVE: 'success',
  EXPIRED: 'default',
  CANCELLED: 'default',
};

/** Active, Expired or Cancelled: a coloured dot beside the word, in the text colour. */
export function RentalStatusTag({ status }: { status: RentalStatus }) {
  return (
    <Badge
      status={BADGES[status]}
      text={RENTAL_STATUS_LABELS[status]}
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}
