import { ArrowRightOutlined } from '@ant-design/icons';
import { Flex, Typography, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import type { VendorApplication, VendorStatusChange } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { DetailCard, DetailTable } from './detail-card';
import { Moment } from './user-tags';
import { ApplicationStatusTag, gamesText, regionsText, VendorStatusTag } from './vendor-tags';

/** Newest first, by an ISO date (ISO strings of one format sort as text). */
const newestFirst = <T,>(rows: T[], at: (row: T) => string) =>
  [...rows].sort((a, b) => at(b).localeCompare(at(a)));

const reasonCell = (reason: string | null) =>
  reason ? (
    <span style={{ overflowWrap: 'anywhere' }}>{reason}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

const APPLICATION_COLUMNS: TableColumnType<VendorApplication>[] = [
  { title: 'Sent', dataIndex: 'createdAt', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Name',
    key: 'name',
    render: (_, application) => (
      <Flex vertical style={{ minWidth: 0 }}>
        <span style={{ overflowWrap: 'anywhere' }}>{application.displayName}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {application.contactEmail}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: 'Games', key: 'games', render: (_, application) => gamesText(application.games) },
  {
    title: 'Regions',
    key: 'regions',
    render: (_, application) => regionsText(application.regions),
  },
  { title: 'Terms', dataIndex: 'termsVersion' },
  {
    title: 'Decision',
    key: 'status',
    render: (_, application) => <ApplicationStatusTag status={application.status} />,
  },
  { title: 'Decided', dataIndex: 'decidedAt', render: (at: string | null) => <Moment at={at} /> },
  { title: 'Reason', dataIndex: 'decisionReason', render: reasonCell },
];

/** The applications decided before, with each decision and its reason. */
export function PastApplicationsCard({ applications }: { applications: VendorApplication[] }) {
  return (
    <DetailCard title="Past applications">
      <DetailTable
        caption="Past applications, newest first"
        rows={newestFirst(applications, (application) => application.createdAt)}
        rowKey={(application) => application.id}
        columns={APPLICATION_COLUMNS}
        empty="No earlier application"
      />
    </DetailCard>
  );
}

/** Who made a change: a member of staff (linking to their account), or the applicant. */
function ChangedBy({ by }: { by: VendorStatusChange['by'] }) {
  if (!by) return <Typography.Text type="secondary">The applicant</Typography.Text>;
  return (
    <Link to={paths.staffUser.href(by.id)} style={{ overflowWrap: 'anywhere' }}>
      {by.name}
    </Link>
  );
}

const HISTORY_COLUMNS: TableColumnType<VendorStatusChange>[] = [
  { title: 'When', dataIndex: 'at', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Change',
    key: 'change',
    render: (_, change) => (
      <Flex wrap gap={4} align="center">
        {change.from ? (
          <VendorStatusTag status={change.from} />
        ) : (
          <Typography.Text type="secondary">New</Typography.Text>
        )}
        <ArrowRightOutlined aria-label="to" />
        <VendorStatusTag status={change.to} />
      </Flex>
    ),
  },
  { title: 'Reason', dataIndex: 'reason', render: reasonCell },
  { title: 'By', key: 'by', render: (_, change) => <ChangedBy by={change.by} /> },
];

/** Every status the vendor had: from what to what, why, by whom and when. */
export function StatusHistoryCard({ history }: { history: VendorStatusChange[] }) {
  return (
    <DetailCard title="Status history">
      <DetailTable
        caption="Status changes, newest first"
        rows={newestFirst(history, (change) => change.at)}
        rowKey={(change) => `${change.at}-${change.from ?? 'new'}-${change.to}`}
        columns={HISTORY_COLUMNS}
        empty="No status change yet"
      />
    </DetailCard>
  );
}
