import { useState } from 'react';
import { Button, Popconfirm, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useAuth } from '../../../app/auth/auth-context';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useLogoutEverywhere } from '../api/logout-everywhere';

export const SIGNED_OUT_EVERYWHERE_NOTICE = 'You were signed out on every device.';

/** Ends every session of the account, on every device, this one included. */
export function SignOutEverywhere() {
  const auth = useAuth();
  const logoutAll = useLogoutEverywhere();
  const [error, setError] = useState<ApiError | null>(null);

  const confirm = () => {
    setError(null);
    logoutAll.mutate(undefined, {
      onSuccess: () => void auth.logout(SIGNED_OUT_EVERYWHERE_NOTICE),
      onError: (caught) => setError(toApiError(caught)),
    });
  };

  return (
    <>
      <Typography.Paragraph>
        Lost a device or signed in on a shared computer? This signs your account out everywhere,
        here too.
      </Typography.Paragraph>
      {error && <ApiErrorAlert error={error} />}
      <Popconfirm
        title="Sign out on every device?"
        okText="Sign out everywhere"
        cancelText="Cancel"
        okButtonProps={{ danger: true }}
        onConfirm={confirm}
      >
        <Button danger icon={<LogoutOutlined />} loading={logoutAll.isPending}>
          Sign out everywhere
        </Button>
      </Popconfirm>
    </>
  );
}
