import { Alert, Button, Empty, Flex, Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  VENDOR_RENTAL_FILTER_LABELS,
  VENDOR_RENTAL_FILTERS,
  type VendorRentalFilter,
} from '@crimsonhost/shared/vendor-overview';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { LazyRentalThreadDrawer } from '../../../components/rental-thread/lazy-rental-thread-drawer';
import { useMessagesParam } from '../../../components/rental-thread/use-messages-param';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { historyTotal, useHistoryCursor } from '../../../lib/history-paging';
import { useVendorRentals } from '../api/get-vendor-rentals';
import { vendorRentalsQueryKey } from '../api/vendor-query-keys';
import { VendorRentalsList } from '../components/vendor-rentals-list';
import { useStackedLists } from '../use-stacked-lists';
import { readVendorRentalsSearch, writeVendorRentalsSearch } from '../vendor-rentals-search';

const ALL = 'ALL';
const FILTERS = [
  { value: ALL, label: 'All' },
  ...VENDOR_RENTAL_FILTERS.map((filter) => ({
    value: filter,
    label: VENDOR_RENTAL_FILTER_LABELS[filter],
  })),
];

const NOTHING: Record<VendorRentalFilter | typeof ALL, string> = {
  ALL: 'Nobody has rented one of your servers yet. Their rentals show here.',
  ACTIVE: 'None of your servers is rented right now.',
  ended: 'No rental of your servers has ended yet.',
};

/**
 * /vendor/rentals (vendor role): the rentals of my listings (issue 16 point 6), newest first, each
 * with the renter's display name, its times, status, run state and what it earned me. The filter
 * and the page live in the URL; the next page is read from where this one ended (decision 031).
 * `?messages=<rentalId>` opens a rental's messages with its renter in a drawer.
 */
export function VendorRentalsPage() {
  const [search, setSearch] = useSearchParams();
  const query = readVendorRentalsSearch(search);
  const cursor = useHistoryCursor(JSON.stringify({ ...query, page: undefined }), query.page);
  const rentals = useVendorRentals(cursor.after ? { ...query, after: cursor.after } : query);
  const total = historyTotal(rentals.data?.meta, query.page, query.pageSize);
  const stacked = useStackedLists();
  const messages = useMessagesParam();
  const messaged = rentals.data?.rentals.find((rental) => rental.id === messages.rentalId);

  const show = (next: Partial<typeof query>) =>
    setSearch(writeVendorRentalsSearch({ ...query, ...next }));
  const pagination = {
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
      show(pageSize !== query.pageSize ? { page: 1, pageSize: pageSize as PageSize } : { page });
    },
  };
  const caption = `Rentals of your listings: ${
    query.status ? VENDOR_RENTAL_FILTER_LABELS[query.status].toLowerCase() : 'all'
  }, newest first`;

  let body;
  if (rentals.isPending) {
    body = <ListSkeleton rows={5} />;
  } else if (!rentals.data) {
    body = <LoadErrorResult title="The rentals could not be loaded" query={rentals} />;
  } else if (isPastTheEnd(query.page, query.pageSize, total.total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total.total, query.pageSize)}
        onGoTo={(page) => show({ page })}
      />
    );
  } else if (rentals.data.rentals.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTHING[query.status ?? ALL]}>
        {query.status && (
          <Button onClick={() => show({ status: undefined, page: 1 })}>Show all rentals</Button>
        )}
      </Empty>
    );
  } else {
    body = (
      <VendorRentalsList
        rentals={rentals.data.rentals}
        stacked={stacked}
        caption={caption}
        pagination={pagination}
        loading={rentals.isPlaceholderData}
      />
    );
  }

  return (
    <>
      <title>Rentals · Vendor · CrimsonHost</title>
      <Flex vertical gap={24}>
        <Flex vertical gap={8} style={{ maxWidth: 760 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Rentals
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0 }}>
            Everyone who rented one of your servers. While a rental runs its payment waits in
            escrow; when it ends, your share after the commission is pending through the dispute
            window, then available.
          </Typography.Paragraph>
        </Flex>
        <Segmented
          aria-label="Show rentals"
          options={FILTERS}
          value={query.status ?? ALL}
          onChange={(value) =>
            show({ status: value === ALL ? undefined : (value as VendorRentalFilter), page: 1 })
          }
          style={{ alignSelf: 'flex-start' }}
        />
        {rentals.isError && rentals.data && (
          <Alert
            type="warning"
            showIcon
            title={`The rentals could not be refreshed: ${describeApiError(toApiError(rentals.error))}`}
            action={
              <Button size="small" onClick={() => void rentals.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
      <LazyRentalThreadDrawer
        reader="vendor"
        rentalId={messages.rentalId}
        serverName={messaged?.server.name}
        endedAt={messaged?.endedAt}
        invalidateOnRead={vendorRentalsQueryKey()}
        onClose={messages.close}
      />
    </>
  );
}
