import {
  AuditOutlined,
  BookOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FlagOutlined,
  InboxOutlined,
  MoneyCollectOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  SnippetsOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Flex, Menu } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Role } from '@crimsonhost/shared/constants';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { paypalPaths } from '../paypal-paths';

interface Section {
  to: string;
  label: string;
  icon: ReactNode;
  /** Who sees it; everyone in the staff area when left out. */
  roles?: readonly Role[];
}

/** The staff area's sections; later work adds its own here. */
const SECTIONS: Section[] = [
  { to: paths.staff.href(), label: 'Overview', icon: <DashboardOutlined aria-hidden /> },
  { to: paths.staffTickets.href(), label: 'Tickets', icon: <InboxOutlined aria-hidden /> },
  { to: paths.staffFaq.href(), label: 'FAQ', icon: <BookOutlined aria-hidden /> },
  {
    to: paths.staffCannedReplies.href(),
    label: 'Canned replies',
    icon: <SnippetsOutlined aria-hidden />,
  },
  { to: paths.staffUsers.href(), label: 'Users', icon: <TeamOutlined aria-hidden /> },
  {
    to: paths.staffDeposits.href(),
    label: 'Deposits',
    icon: <MoneyCollectOutlined aria-hidden />,
  },
  {
    to: paypalPaths.staffPayPal.href(),
    label: 'PayPal',
    icon: <CreditCardOutlined aria-hidden />,
  },
  { to: paths.staffVendors.href(), label: 'Vendors', icon: <ShopOutlined aria-hidden /> },
  { to: paths.staffPayouts.href(), label: 'Payouts', icon: <SendOutlined aria-hidden /> },
  { to: paths.staffModeration.href(), label: 'Moderation', icon: <FlagOutlined aria-hidden /> },
  {
    to: paths.staffAudit.href(),
    label: 'Audit log',
    icon: <AuditOutlined aria-hidden />,
    roles: ['admin'],
  },
  {
    to: paths.staffMoney.href(),
    label: 'Money',
    icon: <WalletOutlined aria-hidden />,
    roles: ['admin'],
  },
  {
    to: paths.staffSettings.href(),
    label: 'Settings',
    icon: <SettingOutlined aria-hidden />,
    roles: ['admin'],
  },
];

/** The sections the signed-in member of staff may open. */
function useSections(): Section[] {
  const { hasAnyRole } = useAuth();
  return SECTIONS.filter(({ roles }) => !roles || hasAnyRole(roles));
}

/** The section a path belongs to: /admin/tickets/… is Tickets, /admin alone is the overview. */
export function sectionOf(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SECTIONS.find(({ to }) =>
    to === paths.staff.href() ? path === to : path === to || path.startsWith(`${to}/`),
  )?.to;
}

/** The side navigation from 768 px up: antd's Menu, each item a real link. */
export function StaffSideMenu() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = useSections();
  const selected = sectionOf(pathname);
  return (
    <nav aria-label="Staff area" style={{ paddingTop: 12 }}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={sections.map(({ to, label, icon }) => ({
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
        }}
      />
    </nav>
  );
}

/**
 * Below 768 px: the sections as a row of links under the header. A horizontal menu would hide
 * the overflow behind aria-hidden items that can still be focused.
 */
export function StaffTopMenu() {
  const { pathname } = useLocation();
  const sections = useSections();
  const selected = sectionOf(pathname);
  return (
    <nav aria-label="Staff area" style={{ marginTop: 8 }}>
      <Flex wrap gap={4}>
        {sections.map(({ to, label, icon }) => (
          <ButtonLink
            key={to}
            to={to}
            size="small"
            icon={icon}
            type={to === selected ? 'primary' : 'text'}
            aria-current={to === selected ? 'page' : undefined}
          >
            {label}
          </ButtonLink>
        ))}
      </Flex>
    </nav>
  );
}
