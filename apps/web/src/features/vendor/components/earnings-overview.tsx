import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { VENDOR_CLEARING_DAYS } from '@crimsonhost/shared/vendors';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import type { useVendorEarnings } from '../api/get-vendor-earnings';
import { EarningsFigures, EarningsFiguresSkeleton } from './earnings-figures';
import { PendingSchedule } from './pending-schedule';

/** A part of the page under its level-2 heading, named by it for screen readers. */
function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title id={id} level={2} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          {intro && <Typography.Text type="secondary">{intro}</Typography.Text>}
        </Flex>
        {children}
      </Flex>
    </section>
  );
}

/**
 * My balances by state and the pending schedule, both from GET /api/vendor/earnings: loading,
 * failed with Retry, or shown (with a warning when a refresh failed over them).
 */
export function EarningsOverview({
  earnings,
  stacked,
}: {
  earnings: ReturnType<typeof useVendorEarnings>;
  stacked: boolean;
}) {
  if (earnings.isError && !earnings.data) {
    return <LoadErrorResult title="Your earnings could not be loaded" query={earnings} />;
  }
  return (
    <>
      {earnings.isError && (
        <Alert
          type="warning"
          showIcon
          title={`Your earnings could not be refreshed: ${describeApiError(toApiError(earnings.error))}`}
          action={
            <Button size="small" onClick={() => void earnings.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Section id="balances-heading" title="Balances">
        {earnings.data ? (
          <EarningsFigures balances={earnings.data.balances} />
        ) : (
          <EarningsFiguresSkeleton />
        )}
      </Section>
      <Section
        id="pending-heading"
        title="Pending schedule"
        intro={`Each rental's share becomes available when its dispute window closes, ${VENDOR_CLEARING_DAYS} days after the rental ended.`}
      >
        {earnings.data ? (
          <PendingSchedule pending={earnings.data.pending} stacked={stacked} />
        ) : (
          <ListSkeleton rows={3} />
        )}
      </Section>
    </>
  );
}
