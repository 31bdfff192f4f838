import { ConfigProvider, Flex, Typography, theme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { BrandMark } from '../../../components/brand-mark';
import { ButtonLink } from '../../../components/button-link';
import { ErrorBoundary } from '../../../components/error-boundary';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useMediaQuery } from '../../../lib/use-media-query';
import { StaffSideMenu, StaffTopMenu } from './staff-navigation';
import { ThemeToggle } from '../../../components/area-theme-toggle';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const MAIN_CONTENT_ID = 'main-content';
const SIDEBAR_WIDTH_PX = 220;

/**
 * The staff area's frame, apart from the storefront's: its own header (brand, "Staff", who is
 * signed in, theme, the way back) and navigation, a side menu from 768 px up and a row of links
 * below. Plain elements rather than antd's Layout: its Sider would split a chunk shared with the
 * storefront's first visit.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  return (
    // Filters and pickers say what they are in their placeholder: it reads at the secondary
    // text's contrast (WCAG 4.5:1), not antd's faint default.
    <ConfigProvider theme={{ token: { colorTextPlaceholder: token.colorTextSecondary } }}>
      <div
        style={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          background: token.colorBgLayout,
        }}
      >
        <a
          className="skip-link"
          href={`#${MAIN_CONTENT_ID}`}
          style={{ background: token.colorPrimary, color: token.colorTextLightSolid }}
        >
          Skip to content
        </a>
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
              <Link to={paths.staff.href()} aria-label="Staff area home">
                <BrandMark size={28} />
              </Link>
              <Typography.Text strong>Staff</Typography.Text>
            </Flex>
            <Flex align="center" gap={8} wrap>
              {user && (
                <Typography.Text
                  type="secondary"
                  ellipsis
                  style={{ maxWidth: isMobile ? 150 : 280 }}
                  title={user.email}
                >
                  <span className="visually-hidden">Signed in as </span>
                  {user.email}
                </Typography.Text>
              )}
              <ThemeToggle />
              <ButtonLink to={paths.home.href()} size="small">
                Back to storefront
              </ButtonLink>
            </Flex>
          </Flex>
          {isMobile && <StaffTopMenu />}
        </header>
        <div style={{ display: 'flex', alignItems: 'stretch', flex: 1 }}>
          {!isMobile && (
            <aside
              style={{
                width: SIDEBAR_WIDTH_PX,
                flex: 'none',
                background: token.colorBgContainer,
                borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <StaffSideMenu />
            </aside>
          )}
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            style={{ padding: isMobile ? 12 : 24, minWidth: 0, flex: 1 }}
          >
            <div style={{ maxWidth: 1400, marginInline: 'auto' }}>
              <ErrorBoundary key={pathname}>
                <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>
              </ErrorBoundary>
            </div>
          </main>
        </div>
      </div>
    </ConfigProvider>
  );
}
