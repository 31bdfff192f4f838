import { Tag } from 'antd';
import { VENDOR_STATUS_LABELS, type VendorStatus } from '@crimsonhost/shared/vendors';
import { Dot } from '../../../components/ticket-tags';

/* A dot in the status colour beside words in the text colour, as the ticket tags do (contrast). */
const COLORS: Record<VendorStatus, string> = {
  PENDING: '#1677ff',
  ACTIVE: '#52c41a',
  SUSPENDED: '#faad14',
  CLOSED: '#8c8c8c',
};

/** A vendor's status in words, light and dark alike. */
export function VendorStatusTag({ status }: { status: VendorStatus }) {
  return (
    <Tag>
      <Dot color={COLORS[status]} />
      {VENDOR_STATUS_LABELS[status]}
    </Tag>
  );
}
