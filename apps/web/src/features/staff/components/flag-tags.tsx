import { Tag, theme } from 'antd';
import {
  FLAG_REASON_LABELS,
  FLAG_STATUS_LABELS,
  type FlagReason,
  type FlagStatus,
} from '@crimsonhost/shared/moderation';
import { Dot } from '../../../components/ticket-tags';

const KIND_LABELS: Record<string, string> = {
  phone: 'phone',
  email: 'e-mail',
  social_media: 'chat or social media',
};

/** The flag's state in words beside a dot of its colour (coloured tags fail WCAG contrast). */
export function FlagStatusTag({ status }: { status: FlagStatus }) {
  const { token } = theme.useToken();
  const color = {
    pending: token.colorWarning,
    reviewing: token.colorInfo,
    resolved: token.colorSuccess,
    dismissed: token.colorTextTertiary,
  }[status];
  return (
    <Tag style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}>
      <Dot color={color} />
      {FLAG_STATUS_LABELS[status]}
    </Tag>
  );
}

/** "Contact details shared · e-mail, phone": the reason and what the detector found. */
export function flagReasonText(reason: FlagReason, kinds: readonly string[]): string {
  const found = kinds.map((kind) => KIND_LABELS[kind] ?? kind);
  return found.length > 0
    ? `${FLAG_REASON_LABELS[reason]} · ${found.join(', ')}`
    : FLAG_REASON_LABELS[reason];
}
