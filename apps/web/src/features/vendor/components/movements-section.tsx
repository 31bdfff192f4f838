import { Alert, Button, Empty, Flex, Segmented, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MONEY_STATE_LABELS, MONEY_STATES, type MoneyState } from '@crimsonhost/shared/vendors';
import { LoadErrorResult } from '../../../components/load-error-result';
import { isPastTheEnd, lastPageOf, PastTheEnd } from '../../../components/past-the-end';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { TABLE_PAGINATION, turnPage } from '../../../components/table-pagination';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useVendorMovements, type VendorMovementsQuery } from '../api/get-vendor-movements';
import { readMovementsSearch, writeMovementsSearch } from '../movements-search';
import { MovementsList } from './movements-list';

const ALL = 'ALL';
const FILTERS = [
  { value: ALL, label: 'All' },
  ...MONEY_STATES.map((state) => ({ value: state, label: MONEY_STATE_LABELS[state] })),
];
const HEADING_ID = 'movements-heading';

/** What an empty list of one state says. */
const NOTHING_IN: Record<MoneyState, string> = {
  ESCROW: 'Nothing has been in escrow yet.',
  PENDING: 'Nothing has been pending yet.',
  AVAILABLE: 'Nothing has become available yet.',
  PAYOUT_PENDING: 'No payout has been requested yet.',
};

/** 'Movements: Pending, newest first': what the list shows, for screen readers. */
function captionOf(query: VendorMovementsQuery): string {
  return `Movements: ${query.state ? MONEY_STATE_LABELS[query.state] : 'all states'}, newest first`;
}

/** '1 movement', '1,204 movements'. */
function countOf(total: number): string {
  return `${total.toLocaleString('en-US')} movement${total === 1 ? '' : 's'}`;
}

/**
 * Every movement of my money, newest first, of one state or all. The state and the page live in
 * the URL (?state=PENDING&page=2), so a view can be kept and shared.
 */
export function MovementsSection({ stacked }: { stacked: boolean }) {
  const [params, setParams] = useSearchParams();
  const query = readMovementsSearch(params);
  const movements = useVendorMovements(query);
  const show = (next: VendorMovementsQuery) => setParams(writeMovementsSearch(next));
  const total = movements.data?.meta.total ?? 0;
  const pagination = {
    ...TABLE_PAGINATION,
    current: query.page,
    pageSize: query.pageSize,
    total,
    onChange: (page: number, pageSize: number) => show(turnPage(query, page, pageSize)),
  };

  let body;
  if (movements.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (!movements.data) {
    body = <LoadErrorResult title="Your movements could not be loaded" query={movements} />;
  } else if (isPastTheEnd(query.page, query.pageSize, total)) {
    body = (
      <PastTheEnd
        lastPage={lastPageOf(total, query.pageSize)}
        onGoTo={(page) => show({ ...query, page })}
      />
    );
  } else if (movements.data.data.length === 0) {
    body = query.state ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOTHING_IN[query.state]}>
        <Button onClick={() => show({ ...query, state: undefined, page: 1 })}>
          Show all movements
        </Button>
      </Empty>
    ) : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No money has moved yet. The first rental of one of your servers starts here."
      />
    );
  } else {
    body = (
      <MovementsList
        movements={movements.data.data}
        caption={captionOf(query)}
        stacked={stacked}
        loading={movements.isPlaceholderData}
        pagination={pagination}
      />
    );
  }

  return (
    <section aria-labelledby={HEADING_ID}>
      <Flex vertical gap={12}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title id={HEADING_ID} level={2} style={{ fontSize: 18, margin: 0 }}>
            Movements
          </Typography.Title>
          {movements.data && !movements.isPlaceholderData && (
            <Typography.Text type="secondary" aria-live="polite">
              {countOf(total)}
            </Typography.Text>
          )}
        </Flex>
        {/* Five choices are wider than a phone: they scroll sideways rather than push the page. */}
        <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
          <Segmented
            aria-label="Show movements"
            options={FILTERS}
            value={query.state ?? ALL}
            onChange={(value) =>
              show({
                ...query,
                state: value === ALL ? undefined : (value as MoneyState),
                page: 1,
              })
            }
          />
        </div>
        {movements.isError && movements.data && (
          <Alert
            type="warning"
            showIcon
            title={`The movements could not be refreshed: ${describeApiError(toApiError(movements.error))}`}
            action={
              <Button size="small" onClick={() => void movements.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </section>
  );
}
