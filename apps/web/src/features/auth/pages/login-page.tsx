import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { emailSchema, type LoginRequest } from '@crimsonhost/shared/auth';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { useAuth } from '../../../app/auth/auth-context';
import { redirectTarget } from '../../../app/auth/redirect-target';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';
import { DiscordSignInButton } from '../components/discord-button';
import { TextInput } from '../../../components/text-input';

export function LoginPage() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const redirectTo = redirectTarget(searchParams.get('redirectTo'));
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState<ApiError | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (auth.isAuthenticated) return <Navigate to={redirectTo} replace />;

  const submit = async (values: LoginRequest) => {
    setSubmitting(true);
    setError(null);
    try {
      await auth.login({ email: values.email.trim(), password: values.password });
    } catch (caught) {
      const failure = toApiError(caught);
      if (!applyFieldErrors(form, failure)) setError(failure);
      setSubmitting(false);
    }
  };

  // After repeated failures sign-in slows down; a reset by mail is the way in meanwhile.
  const slowedDown = error?.code === 'RATE_LIMITED';
  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to rent servers and manage your wallet."
    >
      {auth.notice && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={auth.notice}
          closable={{ onClose: auth.dismissNotice, 'aria-label': 'Dismiss' }}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && (
        <ApiErrorAlert
          error={error}
          action={
            slowedDown ? (
              <TextLink to={paths.forgotPassword.href()}>Reset password</TextLink>
            ) : undefined
          }
        />
      )}
      <AppForm<LoginRequest> form={form} name="login" size="large" onFinish={submit}>
        <Form.Item name="email" label="E-mail" rules={[{ required: true }, zodRule(emailSchema)]}>
          <TextInput type="email" autoComplete="username" inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <TextLink to={paths.recovery.href()}>Forgot your password?</TextLink>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign in
        </Button>
      </AppForm>
      <DiscordSignInButton returnTo={redirectTo} />
      <Flex vertical gap={4} style={{ marginTop: 24 }}>
        <Typography.Text>
          New to CrimsonHost?{' '}
          <TextLink to={paths.register.href(searchParams.get('redirectTo') ?? undefined)}>
            Create an account
          </TextLink>
        </Typography.Text>
        <Typography.Text type="secondary">
          Signed up with Discord or lost access to your e-mail?{' '}
          <TextLink to={paths.recovery.href()}>Recover your account</TextLink>
        </Typography.Text>
      </Flex>
    </AuthCard>
  );
}
