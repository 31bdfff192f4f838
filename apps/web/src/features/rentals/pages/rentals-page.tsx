import { Alert, Button, Empty, Flex, Result, Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MOBILE_BREAKPOINT_PX, TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import { RENTAL_STATUSES, type RentalStatus } from '@crimsonhost/shared/rentals';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { LazyRentalThreadDrawer } from '../../../components/rental-thread/lazy-rental-thread-drawer';
import { useMessagesParam } from '../../../components/rental-thread/use-messages-param';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useMediaQuery } from '../../../lib/use-media-query';
import { historyTotal, useHistoryCursor } from '../../../lib/history-paging';
import { rentalsQueryKey, useRentals } from '../../../lib/rentals/get-rentals';
import { RentalCards } from '../components/rental-cards';
import { RentalDialogs } from '../components/rental-dialogs';
import { RENTAL_STATUS_LABELS } from '../components/rental-status-tag';
import { RentalsTable } from '../components/rentals-table';
import { readRentalsSearch, writeRentalsSearch } from '../rentals-search';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const ALL = 'ALL';
const FILTERS = [
  { value: ALL, label: 'All' },
  ...RENTAL_STATUSES.map((status) => ({ value: status, label: RENTAL_STATUS_LABELS[status] })),
];

/**
 * /rentals: my rentals with their countdowns, run states and controls (signed-in only);
 * `?messages=<rentalId>` opens a rental's messages with its vendor in a drawer.
 */
export function RentalsPage() {
  const [search, setSearch] = useSearchParams();
  const query = readRentalsSearch(search);
  const cursor = useHistoryCursor(JSON.stringify({ ...query, page: undefined }), query.page);
  const rentals = useRentals(cursor.after ? { ...query, after: cursor.after } : query);
  const total = historyTotal(rentals.data?.meta, query.page, query.pageSize);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const messages = useMessagesParam();
  const messaged = rentals.data?.rentals.find((rental) => rental.id === messages.rentalId);

  const show = (next: Partial<typeof query>) =>
    setSearch(writeRentalsSearch({ ...query, ...next }));
  const paging = {
    current: query.page,
    pageSize: query.pageSize,
    total: total.total,
    pageSizeOptions: [...TABLE_PAGE_SIZES],
    showSizeChanger: true,
    showTotal: (_all: number, [from, to]: [number, number]) => `${from}-${to} of ${total.text}`,
    onChange: (page: number, pageSize: number) => {
      if (pageSize === query.pageSize && !rentals.isPlaceholderData) {
        cursor.moving(page, rentals.data?.meta.nextCursor);
      }
      show(pageSize !== query.pageSize ? { page: 1, pageSize } : { page });
    },
  };

  let body;
  if (rentals.isPending) {
    body = <ListSkeleton rows={4} />;
  } else if (rentals.isError && !rentals.data) {
    body = (
      <Result
        status="error"
        title="Your rentals could not be loaded"
        subTitle={describeApiError(toApiError(rentals.error))}
        extra={
          <Button type="primary" onClick={() => void rentals.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (isPastTheEnd(query.page, query.pageSize, total.total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total.total, query.pageSize)}
        onGoTo={(page) => show({ page })}
      />
    );
  } else if (rentals.data.rentals.length === 0) {
    body = (
      <Empty
        description={
          query.status
            ? `No ${RENTAL_STATUS_LABELS[query.status].toLowerCase()} rentals.`
            : 'You have not rented a server yet.'
        }
      >
        <ButtonLink to={paths.servers.href()} type="primary">
          Browse Servers
        </ButtonLink>
      </Empty>
    );
  } else if (isMobile) {
    body = <RentalCards rentals={rentals.data.rentals} pagination={paging} />;
  } else {
    body = (
      <RentalsTable
        rentals={rentals.data.rentals}
        pagination={paging}
        loading={rentals.isPlaceholderData}
      />
    );
  }

  return (
    <>
      <title>My Rentals · CrimsonHost</title>
      <PageBreadcrumb items={[{ title: 'My Rentals' }]} />
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          My Rentals
        </Typography.Title>
        <Segmented
          aria-label="Show rentals"
          options={FILTERS}
          value={query.status ?? ALL}
          onChange={(value) =>
            show({ status: value === ALL ? undefined : (value as RentalStatus), page: 1 })
          }
          style={{ alignSelf: 'flex-start' }}
        />
        {rentals.isError && rentals.data && (
          <Alert
            type="warning"
            showIcon
            title={`Could not refresh: ${describeApiError(toApiError(rentals.error))}`}
            action={
              <Button size="small" onClick={() => void rentals.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        <RentalDialogs rentals={rentals.data?.rentals ?? []}>{body}</RentalDialogs>
      </Flex>
      <LazyRentalThreadDrawer
        reader="renter"
        rentalId={messages.rentalId}
        serverName={messaged?.server.name}
        endedAt={messaged?.endedAt}
        invalidateOnRead={rentalsQueryKey()}
        onClose={messages.close}
      />
    </>
  );
}
