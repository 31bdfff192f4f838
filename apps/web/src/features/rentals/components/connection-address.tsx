import { Typography } from 'antd';
import type { Rental } from '@crimsonhost/shared/rentals';

/** host:port to paste into the game, with a copy button; only an active rental has one. */
export function ConnectionAddress({ rental }: { rental: Rental }) {
  if (rental.status !== 'ACTIVE' || !rental.connection) return null;
  const address = `${rental.connection.host}:${rental.connection.port}`;
  return (
    <Typography.Text
      code
      copyable={{ text: address, tooltips: ['Copy address', 'Copied'] }}
      style={{ whiteSpace: 'nowrap' }}
    >
      {address}
    </Typography.Text>
  );
}
