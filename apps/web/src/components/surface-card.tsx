import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A bordered panel drawn as Ant Design's Card draws one with only a body (same tokens: container
 * background, secondary border, large radius, large padding). Ant Design's Card always brings its
 * Tabs and their overflow menu (about 12 KB brotli) for tab lists a body-only card never shows, so
 * the storefront's first-visit pages use this one (decision 030). Cards with a title, tabs or
 * actions keep Ant Design's.
 */
export function SurfaceCard({
  title,
  children,
  style,
  bodyStyle,
  className,
  ...rest
}: {
  /** The head's title, above a line, as Ant Design's Card `title`. */
  title?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
  className?: string;
} & Pick<HTMLAttributes<HTMLDivElement>, 'role' | 'aria-label' | 'aria-busy'>) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      className={className ? `surface-card ${className}` : 'surface-card'}
      style={{
        position: 'relative',
        boxSizing: 'border-box',
        margin: 0,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        ...style,
      }}
    >
      {title !== undefined && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
            marginBottom: -1,
            padding: `0 ${token.paddingLG}px`,
            color: token.colorTextHeading,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSizeLG,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: token.paddingLG, ...bodyStyle }}>{children}</div>
    </div>
  );
}
