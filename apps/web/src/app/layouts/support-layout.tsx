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

/** The support centre (spec section 2): its title, subtitle and the three tabs over each page. */
export function SupportLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const active = TABS.find((tab) => pathname.startsWith(tab.key))?.key ?? paths.supportTickets.path;
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
          page's grey fall under WCAG's 4.5:1. */}
      <ConfigProvider theme={{ components: { Tabs: { itemSelectedColor: token.colorText } } }}>
        <Tabs
          activeKey={active}
          items={TABS}
          onChange={(key) => void navigate(key)}
          aria-label="Support Center sections"
        />
      </ConfigProvider>
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </Flex>
  );
}
