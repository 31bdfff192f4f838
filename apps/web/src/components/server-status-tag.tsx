import { theme } from 'antd';
import { SERVER_STATUS_LABELS, type ServerStatus } from '@crimsonhost/shared/catalog';

/**
 * Online, Offline or Maintenance: a coloured dot beside the word, in the text colour, as Ant
 * Design's status Badge draws it (6 px dot, 8 px before the word), without Badge's module and
 * its count animation (3.8 KB of a first visit's compressed JavaScript; decision 058).
 */
export function ServerStatusTag({ status }: { status: ServerStatus }) {
  const { token } = theme.useToken();
  const dot = {
    online: token.colorSuccess,
    offline: token.colorTextPlaceholder,
    maintenance: token.colorWarning,
  }[status];
  return (
    <span style={{ whiteSpace: 'nowrap', color: token.colorText, fontSize: token.fontSize }}>
      <span
        aria-hidden="true"
        style={{
          display: 'inline-block',
          width: 6,
          height: 6,
          borderRadius: '50%',
          background: dot,
          verticalAlign: 'middle',
          position: 'relative',
          top: -1,
          marginInlineEnd: token.marginXS,
        }}
      />
      {SERVER_STATUS_LABELS[status]}
    </span>
  );
}
