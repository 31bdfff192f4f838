import { Button, Flex, Layout, Spin, theme } from 'antd';
import { LoginOutlined, MenuOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { HEADER_SCROLL_THRESHOLD_PX } from '@crimsonhost/shared/constants';
import { BrandMark } from '../../components/brand-mark';
import { ButtonLink } from '../../components/button-link';
import { useScrolledPast } from '../../lib/use-scrolled-past';
import { useAuth } from '../auth/auth-context';
import { paths } from '../paths';
import { useThemeMode } from '../theme-mode';
import { AccountMenu } from './lazy-navigation';
import { HintTooltip } from '../../components/hint-tooltip';
import { Text } from '../../components/typography';

export const HEADER_HEIGHT_PX = 64;

interface SiteHeaderProps {
  isMobile: boolean;
  navigationOpen: boolean;
  onOpenNavigation: () => void;
}

function ThemeSwitch() {
  const { theme: mode, toggleTheme } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <HintTooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
      />
    </HintTooltip>
  );
}

export function SiteHeader({ isMobile, navigationOpen, onOpenNavigation }: SiteHeaderProps) {
  const { token } = theme.useToken();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const { user, isAuthenticated, status } = useAuth();
  return (
    <Layout.Header
      className="site-header"
      data-scrolled={scrolled}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: HEADER_HEIGHT_PX,
        paddingInline: isMobile ? 12 : 24,
        lineHeight: 'normal',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        background: scrolled
          ? `color-mix(in srgb, ${token.colorBgContainer} 82%, transparent)`
          : token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: scrolled ? token.boxShadowTertiary : 'none',
      }}
    >
      <Flex align="center" gap={isMobile ? 4 : 12} style={{ minWidth: 0 }}>
        {isMobile && (
          <Button
            type="text"
            aria-label="Open navigation"
            aria-expanded={navigationOpen}
            aria-haspopup="dialog"
            icon={<MenuOutlined />}
            onClick={onOpenNavigation}
          />
        )}
        <Link
          to={paths.home.href()}
          aria-label="CrimsonHost home"
          style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}
        >
          <BrandMark size={32} />
          <Text strong style={{ fontSize: 20, letterSpacing: -0.2, whiteSpace: 'nowrap' }}>
            Crimson<span style={{ color: token.colorLink }}>Host</span>
          </Text>
        </Link>
      </Flex>
      <Flex align="center" gap={8}>
        <ThemeSwitch />
        {status === 'loading' ? (
          // Neither Login nor the avatar until the stored session is known (spec section 2).
          <span
            role="status"
            aria-label="Loading..."
            style={{ display: 'inline-flex', width: 40, height: 40, justifyContent: 'center' }}
          >
            <Spin size="small" style={{ alignSelf: 'center' }} />
          </span>
        ) : isAuthenticated && user ? (
          <AccountMenu email={user.email} />
        ) : (
          <ButtonLink type="primary" icon={<LoginOutlined />} to={paths.login.href()}>
            Login
          </ButtonLink>
        )}
      </Flex>
    </Layout.Header>
  );
}
