import { Button, Flex } from 'antd';
import { ClockCircleOutlined, CloseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DISPUTE_OUTCOME_LABELS } from '@crimsonhost/shared/disputes';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { RentalMessagesButton } from '../../../components/rental-thread/rental-messages-button';
import type { RentalView } from '../../../lib/rentals/get-rentals';
import { PowerButtons } from './power-buttons';
import { useRentalDialogs } from './rental-dialogs';

/**
 * The rental's dispute: a link to its ticket while open or once decided; else, while a dispute
 * can still be opened (the policy's window), the button that opens one.
 */
function DisputeAction({ rental }: { rental: RentalView }) {
  const openDialog = useRentalDialogs();
  if (rental.dispute) {
    const open = rental.dispute.status === 'OPEN';
    const label = open
      ? 'Dispute open'
      : `Dispute ${(rental.dispute.outcome ? DISPUTE_OUTCOME_LABELS[rental.dispute.outcome] : 'decided').toLowerCase()}`;
    return (
      <ButtonLink
        to={paths.supportTicket.href(rental.dispute.ticketId)}
        size="small"
        icon={<WarningOutlined aria-hidden />}
        aria-label={`${label}: ${rental.server.name}`}
      >
        {label}
      </ButtonLink>
    );
  }
  if (!rental.disputeUntil) return null;
  return (
    <Button
      size="small"
      icon={<WarningOutlined aria-hidden />}
      aria-label={`Dispute: ${rental.server.name}`}
      title={`You can dispute this rental until ${dayjs(rental.disputeUntil).format('D MMM YYYY, HH:mm')}`}
      onClick={() => openDialog('dispute', rental)}
    >
      Dispute
    </Button>
  );
}

/** The rental's thread with its vendor, with how many of their messages I have not read. */
function MessagesAction({ rental }: { rental: RentalView }) {
  return (
    <RentalMessagesButton
      rentalId={rental.id}
      unread={rental.unreadMessages}
      about={rental.server.name}
    />
  );
}

/**
 * What a renter can do with a rental: while it is active, power its game server, extend it or
 * cancel it; once it has ended, rent the same server again. Either way, write to the vendor, and
 * dispute it while the buyer protection policy allows, or follow the dispute.
 */
export function RentalActions({ rental }: { rental: RentalView }) {
  const openDialog = useRentalDialogs();
  if (rental.status !== 'ACTIVE') {
    return (
      <Flex gap={8} wrap>
        <ButtonLink
          to={paths.server.href(rental.server.id)}
          size="small"
          aria-label={`Rent again: ${rental.server.name}`}
        >
          Rent again
        </ButtonLink>
        <MessagesAction rental={rental} />
        <DisputeAction rental={rental} />
      </Flex>
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
        <MessagesAction rental={rental} />
        <DisputeAction rental={rental} />
      </Flex>
    </Flex>
  );
}
