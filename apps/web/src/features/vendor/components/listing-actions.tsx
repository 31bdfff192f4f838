import { DeleteOutlined, EditOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useSetVendorListingPaused } from '../api/set-vendor-listing-paused';
import { isPaused, pausedMessage, RENTED_REASON } from '../listing-state';
import { DeleteListingDialog } from './delete-listing-dialog';

/**
 * What a vendor can do with a listing: edit it (from the list), pause or resume it, delete it
 * after a confirmation. While a rental runs, pausing and deleting are off and the reason is shown
 * beside them (and read with them). The API's refusals are said as sentences.
 */
export function ListingActions({
  listing,
  withEdit = false,
  size = 'small',
  onDeleted,
}: {
  listing: VendorListing;
  /** The list's rows lead to the listing's page. */
  withEdit?: boolean;
  size?: 'small' | 'middle';
  onDeleted?: () => void;
}) {
  const reasonId = useId();
  const toast = useToast();
  const setPaused = useSetVendorListingPaused();
  const [deleting, setDeleting] = useState(false);
  const paused = isPaused(listing);
  const blocked = listing.rented;
  const describedBy = blocked ? reasonId : undefined;

  const togglePause = () =>
    setPaused.mutate(
      { id: listing.id, paused: !paused },
      {
        onSuccess: () => toast('success', pausedMessage(listing.name, !paused)),
        onError: (error) => toast('error', describeApiError(toApiError(error))),
      },
    );

  return (
    <Flex vertical gap={4}>
      <Flex wrap gap={8}>
        {withEdit && (
          <ButtonLink
            size={size}
            icon={<EditOutlined aria-hidden />}
            to={paths.vendorListing.href(listing.id)}
            aria-label={`Edit ${listing.name}`}
          >
            Edit
          </ButtonLink>
        )}
        <Button
          size={size}
          icon={paused ? <PlayCircleOutlined aria-hidden /> : <PauseOutlined aria-hidden />}
          loading={setPaused.isPending}
          disabled={blocked && !paused}
          aria-describedby={paused ? undefined : describedBy}
          aria-label={`${paused ? 'Resume' : 'Pause'} ${listing.name}`}
          onClick={togglePause}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          size={size}
          danger
          icon={<DeleteOutlined aria-hidden />}
          disabled={blocked}
          aria-describedby={describedBy}
          aria-label={`Delete ${listing.name}`}
          onClick={() => setDeleting(true)}
        >
          Delete
        </Button>
      </Flex>
      {blocked && (
        <Typography.Text id={reasonId} type="secondary" style={{ fontSize: 12 }}>
          {RENTED_REASON}
        </Typography.Text>
      )}
      <DeleteListingDialog
        listing={listing}
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={onDeleted}
      />
    </Flex>
  );
}
