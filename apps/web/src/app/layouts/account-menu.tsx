import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import {
  LogoutOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { PRIMARY_COLOR } from '@crimsonhost/shared/constants';
import { useToast } from '../../components/use-toast';
import { useAuth } from '../auth/auth-context';
import { paths } from '../paths';

const LOGOUT_KEY = 'logout';

/**
 * Spec section 2: the signed-in user's avatar, the first letter of their e-mail, opening Profile,
 * Settings, Help & Support and Logout. A renter is also offered to become a vendor, a vendor the
 * vendor area (issue 16); staff accounts cannot be vendors. Only a link: the vendor pages load
 * when it is followed.
 */
export function AccountMenu({ email }: { email: string }) {
  const { logout, hasRole } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const letter = email.trim().charAt(0).toUpperCase() || '?';

  const items: MenuProps['items'] = [
    {
      key: 'signed-in-as',
      type: 'group',
      label: <span style={{ overflowWrap: 'anywhere' }}>{email}</span>,
    },
    {
      key: paths.profile.path,
      icon: <UserOutlined />,
      label: <Link to={paths.profile.href()}>Profile</Link>,
    },
    {
      key: paths.settings.path,
      icon: <SettingOutlined />,
      label: <Link to={paths.settings.href()}>Settings</Link>,
    },
    {
      key: paths.support.path,
      icon: <QuestionCircleOutlined />,
      label: <Link to={paths.support.href()}>Help &amp; Support</Link>,
    },
    ...(hasRole('vendor')
      ? [
          {
            key: paths.vendorArea.path,
            icon: <ShopOutlined />,
            label: <Link to={paths.vendorArea.href()}>Vendor account</Link>,
          },
        ]
      : hasRole('user')
        ? [
            {
              key: paths.vendorApply.path,
              icon: <ShopOutlined />,
              label: <Link to={paths.vendorApply.href()}>Become a vendor</Link>,
            },
          ]
        : []),
    { type: 'divider' },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: 'Logout', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== LOGOUT_KEY) return;
    void logout().then(() => toast('success', 'You are signed out.'));
    void navigate(paths.home.href());
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        shape="circle"
        aria-label={`Account menu for ${email}`}
        style={{ padding: 0, width: 40, height: 40 }}
      >
        <Avatar style={{ backgroundColor: PRIMARY_COLOR, color: '#ffffff' }} aria-hidden="true">
          {letter}
        </Avatar>
      </Button>
    </Dropdown>
  );
}
