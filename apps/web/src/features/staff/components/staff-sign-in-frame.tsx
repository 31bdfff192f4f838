import { Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { paths } from '../../../app/paths';
import { BrandMark } from '../../../components/brand-mark';
import { ButtonLink } from '../../../components/button-link';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ThemeToggle } from '../../../components/area-theme-toggle';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * The frame of the staff sign-in's pages (set up two-step verification, enter a code): the staff
 * header without the area's navigation, and one centred card with the page's heading.
 */
export function StaffSignInFrame({
  title,
  subtitle,
  width = 460,
  children,
}: {
  /** The page's heading, and its document title. */
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgLayout,
      }}
    >
      <title>{`${title} · Staff · CrimsonHost`}</title>
      <header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: isMobile ? 12 : 24,
          paddingBlock: 10,
        }}
      >
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={10}>
            <BrandMark size={28} />
            <Typography.Text strong>Staff sign-in</Typography.Text>
          </Flex>
          <Flex align="center" gap={8}>
            <ThemeToggle />
            <ButtonLink to={paths.home.href()} size="small">
              Back to storefront
            </ButtonLink>
          </Flex>
        </Flex>
      </header>
      <main
        style={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          padding: isMobile ? 12 : 24,
        }}
      >
        <Card
          style={{ width: '100%', maxWidth: width, marginTop: isMobile ? 0 : 40 }}
          styles={{ body: { padding: isMobile ? 16 : 28 } }}
        >
          <Typography.Title
            level={1}
            style={{ fontSize: isMobile ? 22 : 26, marginTop: 0, marginBottom: subtitle ? 4 : 20 }}
          >
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </Card>
      </main>
    </div>
  );
}
