import { Alert, Button, Empty, Flex, Skeleton, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { PanelError } from '@crimsonhost/shared/vendor-panels';
import { CaptionedTable } from '../../../components/captioned-table';
import { SurfaceCard } from '../../../components/surface-card';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { PANEL_ERRORS_PAGE_SIZE, usePanelErrors } from '../api/get-panel-errors';
import { Dated } from './dated';

const TITLE = <h2 style={{ fontSize: 16, margin: 0 }}>Panel errors</h2>;

const COLUMNS: TableColumnsType<PanelError> = [
  { title: 'When', dataIndex: 'at', render: (at: string) => <Dated at={at} withTime /> },
  {
    title: 'What happened',
    key: 'what',
    render: (_, error) => (
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <span>{error.summary}</span>
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {error.detail}
        </Typography.Text>
      </Flex>
    ),
  },
];

/**
 * What renters of this listing met at its panel (a start that failed, a state the panel would not
 * give), newest first, ten at a time: the vendor's cue to look at the panel.
 */
export function PanelErrorsCard({ listingId }: { listingId: string }) {
  const [page, setPage] = useState(1);
  const errors = usePanelErrors({ listingId, page });

  let body;
  if (errors.isPending) {
    body = (
      <div role="status" aria-label="Loading the panel errors" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (!errors.data) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={`The panel errors could not be loaded. ${describeApiError(toApiError(errors.error))}`}
        action={
          <Button size="small" onClick={() => void errors.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (errors.data.meta.total === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No panel errors: every call renters made to your panel went through."
      />
    );
  } else {
    body = (
      <CaptionedTable<PanelError>
        caption="Panel errors of this listing, newest first"
        size="small"
        rowKey="id"
        columns={COLUMNS}
        dataSource={errors.data.data}
        loading={errors.isFetching && errors.isPlaceholderData}
        pagination={{
          current: page,
          pageSize: PANEL_ERRORS_PAGE_SIZE,
          total: errors.data.meta.total,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
      />
    );
  }
  return <SurfaceCard title={TITLE}>{body}</SurfaceCard>;
}
