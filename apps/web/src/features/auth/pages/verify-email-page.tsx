import { useEffect, useRef } from 'react';
import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useAuth } from '../../../app/auth/auth-context';
import { ButtonLink } from '../../../components/button-link';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

/** /verify-email?token=…: the link of the verification mail confirms the address once. */
export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const auth = useAuth();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice: a second try would find the link used.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token, {
      // This tab's signed-in user learns it at once, so the notices go away without a reload.
      onSuccess: () => {
        if (auth.user?.email) auth.updateUser({ ...auth.user, emailVerified: true });
      },
    });
  }, [token, verify, auth]);

  const next = auth.isAuthenticated ? (
    <ButtonLink type="primary" to={paths.wallet.href()}>
      Go to your wallet
    </ButtonLink>
  ) : (
    <ButtonLink type="primary" to={paths.login.href()}>
      Sign in
    </ButtonLink>
  );

  let body;
  if (!token || verify.isError) {
    body = (
      <Result
        status="warning"
        title="This link cannot confirm your address"
        subTitle={
          token
            ? describeApiError(toApiError(verify.error))
            : 'The link is incomplete. Open it from the mail again, or sign in and ask for a new one on your profile.'
        }
        extra={
          <ButtonLink to={auth.isAuthenticated ? paths.profile.href() : paths.login.href()}>
            {auth.isAuthenticated ? 'Go to your profile' : 'Sign in'}
          </ButtonLink>
        }
      />
    );
  } else if (verify.isSuccess) {
    body = (
      <Result
        status="success"
        title="Your e-mail address is verified"
        subTitle="You can now deposit USDT and link Discord to your account."
        extra={next}
      />
    );
  } else {
    body = <Result icon={<Spin />} title="Confirming your e-mail address…" />;
  }

  return <AuthCard title="E-mail verification">{body}</AuthCard>;
}
