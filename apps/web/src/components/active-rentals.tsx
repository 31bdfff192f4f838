import { Empty, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useRentals } from '../lib/rentals/get-rentals';
import { rentalServerLine } from '../lib/rentals/rental-labels';
import { ButtonLink } from './button-link';
import { DisputeStatusTag } from './dispute-status-tag';
import { LoadErrorResult } from './load-error-result';
import { RentalTimeLeft } from './rental-time-left';
import { RunStateBadge } from './run-state-badge';
import { ListSkeleton } from './skeleton-loaders';

/** The dashboard lists this many active rentals; the rest are one click away on /rentals. */
export const ACTIVE_RENTALS_SHOWN = 5;
/** The smallest page the API offers holds the five. */
const ACTIVE_PAGE_SIZE = 10;

/**
 * The signed-in person's active rentals for the dashboard: each with its time left counting down
 * and its game server's run state, leading to /rentals where they are managed.
 */
export function ActiveRentals() {
  const rentals = useRentals({ status: 'ACTIVE', page: 1, pageSize: ACTIVE_PAGE_SIZE });
  const { token } = theme.useToken();
  const manage = paths.rentals.href(new URLSearchParams({ status: 'ACTIVE' }));

  if (rentals.isPending) return <ListSkeleton rows={2} />;
  if (rentals.isError && !rentals.data) {
    return <LoadErrorResult title="Your rentals could not be loaded" query={rentals} />;
  }
  const { rentals: active, meta } = rentals.data;
  if (active.length === 0) {
    return (
      <Empty description="No active rentals. Rent a server by the hour and it shows up here.">
        <ButtonLink to={paths.servers.href()} type="primary">
          Browse Servers
        </ButtonLink>
      </Empty>
    );
  }
  const more = meta.total - Math.min(active.length, ACTIVE_RENTALS_SHOWN);
  return (
    <Flex vertical gap={12}>
      <ul aria-label="Active rentals" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {active.slice(0, ACTIVE_RENTALS_SHOWN).map((rental, index) => (
          <li
            key={rental.id}
            style={{
              paddingBlock: 10,
              borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
            }}
          >
            <Flex justify="space-between" align="center" gap={12} wrap>
              <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Flex gap={8} align="center" wrap>
                  <Link to={manage} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {rental.server.name}
                  </Link>
                  {rental.dispute && (
                    <Link to={paths.supportTicket.href(rental.dispute.ticketId)}>
                      <DisputeStatusTag dispute={rental.dispute} prefix="Dispute" />
                    </Link>
                  )}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {rentalServerLine(rental.server)}
                </Typography.Text>
              </Flex>
              <Flex vertical gap={2} style={{ flex: '0 0 auto', minWidth: 96 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Time left
                </Typography.Text>
                <RentalTimeLeft rental={rental} />
              </Flex>
              <Flex vertical gap={2} style={{ flex: '1 1 140px' }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Game server
                </Typography.Text>
                <RunStateBadge rental={rental} stacked />
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <Link to={manage}>
          and {more} more active rental{more === 1 ? '' : 's'}
        </Link>
      )}
    </Flex>
  );
}
