import { Alert, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useDeleteVendorListing } from '../api/delete-vendor-listing';

/**
 * Asks before a listing is deleted, naming the server. A refusal (rented in the meantime, a
 * suspended vendor) is said in the dialog, which stays open; once deleted it closes and says so.
 */
export function DeleteListingDialog({
  listing,
  open,
  onClose,
  onDeleted,
}: {
  listing: Pick<VendorListing, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
  /** After the listing is gone (its own page leads back to the list). */
  onDeleted?: () => void;
}) {
  const remove = useDeleteVendorListing();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = () => {
    setFailure(null);
    remove.mutate(listing.id, {
      onSuccess: () => {
        toast('success', `“${listing.name}” was deleted.`);
        close();
        onDeleted?.();
      },
      onError: (error) => setFailure(describeApiError(toApiError(error))),
    });
  };
  return (
    <Modal
      open={open}
      title={`Delete “${listing.name}”?`}
      okText="Delete listing"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      confirmLoading={remove.isPending}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The listing leaves the catalog for good and cannot be brought back. What its past rentals
        earned stays in your earnings.
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
    </Modal>
  );
}
