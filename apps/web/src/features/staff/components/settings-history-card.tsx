import { Empty, List, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { SETTINGS_KIND_LABELS } from '@crimsonhost/shared/admin-settings';
import { LoadErrorResult } from '../../../components/load-error-result';
import { SectionCard } from '../../../components/section-card';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useSettingsHistory } from '../api/get-settings-history';
import { describeSettingsChange } from '../settings-change';

const PAGE_SIZE = 10;
const when = (at: string) =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** History: every saved version, newest first: what, who, when, and each change before → after. */
export function SettingsHistoryCard() {
  const [page, setPage] = useState(1);
  const history = useSettingsHistory({ page, pageSize: PAGE_SIZE });
  let body;
  if (history.isPending) {
    body = <ListSkeleton rows={3} />;
  } else if (history.isError && !history.data) {
    body = <LoadErrorResult title="The settings history could not be loaded" query={history} />;
  } else if (history.data.data.length === 0) {
    body = <Empty description="No one has changed the settings yet." />;
  } else {
    body = (
      <>
        <List
          aria-label="Settings history"
          dataSource={history.data.data}
          renderItem={(version) => (
            <List.Item key={version.id}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong>
                  {SETTINGS_KIND_LABELS[version.kind]} · version {version.version}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {version.changedBy?.name ?? 'Someone'} · {when(version.at)}
                  </Typography.Text>
                </div>
                <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
                  {describeSettingsChange(version.kind, version.before, version.after).map(
                    (change) => (
                      <li key={change} style={{ overflowWrap: 'anywhere' }}>
                        {change}
                      </li>
                    ),
                  )}
                </ul>
              </div>
            </List.Item>
          )}
        />
        {history.data.meta.total > PAGE_SIZE && (
          <Pagination
            size="small"
            style={{ marginTop: 12 }}
            current={page}
            pageSize={PAGE_SIZE}
            total={history.data.meta.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </>
    );
  }
  return <SectionCard title="History">{body}</SectionCard>;
}
