import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';
import type { GlobalToken } from 'antd';

/**
 * Text, titles and paragraphs for the pages a first visit loads (decision 053), drawn with Ant
 * Design's Typography tokens and rules: the same colours for each type, the same heading sizes,
 * weights and line heights, the same margins (global.css, class `ch-typography`). Ant Design's
 * Typography brings its editable and copyable text with every use, and with them Input, the form
 * library and its validator: 14.5 KB of the compressed JavaScript of a first visit to `/`
 * (`docs/benchmarks.md`), for features these pages never use. Pages loaded later keep Ant Design's.
 */
type TextType = 'secondary' | 'success' | 'warning' | 'danger';

interface TypographyProps extends Omit<HTMLAttributes<HTMLElement>, 'color'> {
  type?: TextType;
  strong?: boolean;
  children?: ReactNode;
}

/** The token each type of text takes its colour from, as in Ant Design's Typography. */
const TYPE_COLOR = {
  secondary: 'colorTextDescription',
  success: 'colorSuccessText',
  warning: 'colorWarningText',
  danger: 'colorErrorText',
} as const satisfies Record<TextType, keyof GlobalToken>;

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
      ...(type ? { color: token[TYPE_COLOR[type]] } : {}),
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
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
      }))}
    />
  );
}
