import { Flex, Typography } from 'antd';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useAdminOverview } from '../api/get-admin-overview';
import { OverviewChart } from './overview-chart';
import { OverviewFiguresCards } from './overview-figures';
import { JobsCard, MailCard, WatchersCard } from './overview-operations';

/** The admin's part of the Overview: the business figures, then the operations' health. */
export function AdminOverview() {
  const overview = useAdminOverview();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
        Business and operations
      </Typography.Title>
      {overview.isPending ? (
        <ListSkeleton rows={4} />
      ) : overview.isError ? (
        <LoadErrorResult title="The overview's figures could not be loaded" query={overview} />
      ) : (
        <>
          <OverviewFiguresCards today={overview.data.today} last30Days={overview.data.last30Days} />
          <OverviewChart series={overview.data.series} />
          <WatchersCard watchers={overview.data.watchers} now={overview.data.generatedAt} />
          <JobsCard jobs={overview.data.jobs} now={overview.data.generatedAt} />
          <MailCard mail={overview.data.mail} />
        </>
      )}
    </Flex>
  );
}
