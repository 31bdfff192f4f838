import { useState } from 'react';
import { Button, Form, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { useAuth } from '../../../app/auth/auth-context';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** The new password for a mailed reset link (POST /api/auth/reset-password). */
export function ResetPasswordForm({ token }: { token: string }) {
  const auth = useAuth();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const [error, setError] = useState<ApiError | null>(null);
  const navigate = useNavigate();

  if (reset.isSuccess) {
    const codes = reset.data.recoveryCodes;
    return (
      <>
        <Result
          status="success"
          title="Your password is changed"
          subTitle={`Every device that was signed in to your account has been signed out.${codes.length ? ' Your old recovery codes no longer work: save these new ones, then sign in with your new password.' : ' Sign in with your new password.'}`}
          extra={
            codes.length ? undefined : (
              <ButtonLink type="primary" to={paths.login.href()}>
                Sign in
              </ButtonLink>
            )
          }
        />
        {codes.length > 0 && (
          <RecoveryCodesPanel
            codes={codes}
            doneLabel="Sign in"
            onDone={() => void navigate(paths.login.href())}
          />
        )}
      </>
    );
  }

  const submit = ({ password }: ResetValues) => {
    setError(null);
    reset.mutate(
      { token, password },
      {
        // The reset ended every session, this browser's included.
        onSuccess: () => void (auth.isAuthenticated ? auth.logout() : undefined),
        onError: (caught) => {
          const failure = toApiError(caught);
          if (!applyFieldErrors(form, failure)) setError(failure);
        },
      },
    );
  };

  return (
    <>
      {error && (
        <ApiErrorAlert
          error={error}
          action={
            error.code === 'RESET_LINK_INVALID' ? (
              <TextLink to={paths.forgotPassword.href()}>Ask for a new link</TextLink>
            ) : undefined
          }
        />
      )}
      <AppForm<ResetValues> form={form} name="reset-password" size="large" onFinish={submit}>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          Set new password
        </Button>
      </AppForm>
    </>
  );
}
