import { Suspense, useState } from 'react';
import { Button, Flex, Layout, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { ErrorBoundary } from '../../components/error-boundary';
import { LoadingSpinner } from '../../components/loading-spinner';
import { readSidebarCollapsed, storeSidebarCollapsed } from '../../lib/storage';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAuth } from '../auth/auth-context';
import { LazyMainMenu, LazyNavigationDrawer } from './lazy-navigation';
import { HEADER_HEIGHT_PX, SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { useConnectionToasts } from './use-connection-toasts';

const SIDEBAR_WIDTH_PX = 220;
const SIDEBAR_COLLAPSED_WIDTH_PX = 72;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const MAIN_CONTENT_ID = 'main-content';

function Sidebar() {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const toggle = () => {
    storeSidebarCollapsed(!collapsed);
    setCollapsed(!collapsed);
  };
  return (
    // The column paints the sidebar's background the whole height of the page; the sider itself
    // sticks below the header.
    <div
      style={{
        flex: 'none',
        background: token.colorBgContainer,
        borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Layout.Sider
        id="main-sidebar"
        theme="light"
        width={SIDEBAR_WIDTH_PX}
        collapsedWidth={SIDEBAR_COLLAPSED_WIDTH_PX}
        collapsible
        collapsed={collapsed}
        trigger={null}
        data-collapsed={collapsed}
        style={{
          position: 'sticky',
          top: HEADER_HEIGHT_PX,
          height: `calc(100vh - ${HEADER_HEIGHT_PX}px)`,
        }}
      >
        <Flex vertical justify="space-between" style={{ height: '100%', paddingBlock: 8 }}>
          <LazyMainMenu />
          <Flex justify={collapsed ? 'center' : 'flex-end'} style={{ padding: 12 }}>
            <Button
              type="text"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
              aria-controls="main-sidebar"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
          </Flex>
        </Flex>
      </Layout.Sider>
    </div>
  );
}

/**
 * The customer layout of spec section 2: sticky header, a collapsible sidebar from 768px up, the
 * navigation drawer below it, and the footer. Pages render in the outlet.
 */
export function CustomerLayout() {
  const { token } = theme.useToken();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code loads the first time it opens; it stays mounted so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const { pathname } = useLocation();
  const { isCheckingSession } = useAuth();
  useConnectionToasts();

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <a
        className="skip-link"
        href={`#${MAIN_CONTENT_ID}`}
        style={{ background: token.colorPrimary, color: '#ffffff' }}
      >
        Skip to content
      </a>
      <SiteHeader
        isMobile={isMobile}
        navigationOpen={drawerOpen}
        onOpenNavigation={() => {
          setDrawerUsed(true);
          setDrawerOpen(true);
        }}
      />
      <Layout hasSider={!isMobile} style={{ background: token.colorBgLayout }}>
        {!isMobile && <Sidebar />}
        <Layout style={{ background: token.colorBgLayout, minWidth: 0 }}>
          <Layout.Content
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            style={{
              padding: isMobile ? '16px 16px 32px' : '24px 32px 48px',
              // The content area fills the screen below the header from the first paint, so the
              // footer starts below the fold and does not move when the page replaces the spinner.
              minHeight: `calc(100vh - ${HEADER_HEIGHT_PX}px)`,
            }}
          >
            <div style={{ maxWidth: 1200, marginInline: 'auto' }}>
              <ErrorBoundary key={pathname}>
                {/* While the stored session is checked, routing waits (spec section 2). */}
                {isCheckingSession ? (
                  <LoadingSpinner />
                ) : (
                  <Suspense fallback={<LoadingSpinner />}>
                    <Outlet />
                  </Suspense>
                )}
              </ErrorBoundary>
            </div>
          </Layout.Content>
          <SiteFooter />
        </Layout>
      </Layout>
      {isMobile && drawerUsed && (
        <LazyNavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      )}
    </Layout>
  );
}
