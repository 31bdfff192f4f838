import { useState } from 'react';
import { Button, Flex, Form, Steps, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  displayNameSchema,
  emailSchema,
  type RegisterRequest,
  type User,
} from '@crimsonhost/shared/auth';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { useAuth } from '../../../app/auth/auth-context';
import { NEW_ACCOUNT_STATE } from '../../../app/auth/new-account';
import { redirectTarget } from '../../../app/auth/redirect-target';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors, zodRule } from '../../../components/app-form';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { AuthCard } from '../components/auth-card';
import { DiscordSignInButton } from '../components/discord-button';
import { TextInput } from '../../../components/text-input';

type RegisterValues = RegisterRequest & { confirmPassword: string };
type Phase =
  { step: 'details' } | { step: 'saving' } | { step: 'codes'; user: User; codes: string[] };

/** Errors whose message sits on a field: no general alert needed beside it. */
const FIELD_ONLY_CODES = new Set(['VALIDATION_ERROR', 'WEAK_PASSWORD']);

export function RegisterPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = redirectTarget(searchParams.get('redirectTo'));
  // A new account starts at its dashboard, unless it came for a page.
  const newAccountTarget = redirectTarget(searchParams.get('redirectTo'), paths.dashboard.href());
  const [form] = Form.useForm<RegisterValues>();
  const [phase, setPhase] = useState<Phase>({ step: 'details' });
  const [error, setError] = useState<ApiError | null>(null);

  // Already signed in (not by this form): nothing to register.
  if (auth.isAuthenticated && phase.step === 'details') return <Navigate to={redirectTo} replace />;

  const submit = async ({ email, password, displayName }: RegisterValues) => {
    setPhase({ step: 'saving' });
    setError(null);
    try {
      const { user, recoveryCodes } = await auth.register({
        email: email.trim(),
        password,
        displayName: displayName.trim(),
      });
      setPhase({ step: 'codes', user, codes: recoveryCodes });
      // The codes replace the form: start reading them from the top.
      window.scrollTo({ top: 0 });
    } catch (caught) {
      const failure = toApiError(caught);
      const onFields = applyFieldErrors(form, failure);
      if (!onFields || !FIELD_ONLY_CODES.has(failure.code)) setError(failure);
      setPhase({ step: 'details' });
    }
  };

  return (
    <AuthCard
      title={phase.step === 'codes' ? 'Save your recovery codes' : 'Create your account'}
      subtitle={
        phase.step === 'codes'
          ? `Your account ${phase.user.email} is ready. One more step before you start.`
          : 'Rent game servers by the hour and pay with USDT.'
      }
      width={520}
    >
      <Steps
        size="small"
        current={phase.step === 'codes' ? 1 : 0}
        items={[{ title: 'Your details' }, { title: 'Recovery codes' }]}
        style={{ marginBottom: 24 }}
      />
      {phase.step === 'codes' ? (
        <RecoveryCodesPanel
          codes={phase.codes}
          email={phase.user.email}
          onDone={() =>
            void navigate(newAccountTarget, { replace: true, state: NEW_ACCOUNT_STATE })
          }
        />
      ) : (
        <>
          {error && <ApiErrorAlert error={error} />}
          <AppForm<RegisterValues> form={form} name="register" size="large" onFinish={submit}>
            <Form.Item
              name="displayName"
              label="Display name"
              extra="Shown to vendors and support. 2 to 40 characters."
              rules={[{ required: true }, zodRule(displayNameSchema)]}
            >
              <TextInput autoComplete="nickname" />
            </Form.Item>
            <Form.Item
              name="email"
              label="E-mail"
              rules={[{ required: true }, zodRule(emailSchema)]}
            >
              <TextInput type="email" autoComplete="email" inputMode="email" />
            </Form.Item>
            <NewPasswordFields label="Password" />
            <Button
              type="primary"
              htmlType="submit"

              block
              loading={phase.step === 'saving'}
            >
              Create account
            </Button>
          </AppForm>
          <DiscordSignInButton returnTo={redirectTo} />
          <Flex style={{ marginTop: 24 }}>
            <Typography.Text>
              Already have an account?{' '}
              <TextLink to={paths.login.href(searchParams.get('redirectTo') ?? undefined)}>
                Sign in
              </TextLink>
            </Typography.Text>
          </Flex>
        </>
      )}
    </AuthCard>
  );
}
