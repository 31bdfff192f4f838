import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@crimsonhost/shared/admin';
import { paths } from '../../../app/paths';
import { AuditChange, hasChange } from './audit-change';
import { CLIENT_KIND_LABELS, Moment, when } from './user-tags';

/** What the line was done to: an account links to its page, anything else is named. */
function Target({ entry }: { entry: AuditEntry }) {
  const label = entry.targetLabel ?? entry.targetId;
  if (!label) return <>—</>;
  if (entry.targetType === 'user' && entry.targetId) {
    return (
      <Link to={paths.staffUser.href(entry.targetId)} style={{ overflowWrap: 'break-word' }}>
        {label}
      </Link>
    );
  }
  return (
    <Flex vertical>
      <span style={{ overflowWrap: 'anywhere' }}>{label}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {entry.targetType}
      </Typography.Text>
    </Flex>
  );
}

const COLUMNS: TableColumnsType<AuditEntry> = [
  { title: 'Time', dataIndex: 'at', render: (at: string) => <Moment at={at} /> },
  {
    title: 'Actor',
    key: 'actor',
    render: (_, { actor }) =>
      actor ? (
        <Flex vertical>
          <Link to={paths.staffUser.href(actor.id)}>{actor.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {actor.email}
          </Typography.Text>
        </Flex>
      ) : (
        '—'
      ),
  },
  {
    title: 'Client',
    key: 'client',
    render: (_, entry) => (entry.clientKind ? CLIENT_KIND_LABELS[entry.clientKind] : '—'),
  },
  { title: 'Address', key: 'ip', render: (_, entry) => entry.ip ?? '—' },
  { title: 'Action', key: 'action', render: (_, entry) => AUDIT_ACTION_LABELS[entry.action] },
  { title: 'Target', key: 'target', render: (_, entry) => <Target entry={entry} /> },
];

/**
 * One page of the audit log, newest first. A line that changed something opens to show the
 * before and the after; its toggle says which line it opens.
 */
export function AuditTable({
  entries,
  loading,
  pagination,
}: {
  entries: AuditEntry[];
  loading: boolean;
  pagination: TablePaginationConfig;
}) {
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={entries}
      columns={COLUMNS}
      scroll={{ x: 960 }}
      // Columns as wide as their words: a fixed column would otherwise share the width evenly.
      tableLayout="auto"
      locale={{ emptyText: <Empty description="Nothing in the log matches these filters." /> }}
      expandable={{
        // A fixed toggle column keeps an opened line as wide as the screen, not the scrolled table.
        fixed: 'left',
        rowExpandable: hasChange,
        expandedRowRender: (entry) => <AuditChange before={entry.before} after={entry.after} />,
        expandIcon: ({ expanded, expandable, record, onExpand }) =>
          expandable ? (
            <Button
              type="text"
              size="small"
              aria-expanded={expanded}
              aria-label={`${expanded ? 'Hide' : 'Show'} the change: ${AUDIT_ACTION_LABELS[record.action]}, ${when(record.at)}`}
              icon={expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
              onClick={(event) => onExpand(record, event)}
            />
          ) : null,
      }}
      pagination={pagination}
    />
  );
}
