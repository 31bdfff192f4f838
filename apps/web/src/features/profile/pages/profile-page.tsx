import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import { useAuth } from '../../../app/auth/auth-context';
import { useProfile } from '../../../app/auth/api/get-profile';
import { EmailVerificationNotice } from '../../../components/email-verification-notice';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { SectionCard } from '../../../components/section-card';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { AccountSummary } from '../components/account-summary';
import { DisplayNameForm } from '../components/display-name-form';
import { PasswordForm } from '../components/password-form';
import { RecoveryCodesSection } from '../components/recovery-codes-section';
import { SignOutEverywhere } from '../components/sign-out-everywhere';

const SECTION_MAX_WIDTH = 760;

/** /profile: the signed-in person's account (spec section 2, signed-in only). */
export function ProfilePage() {
  const auth = useAuth();
  const profile = useProfile();
  const user = profile.data?.user ?? auth.user;

  return (
    <>
      <title>Your profile · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'Profile' }]} />
      <Flex vertical gap={16} style={{ maxWidth: SECTION_MAX_WIDTH }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          Your profile
        </Typography.Title>
        {profile.isError && (
          <Result
            status="warning"
            title="Your profile could not be loaded"
            subTitle={describeApiError(toApiError(profile.error))}
            extra={<Button onClick={() => void profile.refetch()}>Try again</Button>}
          />
        )}
        {!user ? (
          <Skeleton active />
        ) : (
          <>
            {!user.emailVerified && <EmailVerificationNotice email={user.email} />}
            <SectionCard title="Account">
              <AccountSummary user={user} />
            </SectionCard>
            <SectionCard title="Display name">
              <DisplayNameForm key={user.displayName} user={user} />
            </SectionCard>
            <SectionCard title={user.hasPassword ? 'Password' : 'Set a password'}>
              <PasswordForm user={user} />
            </SectionCard>
            <SectionCard title="Recovery codes">
              {profile.isPending ? (
                <Skeleton active paragraph={{ rows: 1 }} />
              ) : (
                <RecoveryCodesSection
                  user={user}
                  codesLeft={profile.data?.recoveryCodesLeft ?? null}
                />
              )}
            </SectionCard>
            <SectionCard title="Sign out everywhere">
              <SignOutEverywhere />
            </SectionCard>
          </>
        )}
      </Flex>
    </>
  );
}
