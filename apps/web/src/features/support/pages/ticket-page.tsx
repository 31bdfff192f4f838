import { Alert, Col, Flex, Row } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LazyResult } from '../../../components/lazy-result';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';

import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useTicket } from '../api/get-ticket';
import { markReadInLists } from '../api/settle-ticket';
import { CloseTicketCard } from '../components/close-ticket-card';
import { GuestLinkRequest } from '../components/guest-link-request';
import { LinkedRecordCard } from '../components/linked-record-card';
import { RatingCard } from '../components/rating-card';
import { ReplyBox } from '../components/reply-box';
import { TicketHeader } from '../components/ticket-header';
import { TicketMessages } from '../components/ticket-messages';
import { VisitorPrompt } from '../components/visitor-prompt';

/** Another user's ticket and an unknown id look the same: the API answers 404 for both. */
function TicketNotFound() {
  return (
    <>
      <title>Ticket not found · CrimsonHost</title>
      <LazyResult
        status="404"
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>Ticket not found</h2>}
        subTitle="There is no ticket of yours with this link. It may belong to another account, or the link may be mistyped."
        extra={
          <Flex wrap gap={12} justify="center">
            <ButtonLink type="primary" to={paths.supportTickets.href()}>
              My Tickets
            </ButtonLink>
            <ButtonLink to={paths.supportFaq.href()}>Browse the FAQ</ButtonLink>
          </Flex>
        }
      />
    </>
  );
}

/**
 * /support/tickets/:ticketId: the conversation, which refreshes on its own, the linked record as
 * it is now, reply, close and rating. A guest link (`?token=`) opens the one ticket it was mailed
 * for without an account.
 */
export function TicketPage() {
  const { ticketId = '' } = useParams();
  const [search] = useSearchParams();
  const guestToken = search.get('token') ?? undefined;
  const { status } = useAuth();
  const canRead = Boolean(guestToken) || status === 'authenticated';
  const ticket = useTicket(ticketId, guestToken, { enabled: canRead });
  const queryClient = useQueryClient();
  const loadedId = ticket.data?.id;
  useEffect(() => {
    if (loadedId) markReadInLists(queryClient, loadedId);
  }, [loadedId, queryClient]);

  if (status === 'loading' && !guestToken) return <ListSkeleton rows={3} />;
  if (!canRead) {
    return (
      <>
        <title>Ticket · CrimsonHost</title>
        <VisitorPrompt
          register
          text="Sign in to read this ticket and answer it. If you wrote to us without an account, open the link in our mail."
        />
      </>
    );
  }
  if (ticket.isPending) return <ListSkeleton rows={4} />;

  const error = ticket.error instanceof ApiError ? ticket.error : null;
  // A guest link whose token does not fit the ticket says no more than an unknown ticket.
  if (error?.status === 404 || (error?.status === 400 && guestToken)) return <TicketNotFound />;
  if (error?.status === 410) {
    return (
      <>
        <title>Link expired · CrimsonHost</title>
        <Flex vertical gap={16}>
          <Alert type="warning" showIcon title={describeApiError(error)} />
          <GuestLinkRequest />
        </Flex>
      </>
    );
  }
  if (ticket.isError && !ticket.data) {
    return <LoadErrorResult title="The ticket could not be loaded" query={ticket} />;
  }
  const detail = ticket.data;

  return (
    <>
      <title>{`#${detail.number} ${detail.subject} · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <TicketHeader ticket={detail} />
        {ticket.isError && (
          <Alert
            type="warning"
            showIcon
            title={`Could not refresh the conversation: ${describeApiError(toApiError(ticket.error))}`}
          />
        )}
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={16}>
            <Flex vertical gap={16}>
              <TicketMessages messages={detail.messages} />
              <ReplyBox key={detail.id} ticket={detail} guestToken={guestToken} />
            </Flex>
          </Col>
          <Col xs={24} lg={8}>
            <Flex vertical gap={16}>
              {detail.link && <LinkedRecordCard link={detail.link} />}
              <RatingCard key={detail.id} ticket={detail} guest={Boolean(guestToken)} />
              <CloseTicketCard ticket={detail} guestToken={guestToken} />
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
