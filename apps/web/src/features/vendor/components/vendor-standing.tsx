import { Flex } from 'antd';
import type { MyVendorStanding } from '@crimsonhost/shared/vendors';
import { useAuth } from '../../../app/auth/auth-context';
import { SurfaceCard } from '../../../components/surface-card';
import type { StandingView } from '../vendor-standing';
import { ApplicationNotOpen } from './application-not-open';
import { ApplicationPending } from './application-pending';
import { PreviousDecision } from './previous-decision';
import { VendorAccount } from './vendor-account';
import { VendorApplicationForm, type ApplicationFormValues } from './vendor-application-form';
import { VendorStopped } from './vendor-stopped';

/**
 * The form starts from my last application when it was rejected (to correct it), else from my
 * account's e-mail.
 */
function startingValues(
  standing: MyVendorStanding,
  accountEmail: string,
): Partial<ApplicationFormValues> {
  const last = standing.application;
  if (last?.status !== 'REJECTED') return { contactEmail: accountEmail, games: [], regions: [] };
  return {
    displayName: last.displayName,
    contactEmail: last.contactEmail,
    games: last.games,
    regions: last.regions,
    payoutAddresses: Object.fromEntries(
      last.payoutAddresses.map(({ network, address }) => [network, address]),
    ),
  };
}

/** What /vendor/apply shows for where I stand. */
export function VendorStanding({
  standing,
  view,
}: {
  standing: MyVendorStanding;
  view: StandingView;
}) {
  const { user } = useAuth();
  switch (view.kind) {
    case 'apply':
      return (
        <Flex vertical gap={16}>
          {view.after && <PreviousDecision after={view.after} standing={standing} />}
          <SurfaceCard>
            <VendorApplicationForm initialValues={startingValues(standing, user?.email ?? '')} />
          </SurfaceCard>
        </Flex>
      );
    case 'pending':
      return <ApplicationPending application={view.application} />;
    case 'vendor':
      return <VendorAccount standing={standing} />;
    case 'stopped':
      return (
        <VendorStopped
          status={view.status}
          reason={standing.vendor?.statusReason ?? null}
          displayName={standing.vendor?.displayName ?? ''}
        />
      );
    case 'not-open':
      return <ApplicationNotOpen />;
  }
}
