import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { SectionCard } from '../../../components/section-card';
import { useToast } from '../../../components/use-toast';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useMoveTestClock, useTestClock } from '../api/test-clock';
import { Moment } from './user-tags';

const HOUR_MS = 3_600_000;

const STEPS: Array<{ hours: number; label: string }> = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '1 day' },
  { hours: 7 * 24, label: '7 days' },
];

/** '8 days and 3 hours': how far ahead of the real time. */
export function describeOffset(offsetMs: number): string {
  const hours = Math.round(offsetMs / HOUR_MS);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : null,
    rest > 0 ? `${rest} hour${rest === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'less than an hour';
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The test clock (decision 042), shown only when the storefront runs on one (TEST_CLOCK, demo
 * only): its time, and buttons that move it ahead, each after a confirmation, since rentals end
 * and earnings clear with it.
 */
export function TestClockCard() {
  const clock = useTestClock();
  const move = useMoveTestClock();
  const toast = useToast();
  const [error, setError] = useState<ApiError | null>(null);
  if (!clock.data) return null;
  const { now, offsetMs } = clock.data;

  const go = (hours: number | null) => {
    setError(null);
    move.mutateAsync(hours).then(
      (moved) =>
        toast(
          'success',
          `${hours === null ? 'The clock is back on the real time' : 'The clock moved ahead'}: ${count(moved.rentalsEnded, 'rental', 'rentals')} ended, ${count(moved.earningsCleared, 'rental’s earnings', 'rentals’ earnings')} cleared.`,
        ),
      (failure: unknown) => setError(toApiError(failure)),
    );
  };

  return (
    <SectionCard title="Test clock">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          This demo runs on a test clock. Its time is{' '}
          <Typography.Text strong>
            <Moment at={now} />
          </Typography.Text>
          {offsetMs > 0
            ? `, ${describeOffset(offsetMs)} ahead of the real time.`
            : ', the real time.'}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Moving it ahead ends the rentals whose time is up and makes vendors’ earnings available
          once their 7-day dispute window has closed, as the storefront would at that time.
        </Typography.Paragraph>
        {error && <ApiErrorAlert error={error} />}
        <Flex wrap gap={8}>
          {STEPS.map((step) => (
            <Popconfirm
              key={step.hours}
              title={`Move the clock ${step.label} ahead?`}
              description="Rentals end and earnings clear as they would by then. It cannot be undone for them."
              okText={`Move ${step.label} ahead`}
              cancelText="Cancel"
              onConfirm={() => go(step.hours)}
            >
              <Button loading={move.isPending && move.variables === step.hours}>
                {step.label} ahead
              </Button>
            </Popconfirm>
          ))}
          <Button disabled={offsetMs === 0} onClick={() => go(null)}>
            Back to real time
          </Button>
        </Flex>
      </Flex>
    </SectionCard>
  );
}
