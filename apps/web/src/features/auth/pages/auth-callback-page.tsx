import { Result } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { OAuthErrorResult } from '../components/oauth-error-result';

/**
 * /auth/callback: a generic landing for OAuth sign-ins. A code and state go on to the provider's
 * own callback (Discord is the only one); an error such as access_denied is explained.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  if (error) {
    return (
      <>
        <title>Sign-in not completed · CrimsonHost</title>
        <OAuthErrorResult code={error} />
      </>
    );
  }
  if (searchParams.get('code') && searchParams.get('state')) {
    return <Navigate to={`${paths.discordCallback.href()}?${searchParams.toString()}`} replace />;
  }
  return (
    <>
      <title>Nothing to finish · CrimsonHost</title>
      <Result
        status="info"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Nothing to finish here</h1>}
        subTitle="This page completes a sign-in with another service, but no sign-in is under way."
        extra={
          <ButtonLink type="primary" to={paths.login.href()}>
            Go to sign in
          </ButtonLink>
        }
      />
    </>
  );
}
