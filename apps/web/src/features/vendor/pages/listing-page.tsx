import { Alert, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { SurfaceCard } from '../../../components/surface-card';
import { useToast } from '../../../components/use-toast';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useVendorListing } from '../api/get-vendor-listing';
import { useUpdateVendorListing } from '../api/update-vendor-listing';
import { BackToListings } from '../components/back-to-listings';
import { ListingChangesCard } from '../components/listing-changes-card';
import { ListingForm } from '../components/listing-form';
import { ListingImageCard } from '../components/listing-image-card';
import { ListingStateCard } from '../components/listing-state-card';
import { ListingStateTag } from '../components/listing-state-tag';
import { PanelErrorsCard } from '../components/panel-errors-card';
import { PanelLinkCard } from '../components/panel-link-card';

const h2 = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

function ListingNotFound() {
  return (
    <>
      <title>Listing not found · Vendor · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Listing not found</h1>}
        subTitle="No listing of yours has this id. It may have been deleted."
        extra={
          <ButtonLink type="primary" to={paths.vendorListings.href()}>
            Back to listings
          </ButtonLink>
        }
      />
    </>
  );
}

/** What saving says: a new game or address takes the listing out of the catalog for a while. */
function savedMessage(before: VendorListingDetail, saved: VendorListingDetail): string {
  return saved.state === 'CHECKING' && before.state !== 'CHECKING'
    ? 'Your changes are saved. The listing is out of the catalog until its game server answers.'
    : 'Your changes are saved.';
}

/**
 * /vendor/listings/:listingId (vendor role): one listing (issue 16 point 4): its details to edit,
 * where it stands (read again every 3 seconds while its game server has not answered), its image,
 * pause, resume and delete, the record of its price and game changes, its game panel link (point
 * 5) and the panel errors its renters met.
 */
export function ListingPage() {
  const { listingId = '' } = useParams();
  const listing = useVendorListing(listingId);
  const update = useUpdateVendorListing();
  const navigate = useNavigate();
  const toast = useToast();

  if (listing.isPending) {
    return (
      <>
        <title>Listing · Vendor · CrimsonHost</title>
        <SurfaceCard role="status" aria-label="Loading the listing" aria-busy="true">
          <Skeleton active paragraph={{ rows: 8 }} />
        </SurfaceCard>
      </>
    );
  }
  if (listing.error instanceof ApiError && listing.error.status === 404) return <ListingNotFound />;
  if (!listing.data) {
    return <LoadErrorResult title="The listing could not be loaded" query={listing} />;
  }
  const detail = listing.data;
  const backToList = () => void navigate(paths.vendorListings.href());

  return (
    <>
      <title>{`${detail.name} · Listings · Vendor · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <BackToListings />
        <Flex wrap gap={12} align="center">
          <Typography.Title
            level={1}
            style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {detail.name}
          </Typography.Title>
          <ListingStateTag state={detail.state} />
        </Flex>
        {listing.isError && (
          <Alert
            type="warning"
            showIcon
            title={`The listing could not be refreshed; it shows what it had. ${describeApiError(toApiError(listing.error))}`}
          />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={{ span: 24, order: 2 }} lg={{ span: 16, order: 1 }}>
            <Flex vertical gap={16}>
              <SurfaceCard title={h2('Details')}>
                <ListingForm
                  key={detail.id}
                  listing={detail}
                  submitText="Save changes"
                  saving={update.isPending}
                  save={(input) => update.mutateAsync({ id: detail.id, input })}
                  onSaved={(saved) => toast('success', savedMessage(detail, saved))}
                />
              </SurfaceCard>
              <PanelLinkCard listingId={detail.id} />
            </Flex>
          </Col>
          <Col xs={{ span: 24, order: 1 }} lg={{ span: 8, order: 2 }}>
            <Flex vertical gap={16}>
              <ListingStateCard listing={detail} onDeleted={backToList} />
              <ListingImageCard listing={detail} />
            </Flex>
          </Col>
          <Col xs={{ span: 24, order: 3 }}>
            <ListingChangesCard changes={detail.changes} />
          </Col>
          <Col xs={{ span: 24, order: 4 }}>
            <PanelErrorsCard listingId={detail.id} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
