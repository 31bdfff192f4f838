import { Button, Result } from 'antd';
import { toApiError } from '../lib/api-client';
import { describeApiError } from '../lib/error-messages';

/** What a section shows when its data could not be loaded: why, in plain words, and a retry. */
export function LoadErrorResult({
  title,
  query,
}: {
  /** 'Your balances could not be loaded'. */
  title: string;
  /** The failed read: its error is told, Retry reads again. */
  query: { error: unknown; refetch: () => Promise<unknown> };
}) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={describeApiError(toApiError(query.error))}
      extra={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  );
}
