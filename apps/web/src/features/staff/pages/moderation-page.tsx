import { Empty, Flex, Segmented, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  FLAG_QUEUE_VIEW_LABELS,
  FLAG_QUEUE_VIEWS,
  FLAG_SOURCE_LABELS,
  type FlagQueueView,
  type FlagSummary,
} from '@crimsonhost/shared/moderation';
import { paths } from '../../../app/paths';
import { useFlagQueue, type FlagQueueSearch } from '../api/moderation-flags';
import { flagReasonText, FlagStatusTag } from '../components/flag-tags';
import { LinkedRowsTable } from '../components/linked-rows-table';
import { countOf, StaffListPage } from '../components/staff-list-page';
import { Moment } from '../components/user-tags';

const EMPTY_VIEW: Record<FlagQueueView, string> = {
  open: 'Nothing to review: no flag waits for a moderator.',
  pending: 'No flag waits to be claimed.',
  reviewing: 'No flag is being reviewed.',
  resolved: 'No flag has been resolved yet.',
  dismissed: 'No flag has been dismissed yet.',
  all: 'No flag has been raised yet.',
};

function readSearch(params: URLSearchParams): FlagQueueSearch {
  const view = params.get('view') as FlagQueueView | null;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    view: view && FLAG_QUEUE_VIEWS.includes(view) ? view : 'open',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

function writeSearch(search: FlagQueueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view !== 'open') params.set('view', search.view);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** The person, linking to the flag: the row's way in for keyboards and screen readers. */
function FlagPerson({ flag }: { flag: FlagSummary }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Link to={paths.staffFlag.href(flag.id)} style={{ overflowWrap: 'anywhere' }}>
        {flag.user.name}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {flag.user.email}
      </Typography.Text>
    </Flex>
  );
}

const COLUMNS: TableColumnsType<FlagSummary> = [
  { title: 'Raised', dataIndex: 'createdAt', render: (at: string) => <Moment at={at} /> },
  { title: 'Account', key: 'user', render: (_, flag) => <FlagPerson flag={flag} /> },
  {
    title: 'Why',
    key: 'why',
    render: (_, flag) => (
      <Flex vertical gap={2}>
        <Typography.Text>{flagReasonText(flag.reason, flag.kinds)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {FLAG_SOURCE_LABELS[flag.source]}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Message',
    dataIndex: 'excerpt',
    render: (excerpt: string) => (
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>“{excerpt}”</Typography.Text>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, flag) => (
      <Flex vertical gap={2} align="start">
        <FlagStatusTag status={flag.status} />
        {flag.assignee && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {flag.assignee.name}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
];

/**
 * /admin/moderation (support and admin): the flags raised by the contact detector, vendors,
 * support and admins, opening on those to review, newest first. View and page live in the URL.
 */
export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const flags = useFlagQueue(search);
  const show = (next: FlagQueueSearch) => setParams(writeSearch(next));
  const caption = `Flags: ${FLAG_QUEUE_VIEW_LABELS[search.view]}, newest first`;
  return (
    <StaffListPage
      title="Moderation"
      query={flags}
      search={search}
      show={show}
      loadErrorTitle="The flags could not be loaded"
      countText={(total) => countOf(total, 'flag')}
      empty={<Empty description={EMPTY_VIEW[search.view]} />}
      controls={
        <Flex wrap gap={12} align="center" justify="space-between">
          <div style={{ maxWidth: '100%', overflowX: 'auto', alignSelf: 'flex-start' }}>
            <Segmented<FlagQueueView>
              aria-label="Show flags"
              options={FLAG_QUEUE_VIEWS.map((view) => ({
                value: view,
                label: FLAG_QUEUE_VIEW_LABELS[view],
              }))}
              value={search.view}
              onChange={(view) => show({ ...search, view, page: 1 })}
            />
          </div>
          <Link to={paths.staffAppeals.href()}>Appeals of penalties</Link>
        </Flex>
      }
      renderRows={(rows, { loading, pagination }) => (
        <LinkedRowsTable<FlagSummary>
          rows={rows}
          columns={COLUMNS}
          caption={caption}
          loading={loading}
          pagination={pagination}
          scrollX={820}
          hrefOf={(flag) => paths.staffFlag.href(flag.id)}
        />
      )}
    />
  );
}
