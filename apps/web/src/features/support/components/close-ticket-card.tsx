import { Alert, Button, Card, Popconfirm, Typography } from 'antd';
import { TICKET_REOPEN_WINDOW_DAYS, type TicketDetail } from '@crimsonhost/shared/support';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useCloseTicket } from '../api/close-ticket';

/** "Close ticket" after a confirmation, while the ticket is not CLOSED. */
export function CloseTicketCard({
  ticket,
  guestToken,
}: {
  ticket: TicketDetail;
  guestToken?: string;
}) {
  const close = useCloseTicket();
  const toast = useToast();
  if (ticket.status === 'CLOSED') return null;
  return (
    <Card size="small" title="Done?">
      <Typography.Paragraph type="secondary">
        Close the ticket when you need nothing more. A reply within {TICKET_REOPEN_WINDOW_DAYS} days
        reopens it.
      </Typography.Paragraph>
      {close.error && (
        <Alert
          style={{ marginBottom: 12 }}
          type="error"
          showIcon
          title={describeApiError(toApiError(close.error))}
        />
      )}
      <Popconfirm
        title="Close this ticket?"
        description={`You can reopen it by replying within ${TICKET_REOPEN_WINDOW_DAYS} days.`}
        okText="Close ticket"
        cancelText="Keep it open"
        onConfirm={() =>
          close.mutate(
            { id: ticket.id, guestToken },
            { onSuccess: () => toast('success', `Ticket #${ticket.number} is closed`) },
          )
        }
      >
        <Button loading={close.isPending}>Close ticket</Button>
      </Popconfirm>
    </Card>
  );
}
