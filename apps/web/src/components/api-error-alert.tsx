import { Alert } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from '../lib/api-client';
import { describeApiError } from '../lib/error-messages';

/** A failed call, said in words a person understands, announced to screen readers. */
export function ApiErrorAlert({ error, action }: { error: ApiError; action?: ReactNode }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={describeApiError(error)}
      action={action}
      style={{ marginBottom: 16 }}
    />
  );
}
