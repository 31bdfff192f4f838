import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';
import type { GlobalToken } from 'antd';

/**
 * Text, titles and paragraphs for the pages a first visit loads (decision 053), drawn with Ant
 * Design's Typography tokens and rules: the same colours for each type, the same heading sizes,
 * weights and line heights, the same margins (global.css, class `ch-typography`). Ant Design's
 * Typography brings its editable and copyable text with every use, and with them Input, the form
 * library and its validator: about 25 KB of a first visit's compressed JavaScript, for features
 * these pages never use. Pages loaded later keep Ant Design's.
 */
type TextType = 'secondary' | 'success' | 'warning' | 'danger';

interface TypographyProps extends Omit<HTMLAttributes<HTMLElement>, 'color'> {
  type?: TextType;
  strong?: boolean;
  children?: ReactNode;
}

const HEADING_FONT_SIZE = {
  1: 'fontSizeHeading1',
  2: 'fontSizeHeading2',
  3: 'fontSizeHeading3',
  4: 'fontSizeHeading4',
  5: 'fontSizeHeading5',
} as const;

const HEADING_LINE_HEIGHT = {
  1: 'lineHeightHeading1',
  2: 'lineHeightHeading2',
  3: 'lineHeightHeading3',
  4: 'lineHeightHeading4',
  5: 'lineHeightHeading5',
} as const;

function typeColor(token: GlobalToken, type: TextType | undefined): string | undefined {
  switch (type) {
    case 'secondary':
      return token.colorTextDescription;
    case 'success':
      return token.colorSuccessText;
    case 'warning':
      return token.colorWarningText;
    case 'danger':
      return token.colorErrorText;
    case undefined:
      return undefined;
  }
}

/** Splits the typography props from the element's own, and styles them with the theme. */
function useTypography(
  { type, strong, style, className, children, ...element }: TypographyProps,
  base: (token: GlobalToken) => CSSProperties,
) {
  const { token } = theme.useToken();
  return {
    ...element,
    className: className ? `ch-typography ${className}` : 'ch-typography',
    style: {
      wordBreak: 'break-word',
      lineHeight: token.lineHeight,
      ...base(token),
      ...(type ? { color: typeColor(token, type) } : {}),
      ...style,
    } satisfies CSSProperties,
    children: strong ? (
      <strong style={{ fontWeight: token.fontWeightStrong }}>{children}</strong>
    ) : (
      children
    ),
  };
}

const bodyText = (token: GlobalToken): CSSProperties => ({ color: token.colorText });

/** Ant Design's `Typography.Text`: a span. */
export function Text(props: TypographyProps) {
  return <span {...useTypography(props, bodyText)} />;
}

/** Ant Design's `Typography.Paragraph`: a div with 1em below it (global.css). */
export function Paragraph(props: TypographyProps) {
  return <div {...useTypography(props, bodyText)} />;
}

type Level = 1 | 2 | 3 | 4 | 5;

/** Ant Design's `Typography.Title`: a heading of `level` 1 to 5 (1 by default). */
export function Title({ level = 1, ...props }: TypographyProps & { level?: Level }) {
  const Heading = `h${level}` as const;
  return (
    <Heading
      {...useTypography(props, (token) => ({
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[HEADING_FONT_SIZE[level]],
        lineHeight: token[HEADING_LINE_HEIGHT[level]],
      }))}
    />
  );
}
