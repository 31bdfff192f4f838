import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { turnPage } from '../../../components/table-pagination';
import { LoadErrorResult } from '../../../components/load-error-result';
import { useDeskQueue } from '../api/get-desk-queue';
import { BulkStatusBar } from '../components/bulk-status-bar';
import { QueueFilters } from '../components/queue-filters';
import { QueueTable } from '../components/queue-table';
import {
  DEFAULT_QUEUE_SEARCH,
  readQueueSearch,
  writeQueueSearch,
  type QueueSearch,
} from '../queue-search';

/**
 * /admin/tickets: the queue, soonest due first by default. Filters, sort and page live in the
 * URL, so a view can be shared or bookmarked; the list asks again every 30 s.
 */
export function QueuePage() {
  const [params, setParams] = useSearchParams();
  const search = readQueueSearch(params);
  const queue = useDeskQueue(search);
  const [selected, setSelected] = useState<string[]>([]);

  const show = (next: QueueSearch) => {
    setSelected([]);
    setParams(writeQueueSearch(next));
  };
  const total = queue.data?.meta.total;

  return (
    <>
      <title>Tickets · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="baseline" justify="space-between">
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Tickets
          </Typography.Title>
          {total !== undefined && (
            <Typography.Text type="secondary" aria-live="polite">
              {total} ticket{total === 1 ? '' : 's'}
            </Typography.Text>
          )}
        </Flex>
        <QueueFilters
          search={search}
          onChange={(changes) => show({ ...search, ...changes, page: 1 })}
          onClear={() =>
            show({ ...DEFAULT_QUEUE_SEARCH, sort: search.sort, pageSize: search.pageSize })
          }
        />
        {selected.length > 0 && <BulkStatusBar ids={selected} onDone={() => setSelected([])} />}
        {queue.isError && !queue.data ? (
          <LoadErrorResult title="The queue could not be loaded" query={queue} />
        ) : (
          <>
            {queue.isError && (
              <Alert
                type="warning"
                showIcon
                title="The queue could not be refreshed; it shows what it had."
              />
            )}
            <QueueTable
              page={queue.data}
              search={search}
              loading={queue.isPending || queue.isPlaceholderData}
              selected={selected}
              onSelect={setSelected}
              onPage={(page, pageSize) => show(turnPage(search, page, pageSize))}
            />
          </>
        )}
      </Flex>
    </>
  );
}
