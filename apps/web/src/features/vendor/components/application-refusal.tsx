import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import type { ApiError } from '../../../lib/api-client';
import { vendorAccountQueryKey } from '../api/vendor-query-keys';

type RefusalCode = 'APPLICATION_PENDING' | 'ALREADY_VENDOR' | 'CANNOT_APPLY';

const REFUSALS: Record<RefusalCode, { title: string; description: string; action?: string }> = {
  APPLICATION_PENDING: {
    title: 'You already have an application waiting for review',
    description:
      'Only one application can wait at a time. You hear the decision by e-mail and on this page.',
    action: 'Show my application',
  },
  ALREADY_VENDOR: {
    title: 'This account is already a vendor',
    description: 'There is nothing to apply for: your vendor account is set up.',
    action: 'Show my vendor account',
  },
  CANNOT_APPLY: {
    title: 'This account cannot apply to become a vendor',
    description: 'Staff accounts and suspended vendors cannot send an application.',
  },
};

/** An answer that refuses the application as a whole, whatever was filled in. */
export type Refusal = ApiError & { code: RefusalCode };

export function isRefusal(error: ApiError): error is Refusal {
  return error.code in REFUSALS;
}

/**
 * Why the application was refused (409 or 422), in plain words. The page was out of date, so the
 * action reads my standing again, which replaces the form with it.
 */
export function ApplicationRefusal({ error }: { error: Refusal }) {
  const queryClient = useQueryClient();
  const refusal = REFUSALS[error.code];
  let description: ReactNode = refusal.description;
  if (error.code === 'CANNOT_APPLY') {
    description = (
      <>
        {error.message || refusal.description} If you think this is wrong,{' '}
        <TextLink to={paths.support.href()}>write to support</TextLink>.
      </>
    );
  }
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="error"
      showIcon
      role="alert"
      title={refusal.title}
      description={description}
      action={
        refusal.action && (
          <Button
            size="small"
            onClick={() =>
              void queryClient.invalidateQueries({ queryKey: vendorAccountQueryKey() })
            }
          >
            {refusal.action}
          </Button>
        )
      }
    />
  );
}
