import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Col, Flex, Result, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { RentalThreadCard } from '../../../components/rental-thread/rental-thread-card';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TicketConversation } from '../../../components/ticket-conversation';
import {
  TicketCategoryTag,
  TicketPriorityTag,
  TicketStatusTag,
} from '../../../components/ticket-tags';
import { ApiError } from '../../../lib/api-client';
import { useDeskTicket } from '../api/get-desk-ticket';
import { CustomerSummaryCard } from '../components/customer-summary-card';
import { DeskComposer } from '../components/desk-composer';
import { DisputeCard } from '../components/dispute-card';
import { DisputeEvidenceCard } from '../components/dispute-evidence-card';
import { LinkedRecordCard } from '../components/linked-record-card';
import { SatisfactionCard } from '../components/satisfaction-card';
import { TicketFacts } from '../components/ticket-facts';

function TicketNotFound() {
  return (
    <>
      <title>Ticket not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Ticket not found</h1>}
        subTitle="No ticket has this address. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffTickets.href()}>
            Back to the queue
          </ButtonLink>
        }
      />
    </>
  );
}

/**
 * /admin/tickets/:ticketId: the conversation with internal notes and the answer on the left; the
 * ticket's facts, what it is about (with the rental's renter–vendor messages, read only), the
 * customer's account and their rating on the right (below on a phone). Asks again every 15 s, so
 * replies and colleagues at work show up.
 */
export function DeskTicketPage() {
  const { ticketId = '' } = useParams();
  const ticket = useDeskTicket(ticketId);
  if (ticket.isPending) {
    return (
      <>
        <title>Ticket · Staff · CrimsonHost</title>
        <ListSkeleton rows={6} />
      </>
    );
  }
  if (ticket.error instanceof ApiError && ticket.error.status === 404) return <TicketNotFound />;
  if (!ticket.data) {
    return <LoadErrorResult title="The ticket could not be loaded" query={ticket} />;
  }
  const detail = ticket.data;
  const rentalId =
    detail.link?.kind === 'rental' ? detail.link.id : (detail.dispute?.rentalId ?? null);
  return (
    <>
      <title>{`#${detail.number} ${detail.subject} · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <Flex vertical gap={6}>
          <Link to={paths.staffTickets.href()} style={{ alignSelf: 'flex-start' }}>
            <ArrowLeftOutlined aria-hidden /> Back to the queue
          </Link>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            <Typography.Text type="secondary">#{detail.number}</Typography.Text> {detail.subject}
          </Typography.Title>
          <Flex wrap gap={4}>
            <TicketStatusTag status={detail.status} />
            <TicketPriorityTag priority={detail.priority} />
            <TicketCategoryTag category={detail.category} />
          </Flex>
        </Flex>
        {ticket.isError && (
          <Alert
            type="warning"
            showIcon
            title="The ticket could not be refreshed; it shows what it had."
          />
        )}
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={15} xxl={16}>
            <Flex vertical gap={16}>
              <section aria-label="Conversation">
                <TicketConversation messages={detail.messages} viewer="staff" />
              </section>
              <DeskComposer ticket={detail} />
            </Flex>
          </Col>
          <Col xs={24} lg={9} xxl={8}>
            <Flex vertical gap={16}>
              <TicketFacts ticket={detail} />
              {detail.dispute && <DisputeCard dispute={detail.dispute} />}
              {detail.dispute && <DisputeEvidenceCard disputeId={detail.dispute.id} />}
              {detail.link && <LinkedRecordCard link={detail.link} />}
              {rentalId && <RentalThreadCard rentalId={rentalId} />}
              <CustomerSummaryCard ticket={detail} />
              {detail.satisfaction && <SatisfactionCard satisfaction={detail.satisfaction} />}
            </Flex>
          </Col>
        </Row>
      </Flex>
    </>
  );
}
