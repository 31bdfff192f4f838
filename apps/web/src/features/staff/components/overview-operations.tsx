import { Card, Col, Row, Statistic, Table, Tag, Typography, theme } from 'antd';
import type {
  OverviewJob,
  OverviewMail,
  OverviewWatcher,
  WatcherState,
} from '@crimsonhost/shared/admin-overview';

/** 75 -> '1 min 15 s'; 7200 -> '2 h'. */
export function duration(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const s = seconds % 60;
    return `${Math.floor(seconds / 60)} min${s ? ` ${s} s` : ''}`;
  }
  if (seconds < 86_400) {
    const m = Math.floor((seconds % 3600) / 60);
    return `${Math.floor(seconds / 3600)} h${m ? ` ${m} min` : ''}`;
  }
  return `${Math.floor(seconds / 86_400)} d`;
}

/** How long before `now` an instant was, in words; both from the server's clock. */
const ago = (at: string | null, now: string) =>
  at === null
    ? 'Never'
    : `${duration(Math.max(0, Math.round((Date.parse(now) - Date.parse(at)) / 1000)))} ago`;

const STATE_TAGS: Record<WatcherState, { label: string; color: string }> = {
  ok: { label: 'Keeping up', color: 'success' },
  behind: { label: 'Behind', color: 'warning' },
  error: { label: 'Failing', color: 'error' },
};

const numberText = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/** Each network's deposit watcher: how far it has read, how far behind, and its last error. */
export function WatchersCard({ watchers, now }: { watchers: OverviewWatcher[]; now: string }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={<CardTitle>Deposit watchers</CardTitle>}>
      <Table<OverviewWatcher>
        size="small"
        rowKey="network"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={watchers}
        locale={{ emptyText: 'No watcher has run yet' }}
        columns={[
          { title: 'Network', dataIndex: 'network' },
          {
            title: 'State',
            dataIndex: 'state',
            render: (state: WatcherState) => (
              <Tag color={STATE_TAGS[state].color}>{STATE_TAGS[state].label}</Tag>
            ),
          },
          { title: 'Head block', dataIndex: 'headBlock', align: 'right', render: numberText },
          { title: 'Cursor', dataIndex: 'cursor', align: 'right', render: numberText },
          {
            title: 'Lag',
            key: 'lag',
            align: 'right',
            render: (_, watcher) => (
              <span
                style={{
                  color: watcher.state === 'ok' ? undefined : token.colorError,
                  fontWeight: watcher.state === 'ok' ? undefined : 600,
                  whiteSpace: 'nowrap',
                }}
              >
                {watcher.lagBlocks === null
                  ? '—'
                  : `${numberText(watcher.lagBlocks)} block${watcher.lagBlocks === 1 ? '' : 's'}`}
                {watcher.confirmations !== null && (
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                    {` (needs ${watcher.confirmations})`}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: 'Head seen',
            dataIndex: 'lagSeconds',
            render: (seconds: number | null) =>
              seconds === null ? 'Never' : `${duration(seconds)} ago`,
          },
          {
            title: 'Last error',
            dataIndex: 'lastError',
            render: (error: OverviewWatcher['lastError']) =>
              error === null ? (
                <Typography.Text type="secondary">None</Typography.Text>
              ) : (
                <Typography.Text
                  type={undefined}
                  style={{ maxWidth: 280, display: 'inline-block' }}
                  ellipsis={{ tooltip: error.message }}
                >
                  {`${ago(error.at, now)}: ${error.message}`}
                </Typography.Text>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** The background jobs as every instance shares them. */
export function JobsCard({ jobs, now }: { jobs: OverviewJob[]; now: string }) {
  return (
    <Card size="small" title={<CardTitle>Background jobs</CardTitle>}>
      <Table<OverviewJob>
        size="small"
        rowKey="name"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={jobs}
        locale={{ emptyText: 'No job has run yet' }}
        columns={[
          { title: 'Job', dataIndex: 'name' },
          {
            title: 'Last run',
            key: 'lastRunAt',
            render: (_, job) =>
              job.running ? <Tag color="processing">Running</Tag> : ago(job.lastRunAt, now),
          },
          {
            title: 'Last success',
            dataIndex: 'lastSuccessAt',
            render: (at: string | null) => ago(at, now),
          },
          {
            title: 'Last error',
            dataIndex: 'lastError',
            render: (error: string | null) =>
              error === null ? (
                <Typography.Text type="secondary">None</Typography.Text>
              ) : (
                <Typography.Text
                  type="danger"
                  style={{ maxWidth: 280, display: 'inline-block' }}
                  ellipsis={{ tooltip: error }}
                >
                  {error}
                </Typography.Text>
              ),
          },
          {
            title: 'Every',
            dataIndex: 'intervalSeconds',
            render: (seconds: number | null) => (seconds === null ? '—' : duration(seconds)),
          },
        ]}
      />
    </Card>
  );
}

/** Mail waiting in the outbox, failing, given up on. */
export function MailCard({ mail }: { mail: OverviewMail }) {
  const { token } = theme.useToken();
  const alarm = (bad: boolean) => (bad ? { content: { color: token.colorError } } : undefined);
  return (
    <Card size="small" title={<CardTitle>Mail outbox</CardTitle>}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title="Queued" value={mail.queued} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="Failing, retried"
            value={mail.failing}
            styles={alarm(mail.failing > 0)}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="Given up, 30 days"
            value={mail.failed}
            styles={alarm(mail.failed > 0)}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="Oldest queued"
            value={mail.oldestQueuedSeconds === null ? 'None' : duration(mail.oldestQueuedSeconds)}
          />
        </Col>
      </Row>
    </Card>
  );
}

function CardTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}
