import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useVendorOverview } from '../api/get-vendor-overview';
import { EarningsChart } from '../components/earnings-chart';
import { OverviewFigures, OverviewFiguresSkeleton } from '../components/overview-figures';
import { UptimeList } from '../components/uptime-list';
import { useStackedLists } from '../use-stacked-lists';

/** A part of the page under its level-2 heading, named by it for screen readers. */
function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title id={id} level={2} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{intro}</Typography.Text>
        </Flex>
        {children}
      </Flex>
    </section>
  );
}

/**
 * /vendor (vendor role): how my listings are doing (issue 16 point 3): listings by state, the
 * rentals running now, occupancy and my share earned over 7 and 30 days, and each listing's
 * uptime over 30 days from the catalog's status checks.
 */
export function OverviewPage() {
  const overview = useVendorOverview();
  const stacked = useStackedLists();
  const data = overview.data;

  let body;
  if (overview.isPending) {
    body = (
      <>
        <OverviewFiguresSkeleton />
        <Skeleton active paragraph={{ rows: 4 }} />
        <ListSkeleton rows={3} />
      </>
    );
  } else if (!data) {
    body = <LoadErrorResult title="Your overview could not be loaded" query={overview} />;
  } else if (data.listings.total === 0 && data.uptime.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="You have no listings yet">
        <Typography.Paragraph type="secondary">
          Add the first of your game servers: its rentals, earnings and uptime show here.
        </Typography.Paragraph>
        <ButtonLink
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          to={paths.vendorListingNew.href()}
        >
          Add a listing
        </ButtonLink>
      </Empty>
    );
  } else {
    body = (
      <>
        <OverviewFigures overview={data} />
        <Section
          id="overview-earnings-heading"
          title="Earnings"
          intro="Your share of each rental, after the commission, on the day the rental ended (UTC). Running rentals count once they end."
        >
          <EarningsChart
            days={data.earnings.days}
            totals={{ 7: data.earnings.last7Days, 30: data.earnings.last30Days }}
          />
        </Section>
        <Section
          id="overview-uptime-heading"
          title="Uptime"
          intro="How often each game server answered the status checks the catalog runs, over the last 30 days."
        >
          <UptimeList uptime={data.uptime} stacked={stacked} />
        </Section>
      </>
    );
  }

  return (
    <>
      <title>Overview · Vendor · CrimsonHost</title>
      <Flex vertical gap={24}>
        <Flex vertical gap={8} style={{ maxWidth: 760 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Overview
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0 }}>
            How your listings are doing: who rents them, how much of the time, what they earned you
            and how reliably their game servers answer.
          </Typography.Paragraph>
        </Flex>
        {overview.isError && data && (
          <Alert
            type="warning"
            showIcon
            title={`Your overview could not be refreshed: ${describeApiError(toApiError(overview.error))}`}
            action={
              <Button size="small" onClick={() => void overview.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </>
  );
}
