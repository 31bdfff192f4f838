import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { parseUsdt } from '@crimsonhost/shared/money';
import { paths } from '../../../app/paths';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { rentalServerLine } from '../../../lib/rentals/rental-labels';
import { formatAmount } from '../../../lib/rentals/rental-money';

const DATE_FORMAT = 'D MMM YYYY, HH:mm';

/** The rented server: its name (to its page), game and region. */
export function RentalServer({ rental }: { rental: RentalView }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Link
        to={paths.server.href(rental.server.id)}
        style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {rental.server.name}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {rentalServerLine(rental.server)}
      </Typography.Text>
    </Flex>
  );
}

/** 'Ends 3 Jan 2027, 14:05' while active, else when it ended. */
export function RentalPeriod({ rental }: { rental: RentalView }) {
  const text =
    rental.status === 'ACTIVE'
      ? `Ends ${dayjs(rental.endsAt).format(DATE_FORMAT)}`
      : `Ended ${dayjs(rental.endedAt ?? rental.endsAt).format(DATE_FORMAT)}`;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
      {text}
    </Typography.Text>
  );
}

/**
 * What was paid for the rental (after any tier discount), the list price, the tier discount the
 * platform paid towards it, and what came back.
 */
export function RentalPaid({ rental }: { rental: RentalView }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(rental.paid)} USDT
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
        {rental.hours} h × {formatAmount(rental.pricePerHour)}
      </Typography.Text>
      {parseUsdt(rental.discount) > 0n && (
        <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
          {formatAmount(rental.discount)} tier discount
        </Typography.Text>
      )}
      {parseUsdt(rental.refunded) > 0n && (
        // In the text's own colour: antd's green on white falls under WCAG's contrast at 13 px.
        <Typography.Text style={{ fontSize: 13, whiteSpace: 'nowrap' }}>
          {formatAmount(rental.refunded)} refunded
        </Typography.Text>
      )}
    </Flex>
  );
}
