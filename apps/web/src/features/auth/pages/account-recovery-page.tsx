import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Result, Typography } from 'antd';
import { emailSchema, recoveryCodeSchema } from '@crimsonhost/shared/auth';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { useAuth } from '../../../app/auth/auth-context';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useRecoveryLogin, type RecoveryLoginInput } from '../api/recovery-login';
import { AuthCard } from '../components/auth-card';
import { TextInput } from '../../../components/text-input';

type RecoveryValues = RecoveryLoginInput & { confirmPassword: string };

/** Few enough codes left that the person should make new ones. */
const LOW_CODES = 3;

/**
 * /account-recovery: sign in with a one-time recovery code and set a new password. For accounts
 * made with Discord (no password to reset) and for people who lost access to their e-mail.
 */
export function AccountRecoveryPage() {
  const auth = useAuth();
  const [form] = Form.useForm<RecoveryValues>();
  const recovery = useRecoveryLogin();
  const [error, setError] = useState<ApiError | null>(null);
  const navigate = useNavigate();

  if (recovery.isSuccess && recovery.data.recoveryCodes.length > 0) {
    return (
      <AuthCard
        title="You are back in"
        subtitle="Signed in with your new password. The code you used and every other old code no longer work, and every other device was signed out: save these ten new codes."
        width={480}
      >
        <RecoveryCodesPanel
          codes={recovery.data.recoveryCodes}
          email={recovery.data.user.email}
          doneLabel="Go to your profile"
          onDone={() => void navigate(paths.profile.href())}
        />
      </AuthCard>
    );
  }

  if (recovery.isSuccess) {
    const left = recovery.data.recoveryCodesLeft;
    return (
      <AuthCard title="You are back in">
        <Result
          status="success"
          title="Signed in with your new password"
          subTitle={
            left === null
              ? 'Each recovery code works once.'
              : `${left} unused recovery code${left === 1 ? '' : 's'} left.${left <= LOW_CODES ? ' Make new ones on your profile page.' : ''}`
          }
          extra={
            <ButtonLink type="primary" to={paths.profile.href()}>
              Go to your profile
            </ButtonLink>
          }
        />
      </AuthCard>
    );
  }

  const submit = ({ email, code, password }: RecoveryValues) => {
    setError(null);
    recovery.mutate(
      { email: email.trim(), code: code.trim(), password },
      {
        onSuccess: (signedIn) => auth.acceptSession(signedIn),
        onError: (caught) => {
          const failure = toApiError(caught);
          if (!applyFieldErrors(form, failure)) setError(failure);
        },
      },
    );
  };

  return (
    <AuthCard
      title="Sign in with a recovery code"
      subtitle={
        <>
          For accounts made with Discord, and for when you can no longer read the e-mail of your
          account. Use one of the ten recovery codes you saved when you created the account: it
          signs you in once, and you choose a new password at the same time.
        </>
      }
      width={480}
    >
      {error && <ApiErrorAlert error={error} />}
      <AppForm<RecoveryValues> form={form} name="account-recovery" size="large" onFinish={submit}>
        <Form.Item name="email" label="E-mail" rules={[{ required: true }, zodRule(emailSchema)]}>
          <TextInput type="email" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="code"
          label="Recovery code"
          rules={[{ required: true }, zodRule(recoveryCodeSchema)]}
        >
          <TextInput
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="K7QP-M2XD-9RTF"
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={recovery.isPending}>
          Sign in and set password
        </Button>
      </AppForm>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0 }}>
        Can read your e-mail?{' '}
        <TextLink to={paths.forgotPassword.href()}>Get a reset link instead</TextLink>
      </Typography.Paragraph>
    </AuthCard>
  );
}
