import { Button, Flex } from 'antd';
import { ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { PowerButtons } from './power-buttons';
import { useRentalDialogs } from './rental-dialogs';

/**
 * What a renter can do with a rental: while it is active, power its game server, extend it or
 * cancel it; once it has ended, rent the same server again.
 */
export function RentalActions({ rental }: { rental: RentalView }) {
  const openDialog = useRentalDialogs();
  if (rental.status !== 'ACTIVE') {
    return (
      <ButtonLink
        to={paths.server.href(rental.server.id)}
        size="small"
        aria-label={`Rent again: ${rental.server.name}`}
      >
        Rent again
      </ButtonLink>
    );
  }
  return (
    <Flex vertical gap={8}>
      <PowerButtons rental={rental} />
      <Flex gap={8} wrap>
        <Button
          size="small"
          icon={<ClockCircleOutlined aria-hidden />}
          aria-label={`Extend: ${rental.server.name}`}
          onClick={() => openDialog('extend', rental)}
        >
          Extend
        </Button>
        <Button
          size="small"
          danger
          icon={<CloseCircleOutlined aria-hidden />}
          aria-label={`Cancel: ${rental.server.name}`}
          onClick={() => openDialog('cancel', rental)}
        >
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
