import {
  KeyOutlined,
  MobileOutlined,
  LogoutOutlined,
  SafetyOutlined,
  UnlockOutlined,
  UserSwitchOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useResetStaffFactor } from '../api/reset-staff-factor';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useSignOutUser } from '../api/sign-out-user';
import { useUnlockSignIn } from '../api/unlock-sign-in';
import { ChangeRoleDialog } from './change-role-dialog';
import { LiftSuspensionDialog } from './lift-suspension-dialog';
import { PenaltyDialog } from './penalty-dialog';

type Dialog = 'role' | 'penalty' | 'lift';

/** An action without a form: asks "are you sure?" in a popover, then acts. */
function ConfirmedAction({
  label,
  icon,
  question,
  description,
  okText,
  danger = false,
  pending,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  question: string;
  description: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Popconfirm
      title={question}
      description={<div style={{ maxWidth: 320 }}>{description}</div>}
      okText={okText}
      okButtonProps={{ danger }}
      onConfirm={onConfirm}
    >
      <Button icon={icon} danger={danger} loading={pending}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/**
 * What an admin may do to an account (support never sees these: the API refuses them to
 * support). Each asks first: the ones with a reason in a dialog, the others in a popover.
 */
export function UserAdminActions({ user }: { user: AdminUser }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const unlock = useUnlockSignIn();
  const signOut = useSignOutUser();
  const reset = useSendPasswordReset();
  const resetFactor = useResetStaffFactor();
  const toast = useToast();
  const close = () => setDialog(null);
  const open = (next: Dialog) => {
    setError(null);
    setDialog(next);
  };
  const act = (mutate: typeof unlock.mutate, success: string) => {
    setError(null);
    mutate(user.id, {
      onSuccess: () => toast('success', success),
      onError: (caught) => setError(toApiError(caught)),
    });
  };
  const restricted = user.status !== 'active';

  return (
    <>
      <Flex wrap gap={8} role="group" aria-label="Admin actions">
        <Button icon={<UserSwitchOutlined aria-hidden />} onClick={() => open('role')}>
          Change role
        </Button>
        <Button danger icon={<WarningOutlined aria-hidden />} onClick={() => open('penalty')}>
          Give a penalty
        </Button>
        {restricted && (
          <Button icon={<SafetyOutlined aria-hidden />} onClick={() => open('lift')}>
            {user.status === 'banned' ? 'Lift ban' : 'Lift suspension'}
          </Button>
        )}
        {user.signInLocked && (
          <ConfirmedAction
            label="Unlock sign-in"
            icon={<UnlockOutlined aria-hidden />}
            question={`Unlock sign-in for ${user.displayName}?`}
            description="Clears the slow-down after failed passwords: they can try again at once."
            okText="Unlock"
            pending={unlock.isPending}
            onConfirm={() => act(unlock.mutate, 'Sign-in unlocked')}
          />
        )}
        <ConfirmedAction
          label="Sign out everywhere"
          icon={<LogoutOutlined aria-hidden />}
          question={`Sign ${user.displayName} out everywhere?`}
          description="Every session of the account ends at once; they must sign in again."
          okText="Sign out everywhere"
          danger
          pending={signOut.isPending}
          onConfirm={() => act(signOut.mutate, `${user.displayName} was signed out everywhere`)}
        />
        <ConfirmedAction
          label="Send password reset"
          icon={<KeyOutlined aria-hidden />}
          question={`Send a password-reset link to ${user.email}?`}
          description="They get an e-mail with a link to choose a new password."
          okText="Send link"
          pending={reset.isPending}
          onConfirm={() => act(reset.mutate, `Password-reset link sent to ${user.email}`)}
        />
        {user.staffFactorEnrolled && (
          <ConfirmedAction
            label="Reset two-step"
            icon={<MobileOutlined aria-hidden />}
            question={`Reset two-step verification for ${user.displayName}?`}
            description="For a lost phone and lost backup codes: their staff sign-in ends, and the next one sets up a new authenticator app."
            okText="Reset"
            danger
            pending={resetFactor.isPending}
            onConfirm={() =>
              act(resetFactor.mutate, `Two-step verification reset for ${user.displayName}`)
            }
          />
        )}
      </Flex>
      {error && <ApiErrorAlert error={error} />}
      <ChangeRoleDialog user={user} open={dialog === 'role'} onClose={close} />
      <PenaltyDialog user={user} open={dialog === 'penalty'} onClose={close} />
      <LiftSuspensionDialog user={user} open={dialog === 'lift'} onClose={close} />
    </>
  );
}
