import { Alert, Button } from 'antd';
import { useResendVerification } from '../app/auth/api/resend-verification';
import { toApiError } from '../lib/api-client';
import { describeApiError } from '../lib/error-messages';

/**
 * Tells a person whose e-mail address is not verified yet what it blocks, and offers to mail a
 * new link. Shown on the profile and where a deposit is refused for it.
 */
export function EmailVerificationNotice({
  email,
  blocked = 'Deposits and linking Discord open once you confirm it.',
}: {
  email?: string;
  /** What waits for the verification, in one sentence. */
  blocked?: string;
}) {
  const resend = useResendVerification();
  const where = email ? ` to ${email}` : '';
  const description = resend.isSuccess
    ? `We sent a new link${where}. It works for 24 hours.`
    : resend.isError
      ? describeApiError(toApiError(resend.error))
      : `${blocked} Open the link we mailed you${where}, or send a new one.`;
  return (
    <Alert
      type={resend.isError ? 'error' : 'warning'}
      showIcon
      title="Verify your e-mail address"
      description={description}
      action={
        resend.isSuccess ? undefined : (
          <Button size="small" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send a new link
          </Button>
        )
      }
    />
  );
}
