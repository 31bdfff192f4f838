import {
  AlertOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  ScheduleOutlined,
  SendOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Drawer, Menu } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DRAWER_MAX_WIDTH, DRAWER_WIDTH_PX } from '@crimsonhost/shared/constants';
import { paths } from '../../../app/paths';

interface Section {
  to: string;
  label: string;
  icon: ReactNode;
  /** Only its own path, not the paths under it: the Overview at /vendor. */
  exact?: boolean;
}

/**
 * The vendor area's sections; payouts join here when they land. Account is the storefront's
 * /vendor/apply: my vendor account's standing and payout addresses.
 */
const SECTIONS: Section[] = [
  {
    to: paths.vendorOverview.href(),
    label: 'Overview',
    icon: <DashboardOutlined aria-hidden />,
    exact: true,
  },
  {
    to: paths.vendorListings.href(),
    label: 'Listings',
    icon: <CloudServerOutlined aria-hidden />,
  },
  { to: paths.vendorRentals.href(), label: 'Rentals', icon: <ScheduleOutlined aria-hidden /> },
  { to: paths.vendorEarnings.href(), label: 'Earnings', icon: <WalletOutlined aria-hidden /> },
  { to: paths.vendorPayouts.href(), label: 'Payouts', icon: <SendOutlined aria-hidden /> },
  { to: paths.vendorDisputes.href(), label: 'Disputes', icon: <AlertOutlined aria-hidden /> },
  { to: paths.vendorApply.href(), label: 'Account', icon: <ShopOutlined aria-hidden /> },
];

/**
 * The section a path belongs to: /vendor/earnings?state=PENDING is Earnings, /vendor/listings/new
 * is Listings, /vendor (and /vendor/) the Overview.
 */
export function sectionOf(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  return SECTIONS.find(({ to, exact }) => path === to || (!exact && path.startsWith(`${to}/`)))?.to;
}

/**
 * The sections as antd's Menu, each item a real link; `onNavigate` runs when one is followed (the
 * phone's drawer closes).
 */
function VendorMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = sectionOf(pathname);
  return (
    <nav aria-label="Vendor area" style={{ paddingTop: 12 }}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={SECTIONS.map(({ to, label, icon }) => ({
          key: to,
          icon,
          label: (
            <Link to={to} aria-current={to === selected ? 'page' : undefined}>
              {label}
            </Link>
          ),
        }))}
        style={{ borderInlineEnd: 'none', background: 'transparent' }}
        // A click follows the link itself; Enter on an item the arrow keys reached goes there too.
        onClick={({ key, domEvent }) => {
          if (domEvent.type === 'keydown') void navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}

/** The side navigation from 768 px up. */
export function VendorSideMenu() {
  return <VendorMenu />;
}

/** Below 768 px: the same sections in a drawer from the left, opened from the header. */
export function VendorNavigationDrawer({
  open,
  onClose,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  /** Under the sections: who is signed in. */
  footer?: ReactNode;
}) {
  return (
    <Drawer
      title="Vendor area"
      placement="left"
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH_PX}
      styles={{ wrapper: { maxWidth: DRAWER_MAX_WIDTH }, body: { padding: 0 } }}
      footer={footer}
    >
      <VendorMenu onNavigate={onClose} />
    </Drawer>
  );
}
