import { MenuOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Typography, theme } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { BrandMark } from '../../../components/brand-mark';
import { ButtonLink } from '../../../components/button-link';
import { ErrorBoundary } from '../../../components/error-boundary';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useMediaQuery } from '../../../lib/use-media-query';
import { ThemeToggle } from '../../../components/area-theme-toggle';
import { VendorNavigationDrawer, VendorSideMenu } from './vendor-navigation';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const MAIN_CONTENT_ID = 'main-content';
const SIDEBAR_WIDTH_PX = 220;

/** Who is signed in, shortened to fit; whole on hover and for screen readers. */
function SignedInAs({ email, maxWidth }: { email: string; maxWidth: number }) {
  return (
    <Typography.Text type="secondary" ellipsis style={{ maxWidth }} title={email}>
      <span className="visually-hidden">Signed in as </span>
      {email}
    </Typography.Text>
  );
}

/**
 * The vendor area's frame, apart from the storefront's: its own header (brand, "Vendor", who is
 * signed in, theme, the way back) and navigation, a side menu from 768 px up and a drawer below.
 * Without `navigation` (an account that is not a vendor) only the header stays.
 */
export function VendorLayout({
  children,
  navigation = true,
}: {
  children: ReactNode;
  navigation?: boolean;
}) {
  const { token } = theme.useToken();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
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
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Flex align="center" gap={isMobile ? 6 : 10}>
              {isMobile && navigation && (
                <Button
                  type="text"
                  aria-label="Open navigation"
                  aria-expanded={drawerOpen}
                  aria-haspopup="dialog"
                  icon={<MenuOutlined />}
                  onClick={() => setDrawerOpen(true)}
                />
              )}
              <Link to={paths.vendorArea.href()} aria-label="Vendor area home">
                <BrandMark size={28} />
              </Link>
              <Typography.Text strong>Vendor</Typography.Text>
            </Flex>
            <Flex align="center" gap={8} wrap>
              {/* On a phone the drawer says who is signed in: the header keeps to one line. */}
              {user && !isMobile && <SignedInAs email={user.email} maxWidth={280} />}
              <ThemeToggle />
              <ButtonLink to={paths.home.href()} size="small">
                Back to storefront
              </ButtonLink>
            </Flex>
          </Flex>
        </header>
        <div style={{ display: 'flex', alignItems: 'stretch', flex: 1 }}>
          {!isMobile && navigation && (
            <aside
              style={{
                width: SIDEBAR_WIDTH_PX,
                flex: 'none',
                background: token.colorBgContainer,
                borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <VendorSideMenu />
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
        {isMobile && navigation && (
          <VendorNavigationDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            footer={user && <SignedInAs email={user.email} maxWidth={240} />}
          />
        )}
      </div>
    </ConfigProvider>
  );
}
