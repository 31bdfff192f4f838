import { Alert, Button, Empty, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@crimsonhost/shared/constants';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useTickets } from '../api/get-tickets';
import { GuestLinkRequest } from '../components/guest-link-request';
import { TicketCards } from '../components/ticket-cards';
import { TicketFilters } from '../components/ticket-filters';
import { TicketsTable } from '../components/tickets-table';
import { VisitorPrompt } from '../components/visitor-prompt';
import { readTicketsSearch, writeTicketsSearch, type TicketsSearch } from '../tickets-search';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const TITLE = <title>My Tickets · CrimsonHost</title>;

/** /support/tickets: my tickets with filter, search and paging in the URL; a visitor is told how to get help. */
export function MyTicketsPage() {
  const { status: authStatus } = useAuth();
  const signedIn = authStatus === 'authenticated';
  const [search, setSearch] = useSearchParams();
  const query = readTicketsSearch(search);
  const tickets = useTickets(query, { enabled: signedIn });
  const isMobile = useMediaQuery(MOBILE_QUERY);

  if (authStatus === 'loading') return <ListSkeleton rows={3} />;
  if (!signedIn) {
    return (
      <>
        {TITLE}
        <Flex vertical gap={16}>
          <VisitorPrompt
            guestTicket
            text="Sign in to see your support tickets and answer them. No account? Open a ticket with your e-mail address: we mail you a link to follow it."
          />
          <GuestLinkRequest />
        </Flex>
      </>
    );
  }

  const show = (next: Partial<TicketsSearch>, replace = false) =>
    setSearch(writeTicketsSearch({ ...query, ...next }), { replace });
  const total = tickets.data?.meta.total ?? 0;
  const pagination = {
    ...TABLE_PAGINATION,
    current: query.page,
    pageSize: query.pageSize,
    total,
    onChange: (page: number, pageSize: number) =>
      show(pageSize !== query.pageSize ? { page: 1, pageSize } : { page }),
  };
  const filtered = Boolean(query.status || query.q);

  let body;
  if (tickets.isPending) {
    body = <ListSkeleton rows={4} />;
  } else if (tickets.isError && !tickets.data) {
    body = <LoadErrorResult title="Your tickets could not be loaded" query={tickets} />;
  } else if (isPastTheEnd(query.page, query.pageSize, total)) {
    body = (
      <PastTheEnd lastPage={lastPageOf(total, query.pageSize)} onGoTo={(page) => show({ page })} />
    );
  } else if (tickets.data.data.length === 0) {
    body = filtered ? (
      <Empty description="No tickets match these filters.">
        <Button onClick={() => show({ status: undefined, q: undefined, page: 1 })}>
          Show all tickets
        </Button>
      </Empty>
    ) : (
      <Empty description="You have no tickets yet.">
        <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
          New ticket
        </ButtonLink>
      </Empty>
    );
  } else if (isMobile) {
    body = <TicketCards tickets={tickets.data.data} pagination={pagination} />;
  } else {
    body = (
      <TicketsTable
        tickets={tickets.data.data}
        pagination={pagination}
        loading={tickets.isPlaceholderData}
      />
    );
  }

  return (
    <>
      {TITLE}
      <Flex vertical gap={16}>
        <Flex wrap gap={12} justify="space-between" align="center">
          <TicketFilters
            status={query.status}
            q={query.q}
            onStatus={(status) => show({ status, page: 1 })}
            // Each pause in typing is not a page of its own in the history.
            onSearch={(q) => show({ q, page: 1 }, true)}
          />
          <ButtonLink type="primary" to={paths.supportNewTicket.href()}>
            New ticket
          </ButtonLink>
        </Flex>
        {tickets.isError && tickets.data && (
          <Alert
            type="warning"
            showIcon
            title={`Could not refresh your tickets: ${describeApiError(toApiError(tickets.error))}`}
            action={
              <Button size="small" onClick={() => void tickets.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </>
  );
}
