import { Link, type LinkProps } from 'react-router';

/**
 * A link inside a sentence: underlined, so it stands out from the text around it by more than
 * its colour (WCAG 1.4.1).
 */
export function TextLink({ style, ...props }: LinkProps) {
  return <Link {...props} style={{ textDecoration: 'underline', ...style }} />;
}
