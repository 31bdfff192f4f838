import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useVendorListings } from '../api/get-vendor-listings';
import { ListingsList } from '../components/listings-list';
import { useStackedLists } from '../use-stacked-lists';

/** The way to a new listing: the page's main action, and the empty list's. */
function AddListingButton() {
  return (
    <ButtonLink
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      to={paths.vendorListingNew.href()}
    >
      Add a listing
    </ButtonLink>
  );
}

/**
 * /vendor/listings (vendor role): my game servers in the catalog (issue 16 point 4), each with
 * its state, what renters see of it, and its actions: edit, pause or resume, delete.
 */
export function ListingsPage() {
  const listings = useVendorListings();
  const stacked = useStackedLists();

  let body;
  if (listings.isPending) {
    body = <ListSkeleton rows={4} />;
  } else if (!listings.data) {
    body = <LoadErrorResult title="Your listings could not be loaded" query={listings} />;
  } else if (listings.data.length === 0) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="You have no listings yet">
        <Typography.Paragraph type="secondary">
          Add the first of your game servers: renters find it in the catalog once it answers.
        </Typography.Paragraph>
        <AddListingButton />
      </Empty>
    );
  } else {
    body = <ListingsList listings={listings.data} stacked={stacked} />;
  }

  return (
    <>
      <title>Listings · Vendor · CrimsonHost</title>
      <Flex vertical gap={24}>
        <Flex wrap gap={12} justify="space-between" align="flex-start">
          <Flex vertical gap={8} style={{ maxWidth: 760 }}>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              Listings
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>
              The game servers you rent out. A new listing, or one whose game or address changed,
              joins the catalog as soon as its game server answers a status query; renters see its
              status and players as shown here.
            </Typography.Paragraph>
          </Flex>
          <AddListingButton />
        </Flex>
        {listings.isError && listings.data && (
          <Alert
            type="warning"
            showIcon
            title={`Your listings could not be refreshed: ${describeApiError(toApiError(listings.error))}`}
            action={
              <Button size="small" onClick={() => void listings.refetch()}>
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
