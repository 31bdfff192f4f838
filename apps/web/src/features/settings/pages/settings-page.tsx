import { Flex, Skeleton, Typography } from 'antd';
import { useProfile } from '../../../app/auth/api/get-profile';
import { useAuth } from '../../../app/auth/auth-context';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { SectionCard } from '../../../components/section-card';
import { AppearanceSettings } from '../components/appearance-settings';
import { ConnectedAccounts } from '../components/connected-accounts';
import { NotificationSettings } from '../components/notification-settings';
import { PrivacySettings } from '../components/privacy-settings';
import { SignedInDevices } from '../components/signed-in-devices';

const SECTION_MAX_WIDTH = 760;

/**
 * /settings: appearance, my mails, my signed-in devices, Discord, my data and my account (issue 18
 * point 6).
 */
export function SettingsPage() {
  const auth = useAuth();
  // The profile as it is now: a password set since signing in changes what deleting asks for.
  const profile = useProfile();
  const user = profile.data?.user ?? auth.user;
  return (
    <>
      <title>Settings · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Settings' }]} />
      <Flex vertical gap={16} style={{ maxWidth: SECTION_MAX_WIDTH }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          Settings
        </Typography.Title>
        <SectionCard title="Appearance">
          <AppearanceSettings />
        </SectionCard>
        <SectionCard title="Mails">
          <NotificationSettings />
        </SectionCard>
        <SectionCard title="Signed-in devices">
          <SignedInDevices />
        </SectionCard>
        <SectionCard title="Connected accounts">
          {user ? <ConnectedAccounts user={user} /> : <Skeleton active paragraph={{ rows: 1 }} />}
        </SectionCard>
        <SectionCard title="Privacy">
          {user ? <PrivacySettings user={user} /> : <Skeleton active paragraph={{ rows: 2 }} />}
        </SectionCard>
      </Flex>
    </>
  );
}
