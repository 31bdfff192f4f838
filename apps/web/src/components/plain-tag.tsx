import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * Ant Design's default Tag drawn as one span with the same tokens (font, line height, padding,
 * border, radius, the filled background), for the server cards and pages a first visit loads
 * (decision 058): Tag's module and sheets are 3.1 KB of compressed JavaScript there, for a label.
 */
export function PlainTag({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-block',
        paddingInline: 7,
        fontSize: token.fontSizeSM,
        lineHeight: `${Math.round(token.fontSizeSM * token.lineHeightSM)}px`,
        whiteSpace: 'nowrap',
        color: token.colorText,
        background: token.colorFillTertiary,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        ...style,
      }}
    >
      {children}
    </span>
  );
}
