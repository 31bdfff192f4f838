import { Result } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';

/** The standard OAuth 2.0 error codes a provider sends back, in words. */
const OAUTH_ERRORS: Record<string, string> = {
  access_denied:
    'You cancelled the sign-in, or did not allow CrimsonHost to read your account. Nothing was changed.',
  invalid_request: 'The sign-in request was not valid. Please start again from the sign-in page.',
  unauthorized_client: 'This storefront may not use that sign-in method right now.',
  unsupported_response_type: 'This storefront may not use that sign-in method right now.',
  invalid_scope: 'The sign-in asked for permissions the provider does not grant.',
  server_error: 'The sign-in provider had a problem. Please try again in a moment.',
  temporarily_unavailable: 'The sign-in provider is busy. Please try again in a moment.',
};

export function oauthErrorMessage(code: string): string {
  return (
    OAUTH_ERRORS[code] ?? `The sign-in provider reported a problem (${code}). Please try again.`
  );
}

/** A sign-in that came back from the provider with an error instead of a code. */
export function OAuthErrorResult({ code }: { code: string }) {
  return (
    <Result
      status="warning"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Sign-in not completed</h1>}
      subTitle={oauthErrorMessage(code)}
      extra={
        <ButtonLink type="primary" to={paths.login.href()}>
          Back to sign in
        </ButtonLink>
      }
    />
  );
}
