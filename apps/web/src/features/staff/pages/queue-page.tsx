import { Alert, Button, Empty, Flex, Popconfirm, Select, Switch, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
} from '@crimsonhost/shared/support';
import {
  STAFF_SETTABLE_STATUSES,
  type DeskQueueQuery,
  type DeskTicket,
} from '@crimsonhost/shared/support-desk';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { SearchInput } from '../../../components/text-input';
import { TicketPriorityTag, TicketStatusTag } from '../../../components/ticket-tags';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useAgents, useBulkStatus, useClaim, useQueue } from '../api/desk';
import { SlaText } from '../components/sla-text';

function readQuery(search: URLSearchParams): DeskQueueQuery & { page: number; pageSize: number } {
  const pageSize = Number(search.get('pageSize'));
  const get = (name: string) => search.get(name) ?? undefined;
  return {
    status: (get('status') as DeskQueueQuery['status']) ?? 'ACTIVE',
    priority: get('priority') as DeskQueueQuery['priority'],
    category: get('category') as DeskQueueQuery['category'],
    assignee: get('assignee'),
    overdue: search.get('overdue') === 'true' ? 'true' : undefined,
    q: get('q'),
    sort: (get('sort') as DeskQueueQuery['sort']) ?? 'sla',
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: (TABLE_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? pageSize
      : DEFAULT_PAGE_SIZE,
  };
}

/** /admin/tickets: the queue, soonest due first, with filters in the URL and bulk changes. */
export function QueuePage() {
  const [search, setSearch] = useSearchParams();
  const query = readQuery(search);
  const queue = useQueue(query);
  const agents = useAgents();
  const claim = useClaim();
  const bulk = useBulkStatus();
  const toast = useToast();
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkStatus, setBulkStatus] = useState<string>('RESOLVED');

  const show = (next: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '') params.delete(key);
      else params.set(key, String(value));
    }
    if (!('page' in next)) params.delete('page');
    setSearch(params);
  };
  const filter = (
    label: string,
    name: string,
    options: { value: string; label: string }[],
    value?: string,
  ) => (
    <Select
      aria-label={label}
      allowClear
      placeholder={label}
      style={{ minWidth: 150 }}
      value={value}
      options={options}
      onChange={(next?: string) => show({ [name]: next })}
    />
  );

  const rows = queue.data?.data ?? [];
  return (
    <>
      <title>Tickets · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Tickets
        </Typography.Title>
        <Flex wrap gap={8} align="center">
          <Select
            aria-label="Status"
            style={{ minWidth: 170 }}
            value={query.status}
            options={[
              { value: 'ACTIVE', label: 'Not ended' },
              { value: 'ALL', label: 'All statuses' },
              ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
            ]}
            onChange={(status: string) =>
              show({ status: status === 'ACTIVE' ? undefined : status })
            }
          />
          {filter(
            'Priority',
            'priority',
            TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] })),
            query.priority,
          )}
          {filter(
            'Category',
            'category',
            TICKET_CATEGORIES.map((c) => ({ value: c, label: TICKET_CATEGORY_LABELS[c] })),
            query.category,
          )}
          {filter(
            'Assignee',
            'assignee',
            [
              { value: 'me', label: 'Me' },
              { value: 'none', label: 'Unassigned' },
              ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
            ],
            query.assignee,
          )}
          <Flex align="center" gap={6}>
            <Switch
              id="overdue-only"
              size="small"
              checked={query.overdue === 'true'}
              onChange={(checked) => show({ overdue: checked ? 'true' : undefined })}
            />
            <label htmlFor="overdue-only">Overdue only</label>
          </Flex>
          <Select
            aria-label="Sort"
            style={{ minWidth: 180 }}
            value={query.sort}
            options={[
              { value: 'sla', label: 'Soonest due first' },
              { value: 'updated', label: 'Last activity' },
              { value: 'created', label: 'Newest first' },
            ]}
            onChange={(sort: string) => show({ sort: sort === 'sla' ? undefined : sort })}
          />
          <SearchInput
            aria-label="Search subject, e-mail or #number"
            placeholder="Subject, e-mail or #number"
            defaultValue={query.q}
            onSearch={(q) => show({ q: q.trim() || undefined })}
            style={{ width: 240, maxWidth: '100%' }}
          />
        </Flex>
        {selected.length > 0 && (
          <Flex wrap gap={8} align="center" role="region" aria-label="Change the selected tickets">
            <Typography.Text>{selected.length} selected</Typography.Text>
            <Select
              aria-label="New status for the selected tickets"
              style={{ minWidth: 180 }}
              value={bulkStatus}
              options={STAFF_SETTABLE_STATUSES.map((s) => ({
                value: s,
                label: TICKET_STATUS_LABELS[s],
              }))}
              onChange={setBulkStatus}
            />
            <Popconfirm
              title={`Set ${selected.length} ticket${selected.length === 1 ? '' : 's'} to ${TICKET_STATUS_LABELS[bulkStatus as 'RESOLVED']}?`}
              okText="Apply"
              onConfirm={() =>
                bulk.mutate(
                  { ids: selected, status: bulkStatus },
                  {
                    onSuccess: ({ updated }) => {
                      toast('success', `${updated} ticket${updated === 1 ? '' : 's'} changed`);
                      setSelected([]);
                    },
                    onError: (error) => toast('error', describeApiError(toApiError(error))),
                  },
                )
              }
            >
              <Button loading={bulk.isPending}>Apply</Button>
            </Popconfirm>
          </Flex>
        )}
        {queue.isError && !queue.data ? (
          <LoadErrorResult title="The queue could not be loaded" query={queue} />
        ) : (
          <>
            {queue.isError && (
              <Alert type="warning" showIcon title="Could not refresh the queue." />
            )}
            <Table<DeskTicket>
              rowKey="id"
              loading={queue.isPending || queue.isPlaceholderData}
              dataSource={rows}
              scroll={{ x: 1000 }}
              locale={{ emptyText: <Empty description="No tickets match these filters." /> }}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
              }}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: queue.data?.meta.total ?? 0,
                pageSizeOptions: [...TABLE_PAGE_SIZES],
                showSizeChanger: true,
                showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
                onChange: (page, pageSize) => show({ page, pageSize }),
              }}
              columns={[
                { title: '#', dataIndex: 'number', width: 70, render: (n: number) => `#${n}` },
                {
                  title: 'Subject',
                  key: 'subject',
                  render: (_, t) => <Link to={paths.staffTicket.href(t.id)}>{t.subject}</Link>,
                },
                {
                  title: 'Requester',
                  key: 'requester',
                  render: (_, t) => (
                    <Flex vertical>
                      <span>{t.requester.name}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t.requester.email}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: 'Status',
                  key: 'status',
                  render: (_, t) => <TicketStatusTag status={t.status} />,
                },
                {
                  title: 'Priority',
                  key: 'priority',
                  render: (_, t) => <TicketPriorityTag priority={t.priority} />,
                },
                {
                  title: 'Category',
                  key: 'category',
                  render: (_, t) => TICKET_CATEGORY_LABELS[t.category],
                },
                {
                  title: 'Assignee',
                  key: 'assignee',
                  render: (_, t) =>
                    t.assignee ? (
                      t.assignee.name
                    ) : (
                      <Button
                        size="small"
                        loading={claim.isPending && claim.variables === t.id}
                        aria-label={`Claim ticket #${t.number}`}
                        onClick={() =>
                          claim.mutate(t.id, {
                            onError: (error) => toast('error', describeApiError(toApiError(error))),
                          })
                        }
                      >
                        Claim
                      </Button>
                    ),
                },
                { title: 'SLA', key: 'sla', render: (_, t) => <SlaText sla={t.sla} /> },
                {
                  title: 'Last activity',
                  key: 'activity',
                  render: (_, t) => (
                    <time dateTime={t.lastActivityAt}>
                      {dayjs(t.lastActivityAt).format('D MMM, HH:mm')}
                    </time>
                  ),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </>
  );
}
