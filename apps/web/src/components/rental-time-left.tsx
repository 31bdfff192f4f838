import { Typography } from 'antd';
import type { RentalView } from '../lib/rentals/get-rentals';
import { describeTimeLeft, formatTimeLeft } from '../lib/rentals/rental-time';
import { secondsSince, useNow } from '../lib/use-now';

/** Seconds left of an active rental now, counted on this browser's clock from when it arrived. */
export function secondsLeftNow(rental: RentalView, now: number): number {
  if (rental.status !== 'ACTIVE') return 0;
  return Math.max(0, rental.secondsLeft - secondsSince(rental.receivedAt, now));
}

/** The time left of an active rental, counting down each second; 'Ending…' once it is up. */
export function RentalTimeLeft({
  rental,
  suffix = '',
}: {
  rental: RentalView;
  /** Words after the clock, e.g. ' left' where no heading says what it is. */
  suffix?: string;
}) {
  const now = useNow(1000);
  if (rental.status !== 'ACTIVE') {
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  const seconds = secondsLeftNow(rental, now);
  if (seconds === 0) return <Typography.Text type="secondary">Ending…</Typography.Text>;
  return (
    <Typography.Text
      title={describeTimeLeft(seconds)}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatTimeLeft(seconds)}
      {suffix}
    </Typography.Text>
  );
}
