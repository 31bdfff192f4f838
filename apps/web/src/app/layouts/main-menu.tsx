import type { ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  CloudServerOutlined,
  DashboardOutlined,
  HomeOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { paths } from '../paths';

interface MenuEntry {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
}

const VISITOR_ENTRIES: MenuEntry[] = [
  { key: paths.home.path, to: paths.home.href(), label: 'Home', icon: <HomeOutlined /> },
  {
    key: paths.servers.path,
    to: paths.servers.href(),
    label: 'Browse Servers',
    icon: <CloudServerOutlined />,
  },
];

/** Spec section 2: signed in, the main menu also offers Dashboard and Wallet. */
const SIGNED_IN_ENTRIES: MenuEntry[] = [
  ...VISITOR_ENTRIES,
  {
    key: paths.dashboard.path,
    to: paths.dashboard.href(),
    label: 'Dashboard',
    icon: <DashboardOutlined />,
  },
  { key: paths.wallet.path, to: paths.wallet.href(), label: 'Wallet', icon: <WalletOutlined /> },
];

const toItems = (entries: MenuEntry[]): MenuProps['items'] =>
  entries.map(({ key, to, label, icon }) => ({ key, icon, label: <Link to={to}>{label}</Link> }));
const VISITOR_ITEMS = toItems(VISITOR_ENTRIES);
const SIGNED_IN_ITEMS = toItems(SIGNED_IN_ENTRIES);

function selectedKey(pathname: string): string[] {
  const match = SIGNED_IN_ENTRIES.find(({ key }) =>
    key === paths.home.path ? pathname === key : pathname === key || pathname.startsWith(`${key}/`),
  );
  return match ? [match.key] : [];
}

/** Home and Browse Servers; Dashboard and Wallet too for a signed-in user. */
export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { isAuthenticated } = useAuth();
  return (
    <nav aria-label="Main">
      <Menu
        mode="inline"
        items={isAuthenticated ? SIGNED_IN_ITEMS : VISITOR_ITEMS}
        selectedKeys={selectedKey(pathname)}
        onClick={onNavigate}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
