import { Badge } from 'antd';
import { SERVER_STATUS_LABELS, type ServerStatus } from '@crimsonhost/shared/catalog';

const BADGES: Record<ServerStatus, 'success' | 'default' | 'warning'> = {
  online: 'success',
  offline: 'default',
  maintenance: 'warning',
};

/** Online, Offline or Maintenance: a coloured dot beside the word, in the text colour. */
export function ServerStatusTag({ status }: { status: ServerStatus }) {
  return (
    <Badge
      status={BADGES[status]}
      text={SERVER_STATUS_LABELS[status]}
      style={{ whiteSpace: 'nowrap' }}
    />
  );
}
