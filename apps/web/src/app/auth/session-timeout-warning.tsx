import { Modal, Typography } from 'antd';

export const SESSION_WARNING_TITLE = 'Session Timeout Warning';
export const SESSION_WARNING_TEXT =
  'Your session will expire soon due to inactivity. Please click OK to continue.';

/** Spec section 4: the warning before the idle timeout. OK or cancel counts as activity. */
export function SessionTimeoutWarning({
  open,
  onAcknowledge,
}: {
  open: boolean;
  onAcknowledge: () => void;
}) {
  return (
    <Modal
      open={open}
      title={SESSION_WARNING_TITLE}
      okText="OK"
      cancelText="Cancel"
      onOk={onAcknowledge}
      onCancel={onAcknowledge}
      centered
      mask={{ closable: false }}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {SESSION_WARNING_TEXT}
      </Typography.Paragraph>
    </Modal>
  );
}
