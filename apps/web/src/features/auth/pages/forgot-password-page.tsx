import { useState } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { PASSWORD_RESET_TTL_MINUTES, emailSchema } from '@crimsonhost/shared/auth';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { TextInput } from '../../../components/text-input';

/** /forgot-password: asks for a reset link by e-mail. The answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const forgot = useForgotPassword();
  const [error, setError] = useState<ApiError | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = ({ email }: { email: string }) => {
    setError(null);
    forgot.mutate(email.trim(), {
      onSuccess: () => setSentTo(email.trim()),
      onError: (caught) => {
        const failure = toApiError(caught);
        if (!applyFieldErrors(form, failure)) setError(failure);
      },
    });
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Alert
          type="success"
          showIcon
          role="status"
          title={`If an account exists for ${sentTo}, we have sent it a link to choose a new password.`}
          description={`The link works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes. If the mail does not arrive, look in your spam folder, or use a recovery code instead.`}
          style={{ marginBottom: 24 }}
        />
        <ButtonLink type="primary" block to={paths.login.href()}>
          Back to sign in
        </ButtonLink>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <TextLink to={paths.accountRecovery.href()}>Use a recovery code</TextLink>
        </Typography.Paragraph>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      {error && <ApiErrorAlert error={error} />}
      <AppForm<{ email: string }> form={form} name="forgot-password" size="large" onFinish={submit}>
        <Form.Item name="email" label="E-mail" rules={[{ required: true }, zodRule(emailSchema)]}>
          <TextInput type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
          Send reset link
        </Button>
      </AppForm>
      <Typography.Paragraph style={{ marginTop: 24, marginBottom: 0 }}>
        Signed up with Discord, or cannot read that e-mail any more?{' '}
        <TextLink to={paths.accountRecovery.href()}>Use a recovery code</TextLink>
      </Typography.Paragraph>
    </AuthCard>
  );
}
