import { useQueryClient } from '@tanstack/react-query';
import { Activity, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../../../app/auth/auth-context';
import { LoadErrorResult } from '../../../components/load-error-result';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { onStaffSignInRequired, staffClientOf } from '../../../lib/staff-token';
import { updateStaffFactor, useStaffFactor } from '../api/get-staff-factor';
import { StaffCodePage } from '../pages/staff-code-page';
import { useStaffIdleSignOut } from '../use-staff-idle';
import { StaffSignInFrame } from './staff-sign-in-frame';

// Set up once per account: its QR code library is downloaded only by who needs it.
const StaffEnrolmentPage = lazy(() =>
  import('../pages/staff-enrolment-page').then((module) => ({
    default: module.StaffEnrolmentPage,
  })),
);

/**
 * The staff sign-in (issue 15 point 1), between the role check and the area: the area opens while
 * a staff sign-in of this session is alive; otherwise it asks for a code from the authenticator
 * app, or has two-step verification set up first. When the API ends the staff sign-in (idle, or
 * at its longest life), the code page takes the place of the area at the same address; the page
 * underneath is kept as it was (hidden, its requests paused) and shows again after the code.
 */
export function StaffSignInGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const factor = useStaffFactor();
  const signedIn = factor.data?.signedIn === true;
  // Once opened, the area stays mounted: a later code page only hides it.
  const [opened, setOpened] = useState(signedIn);
  if (signedIn && !opened) setOpened(true);
  useStaffIdleSignOut(factor.data?.idleTimeoutMinutes, signedIn);

  useEffect(
    () =>
      onStaffSignInRequired((reason) => {
        void updateStaffFactor(
          queryClient,
          reason === 'STAFF_FACTOR_REQUIRED'
            ? { enrolled: false, signedIn: false }
            : { signedIn: false },
        );
      }),
    [queryClient],
  );

  const client = staffClientOf(user?.role ?? null);
  let prompt: ReactNode = null;
  if (!signedIn && client) {
    if (!factor.data) {
      prompt = factor.isError ? (
        <StaffSignInFrame title="Staff sign-in">
          <LoadErrorResult title="The staff sign-in could not be checked" query={factor} />
        </StaffSignInFrame>
      ) : (
        <LoadingSpinner />
      );
    } else if (!factor.data.enrolled) {
      prompt = (
        <Suspense fallback={<LoadingSpinner />}>
          <StaffEnrolmentPage
            client={client}
            email={user?.email}
            onDone={(backupCodesLeft) =>
              void updateStaffFactor(queryClient, {
                enrolled: true,
                signedIn: true,
                backupCodesLeft,
              })
            }
          />
        </Suspense>
      );
    } else {
      prompt = (
        <StaffCodePage client={client} idleTimeoutMinutes={factor.data.idleTimeoutMinutes} />
      );
    }
  }

  return (
    <>
      {prompt}
      {opened && <Activity mode={signedIn ? 'visible' : 'hidden'}>{children}</Activity>}
    </>
  );
}
