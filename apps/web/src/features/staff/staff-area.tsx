import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Menu, Result, Typography, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { useAuth } from '../../app/auth/auth-context';
import { paths } from '../../app/paths';
import { useThemeMode } from '../../app/theme-mode';
import { BrandMark } from '../../components/brand-mark';
import { ButtonLink } from '../../components/button-link';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useMediaQuery } from '../../lib/use-media-query';

const OverviewPage = lazy(() =>
  import('./pages/overview-page').then((m) => ({ default: m.OverviewPage })),
);
const QueuePage = lazy(() => import('./pages/queue-page').then((m) => ({ default: m.QueuePage })));
const DeskTicketPage = lazy(() =>
  import('./pages/desk-ticket-page').then((m) => ({ default: m.DeskTicketPage })),
);
const FaqEditorPage = lazy(() =>
  import('./pages/faq-editor-page').then((m) => ({ default: m.FaqEditorPage })),
);
const CannedRepliesPage = lazy(() =>
  import('./pages/canned-replies-page').then((m) => ({ default: m.CannedRepliesPage })),
);

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const SECTIONS = [
  { key: paths.staff.path, label: 'Overview' },
  { key: paths.staffTickets.path, label: 'Tickets' },
  { key: paths.staffFaq.path, label: 'FAQ' },
  { key: paths.staffCannedReplies.path, label: 'Canned replies' },
];

function StaffNotFound() {
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Page not found</h1>}
      subTitle="Nothing lives here. It may have moved, or the link may be mistyped."
      extra={
        <ButtonLink type="primary" to={paths.home.href()}>
          Back Home
        </ButtonLink>
      }
    />
  );
}

function ThemeToggle() {
  const { theme: mode, toggleTheme } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={label}
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      onClick={toggleTheme}
    />
  );
}

/** The staff area's frame: its own header and navigation, outside the storefront's layout. */
function StaffLayout({ children }: { children: React.ReactNode }) {
  const { token } = theme.useToken();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const selected =
    [...SECTIONS]
      .reverse()
      .find((s) => (s.key === paths.staff.path ? pathname === s.key : pathname.startsWith(s.key)))
      ?.key ?? paths.staff.path;
  // Below 768 px the sections wrap as plain links: a horizontal menu hides the overflow behind
  // aria-hidden items that can still be focused.
  const mobileNav = (
    <Flex wrap gap={4}>
      {SECTIONS.map((s) => (
        <ButtonLink
          key={s.key}
          to={s.key}
          size="small"
          type={s.key === selected ? 'primary' : 'text'}
          aria-current={s.key === selected ? 'page' : undefined}
        >
          {s.label}
        </ButtonLink>
      ))}
    </Flex>
  );
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selected]}
      items={SECTIONS.map((s) => ({ key: s.key, label: <Link to={s.key}>{s.label}</Link> }))}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      aria-label="Staff area"
      onClick={({ key }) => void navigate(key)}
    />
  );
  return (
    // Filters and pickers say what they are in their placeholder: it reads at the secondary
    // text's contrast (WCAG 4.5:1), not antd's faint default.
    <ConfigProvider theme={{ token: { colorTextPlaceholder: token.colorTextSecondary } }}>
      <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
        <header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            paddingInline: isMobile ? 12 : 24,
            height: 'auto',
            lineHeight: 'normal',
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
              {!isMobile && <Typography.Text type="secondary">{user?.email}</Typography.Text>}
              <ThemeToggle />
              <ButtonLink to={paths.home.href()} size="small">
                Back to storefront
              </ButtonLink>
            </Flex>
          </Flex>
          {isMobile && (
            <nav aria-label="Staff area" style={{ marginTop: 8 }}>
              {mobileNav}
            </nav>
          )}
        </header>
        <div style={{ display: 'flex', alignItems: 'stretch' }}>
          {!isMobile && (
            <aside
              style={{
                width: 220,
                flex: 'none',
                background: token.colorBgContainer,
                borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <nav style={{ paddingTop: 12 }}>{menu}</nav>
            </aside>
          )}
          <main style={{ padding: isMobile ? 12 : 24, minWidth: 0, flex: 1 }}>
            <Suspense fallback={<LoadingSpinner />}>{children}</Suspense>
          </main>
        </div>
      </div>
    </ConfigProvider>
  );
}

/**
 * /admin/*: the staff area, for support and admin accounts. A visitor is sent to sign in; anyone
 * else sees the not-found page, as if the area did not exist.
 */
export function StaffArea() {
  const { status, user } = useAuth();
  const { pathname, search } = useLocation();
  const routes = useRoutes([
    { index: true, element: <OverviewPage /> },
    { path: 'tickets', element: <QueuePage /> },
    { path: 'tickets/:ticketId', element: <DeskTicketPage /> },
    { path: 'faq', element: <FaqEditorPage /> },
    { path: 'canned-replies', element: <CannedRepliesPage /> },
    { path: '*', element: <StaffNotFound /> },
  ]);
  if (status === 'loading') return <LoadingSpinner />;
  if (status !== 'authenticated' || !user)
    return <Navigate to={paths.login.href(`${pathname}${search}`)} replace />;
  if (user.role !== 'support' && user.role !== 'admin') {
    return (
      <main style={{ padding: 24 }}>
        <title>Page not found · CrimsonHost</title>
        <StaffNotFound />
      </main>
    );
  }
  return <StaffLayout>{routes}</StaffLayout>;
}
