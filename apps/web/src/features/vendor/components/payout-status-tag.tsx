import { Tag, theme, type GlobalToken } from 'antd';
import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@crimsonhost/shared/vendor-payouts';
import { Dot } from '../../../components/ticket-tags';

function statusColor(status: PayoutStatus, token: GlobalToken): string {
  switch (status) {
    case 'REQUESTED':
      return token.colorWarning;
    case 'SUBMITTED':
      return token.colorInfo;
    case 'PAID':
      return token.colorSuccess;
    case 'REJECTED':
      return token.colorError;
    case 'CANCELLED':
      return token.colorTextTertiary;
  }
}

/** A payout's status in words beside a dot of its colour (the colour alone says nothing). */
export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  const { token } = theme.useToken();
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <Dot color={statusColor(status, token)} />
      {PAYOUT_STATUS_LABELS[status]}
    </Tag>
  );
}
