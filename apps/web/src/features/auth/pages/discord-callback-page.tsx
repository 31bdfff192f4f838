import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { DiscordOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useAuth } from '../../../app/auth/auth-context';
import { profileQueryOptions } from '../../../app/auth/api/get-profile';
import { useToast } from '../../../components/use-toast';
import { NEW_ACCOUNT_STATE } from '../../../app/auth/new-account';
import { redirectTarget } from '../../../app/auth/redirect-target';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { AppForm, applyFieldErrors } from '../../../components/app-form';
import { ButtonLink } from '../../../components/button-link';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RecoveryCodesPanel } from '../../../components/recovery-codes-panel';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { storeSignInReturnPath, takeSignInReturnPath } from '../../../lib/storage';
import {
  finishDiscordSignIn,
  linkDiscord,
  linkRequiredSchema,
  type DiscordSignIn,
} from '../api/discord-sign-in';
import { DISCORD_START_URL } from '../../../lib/auth-providers';
import { AuthCard } from '../components/auth-card';
import { OAuthErrorResult } from '../components/oauth-error-result';

function LinkAccountForm({
  linkToken,
  email,
  onLinked,
}: {
  linkToken: string;
  email: string;
  onLinked: (signedIn: DiscordSignIn) => void;
}) {
  const [form] = Form.useForm<{ password: string }>();
  const [error, setError] = useState<ApiError | null>(null);
  const link = useMutation({ mutationFn: linkDiscord });
  const submit = ({ password }: { password: string }) => {
    setError(null);
    link.mutate(
      { linkToken, password },
      {
        onSuccess: onLinked,
        onError: (caught) => {
          const failure = toApiError(caught);
          if (!applyFieldErrors(form, failure)) setError(failure);
        },
      },
    );
  };
  return (
    <AuthCard title="Link your Discord account">
      <Alert
        type="info"
        showIcon
        title={`An account with ${email} already exists.`}
        description="Enter its password to link your Discord account to it. After that you can sign in either way."
        style={{ marginBottom: 16 }}
      />
      {error && (
        <ApiErrorAlert
          error={error}
          action={
            error.code === 'LINK_INVALID' ? (
              <ButtonLink size="small" to={paths.login.href()}>
                Start again
              </ButtonLink>
            ) : undefined
          }
        />
      )}
      <AppForm<{ password: string }> form={form} name="discord-link" size="large" onFinish={submit}>
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <Form.Item name="password" label="Password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={link.isPending}>
          Link and sign in
        </Button>
      </AppForm>
    </AuthCard>
  );
}

/**
 * /auth/discord/callback: Discord sends the browser back here with a code and state, which are
 * posted once to the API. A new account sees its recovery codes; an e-mail that belongs to an
 * existing account must prove that account's password first.
 */
export function DiscordCallbackPage() {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const providerError = searchParams.get('error');
  const [returnPath] = useState(() => takeSignInReturnPath());
  const returnTo = redirectTarget(returnPath);
  const [done, setDone] = useState<DiscordSignIn | null>(null);
  const [codesSaved, setCodesSaved] = useState(false);
  const finish = useMutation({ mutationFn: finishDiscordSignIn });
  const started = useRef(false);

  const signedIn = (answer: DiscordSignIn) => {
    auth.acceptSession(answer);
    setDone(answer);
  };
  const [linked, setLinked] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    // Code and state are single-use: post them once, even when effects run twice.
    if (started.current || !code || !state) return;
    started.current = true;
    finish.mutate(
      { code, state },
      {
        onSuccess: (answer) => {
          if (!('linked' in answer)) return signedIn(answer);
          // Linked from /settings: this account now also signs in with Discord.
          void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
          toast('success', `Discord (${answer.linked.username}) is linked to your account.`);
          setLinked(true);
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit
  }, []);

  if (providerError) return <OAuthErrorResult code={providerError} />;
  if (!code || !state) return <Navigate to={paths.authCallback.href()} replace />;
  if (linked) return <Navigate to={paths.settings.href()} replace />;

  if (done) {
    if (done.recoveryCodes?.length && !codesSaved) {
      return (
        <AuthCard title="Save your recovery codes" width={520}>
          <RecoveryCodesPanel
            codes={done.recoveryCodes}
            email={done.user.email}
            onDone={() => setCodesSaved(true)}
          />
        </AuthCard>
      );
    }
    // Recovery codes come only with a new account: it starts at its dashboard, greeted as new.
    if (done.recoveryCodes?.length) {
      return (
        <Navigate
          to={redirectTarget(returnPath, paths.dashboard.href())}
          replace
          state={NEW_ACCOUNT_STATE}
        />
      );
    }
    return <Navigate to={returnTo} replace />;
  }

  if (finish.isError) {
    const error = toApiError(finish.error);
    const link = linkRequiredSchema.safeParse(error.details);
    if (error.code === 'LINK_REQUIRED' && link.success) {
      return (
        <LinkAccountForm
          linkToken={link.data.linkToken}
          email={link.data.email}
          onLinked={signedIn}
        />
      );
    }
    if (error.code === 'DISCORD_IN_USE') {
      return (
        <Result
          status="warning"
          title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Discord was not linked</h1>}
          subTitle={error.message}
          extra={
            <ButtonLink type="primary" to={paths.settings.href()}>
              Back to settings
            </ButtonLink>
          }
        />
      );
    }
    if (error.code === 'OAUTH_BROWSER_MISMATCH') {
      // Someone else's sign-in link, or one from another browser of this person: never finished here.
      return (
        <Result
          status="warning"
          title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Sign-in started elsewhere</h1>}
          subTitle="This sign-in was started in another browser, or too long ago, so it was not completed here. Nobody was signed in."
          extra={
            <Button
              type="primary"
              icon={<DiscordOutlined />}
              href={DISCORD_START_URL}
              onClick={() => storeSignInReturnPath(returnTo)}
            >
              Start again with Discord
            </Button>
          }
        />
      );
    }
    return (
      <Result
        status="error"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Discord sign-in failed</h1>}
        subTitle={describeApiError(error)}
        extra={
          <ButtonLink type="primary" to={paths.login.href()}>
            Back to sign in
          </ButtonLink>
        }
      />
    );
  }

  return (
    <>
      <title>Signing in with Discord · CrimsonHost</title>
      <LoadingSpinner />
    </>
  );
}
