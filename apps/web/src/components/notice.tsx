import type { ReactNode } from 'react';
import { theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';

type NoticeType = 'success' | 'info' | 'error';

/**
 * Ant Design's Alert with an icon, a title and a description, drawn from the same tokens (the
 * type's background, border and icon colour, the title in the large heading size, the padding and
 * radius), for the rent panel of the server page a first visit loads (decision 058): Alert is
 * 2.5 KB of compressed JavaScript there, with its closing and motion, which these never use. Like
 * Alert it is announced (`role="alert"`) unless told otherwise.
 */
export function Notice({
  type,
  title,
  description,
  role = 'alert',
}: {
  type: NoticeType;
  title: ReactNode;
  description?: ReactNode;
  role?: 'alert' | 'status';
}) {
  const { token } = theme.useToken();
  const colours = {
    success: [token.colorSuccessBg, token.colorSuccessBorder, token.colorSuccess],
    info: [token.colorInfoBg, token.colorInfoBorder, token.colorInfo],
    error: [token.colorErrorBg, token.colorErrorBorder, token.colorError],
  }[type];
  const Icon = { success: CheckCircleFilled, info: InfoCircleFilled, error: CloseCircleFilled }[
    type
  ];
  return (
    <div
      role={role}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: token.marginSM,
        padding: `${token.paddingMD}px ${token.paddingContentHorizontalLG}px`,
        background: colours[0],
        border: `${token.lineWidth}px ${token.lineType} ${colours[1]}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        overflowWrap: 'anywhere',
      }}
    >
      <Icon aria-hidden style={{ color: colours[2], fontSize: 24, lineHeight: 1 }} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div
          style={{
            color: token.colorTextHeading,
            fontSize: token.fontSizeLG,
            marginBottom: description ? token.marginXS : 0,
          }}
        >
          {title}
        </div>
        {description && <div>{description}</div>}
      </div>
    </div>
  );
}
