import { Flex, Skeleton, Typography } from 'antd';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { SurfaceCard } from '../../../components/surface-card';
import { useVendorStanding } from '../api/get-vendor-standing';
import { VendorStanding } from '../components/vendor-standing';
import { standingTitle, standingView } from '../vendor-standing';

const PAGE_MAX_WIDTH = 760;

/**
 * /vendor/apply (signed in): the vendor application, or where my application or vendor account
 * stands (issue 16 point 1).
 */
export function VendorApplyPage() {
  const standing = useVendorStanding();
  const view = standing.data ? standingView(standing.data) : null;
  const title = view ? standingTitle(view) : 'Become a vendor';

  return (
    <>
      <title>{`${title} · CrimsonHost`}</title>
      <PageBreadcrumb items={[{ title }]} />
      <Flex vertical gap={16} style={{ maxWidth: PAGE_MAX_WIDTH }}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {title}
        </Typography.Title>
        {view?.kind === 'apply' && (
          <Typography.Paragraph style={{ margin: 0 }}>
            Rent out game servers you run to CrimsonHost&apos;s renters and get paid in USDT. Tell
            us who you are, what you host and where to send your earnings; an administrator reviews
            your application.
          </Typography.Paragraph>
        )}
        {standing.data && view ? (
          <VendorStanding standing={standing.data} view={view} />
        ) : standing.isError ? (
          <LoadErrorResult title="Your vendor application could not be loaded" query={standing} />
        ) : (
          <SurfaceCard role="status" aria-label="Loading your vendor application" aria-busy="true">
            <Skeleton active paragraph={{ rows: 6 }} />
          </SurfaceCard>
        )}
      </Flex>
    </>
  );
}
