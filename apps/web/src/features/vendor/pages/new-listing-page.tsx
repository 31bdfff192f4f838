import { Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { SurfaceCard } from '../../../components/surface-card';
import { useToast } from '../../../components/use-toast';
import { useCreateVendorListing } from '../api/create-vendor-listing';
import { BackToListings } from '../components/back-to-listings';
import { ListingForm } from '../components/listing-form';

/**
 * /vendor/listings/new (vendor role): a new listing (issue 16 point 4). Once saved it opens on its
 * own page, where its image is added and its first status check is followed.
 */
export function NewListingPage() {
  const create = useCreateVendorListing();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <>
      <title>Add a listing · Vendor · CrimsonHost</title>
      <Flex vertical gap={16} style={{ maxWidth: 960 }}>
        <BackToListings />
        <Flex vertical gap={8}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            Add a listing
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0 }}>
            Once you add it, we ask your game server for its status: the listing joins the catalog
            as soon as it answers. You can add an image on the next page.
          </Typography.Paragraph>
        </Flex>
        <SurfaceCard>
          <ListingForm
            submitText="Add listing"
            saving={create.isPending}
            save={create.mutateAsync}
            onSaved={(listing) => {
              toast(
                'success',
                `“${listing.name}” is added. We are asking its game server for its status.`,
              );
              void navigate(paths.vendorListing.href(listing.id));
            }}
            extraActions={<ButtonLink to={paths.vendorListings.href()}>Cancel</ButtonLink>}
          />
        </SurfaceCard>
      </Flex>
    </>
  );
}
