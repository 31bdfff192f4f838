import { ConfigProvider, Flex, Tabs, Typography, theme } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { paths } from '../paths';

const TABS = [
  { key: paths.supportTickets.path, label: 'My Tickets' },
  { key: paths.supportFaq.path, label: 'FAQ' },
  { key: paths.supportSettings.path, label: 'Settings' },
];

/** The tab a path belongs to: My Tickets also for /support/tickets/new and /support/tickets/:id. */
function supportTabOf(pathname: string): string {
  return (
    TABS.find((tab) => pathname === tab.key || pathname.startsWith(`${tab.key}/`))?.key ??
    paths.supportTickets.path
  );
}

/**
 * The support centre (spec section 2): its title, subtitle and the tabs My Tickets, FAQ and
 * Settings over each page. Each tab is a route. From the keyboard, the arrow keys move between
 * the tabs and Enter opens one (a page is not loaded for each tab passed on the way).
 */
export function SupportLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const active = supportTabOf(pathname);
  return (
    <Flex vertical gap={8}>
      <PageBreadcrumb items={[{ title: 'Support Center' }]} />
      <header>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          Support Center
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          Get help and track your support requests
        </Typography.Paragraph>
      </header>
      {/* The chosen tab reads in the text colour (the red ink bar marks it): red words on the
          page's grey fall under WCAG's 4.5:1, in light and in dark. */}
      <ConfigProvider theme={{ components: { Tabs: { itemSelectedColor: token.colorText } } }}>
        <Tabs
          id="support-tabs"
          activeKey={active}
          onChange={(key) => void navigate(key)}
          aria-label="Support Center sections"
          items={TABS}
          style={{ marginBottom: 0 }}
        />
      </ConfigProvider>
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </Flex>
  );
}
