import { Badge, Flex, Typography } from 'antd';
import type { RunState } from '@crimsonhost/shared/rentals';
import type { RentalView } from '../lib/rentals/get-rentals';
import { formatAge } from '../lib/rentals/rental-time';
import { secondsSince, useNow } from '../lib/use-now';

const BADGES: Record<RunState, 'success' | 'processing' | 'warning' | 'default' | 'error'> = {
  starting: 'processing',
  running: 'success',
  stopping: 'warning',
  stopped: 'default',
  error: 'error',
  unknown: 'default',
};

/**
 * The game server's run state as its control panel last reported it, with the age of that
 * report: 'running · checked 4 s ago'. Ended rentals and servers without a panel say so.
 */
export function RunStateBadge({
  rental,
  stacked = false,
}: {
  /** A renter's rental, or a rental of a vendor's listing: what the badge reads of it. */
  rental: Pick<RentalView, 'status' | 'runState' | 'receivedAt'>;
  /** The age on a line of its own, for a narrow table column. */
  stacked?: boolean;
}) {
  const now = useNow(1000);
  if (rental.status !== 'ACTIVE') {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  const { runState } = rental;
  if (!runState) {
    return <Typography.Text type="secondary">No control panel</Typography.Text>;
  }
  const age = `checked ${formatAge(runState.ageSeconds + secondsSince(rental.receivedAt, now))} ago`;
  return (
    <Flex vertical gap={2} style={{ maxWidth: 260 }}>
      <Badge
        status={BADGES[runState.state]}
        text={
          stacked ? (
            runState.state
          ) : (
            <span>
              {runState.state}
              <Typography.Text type="secondary"> · {age}</Typography.Text>
            </span>
          )
        }
        style={{ whiteSpace: 'nowrap' }}
      />
      {stacked && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {age}
        </Typography.Text>
      )}
      {runState.detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {runState.detail}
        </Typography.Text>
      )}
    </Flex>
  );
}
