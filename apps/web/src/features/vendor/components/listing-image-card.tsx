import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import {
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_MAX_SIDE,
  type VendorListing,
} from '@crimsonhost/shared/vendor-listings';
import { SurfaceCard } from '../../../components/surface-card';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useRemoveVendorListingImage } from '../api/remove-vendor-listing-image';
import { useSetVendorListingImage } from '../api/set-vendor-listing-image';

const MAX_MB = LISTING_IMAGE_MAX_BYTES / 1024 / 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The listing's picture: shown as renters get it (the app serves the API's resized copy), with a
 * way to replace or remove it. The file goes to the API as it is, the raw body; the API judges it
 * by its bytes and its refusal is shown as it words it.
 */
export function ListingImageCard({ listing }: { listing: VendorListing }) {
  const { token } = theme.useToken();
  const toast = useToast();
  const upload = useSetVendorListingImage();
  const remove = useRemoveVendorListingImage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = (error: unknown) => setRefusal(describeApiError(toApiError(error)));

  return (
    <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>Image</h2>}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Shown on the server&apos;s page. A PNG, JPEG or WebP picture of up to {MAX_MB} MB; it is
          resized to {LISTING_IMAGE_MAX_SIDE} px on its longest side.
        </Typography.Text>
        {listing.image ? (
          <img
            src={listing.image}
            alt={`The image of ${listing.name}`}
            style={{
              display: 'block',
              maxWidth: '100%',
              height: 'auto',
              borderRadius: token.borderRadius,
              border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            }}
          />
        ) : (
          <Typography.Text type="secondary">No image yet.</Typography.Text>
        )}
        {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
        <Flex wrap gap={8}>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              if (file.size > LISTING_IMAGE_MAX_BYTES) {
                setRefusal(`The image is larger than ${MAX_MB} MB. Choose a smaller one.`);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              setRefusal(null);
              upload.mutateAsync({ id: listing.id, file: file as Blob }).then(
                (saved) => {
                  toast('success', 'The image is saved.');
                  onSuccess?.(saved);
                },
                (error: unknown) => {
                  refused(error);
                  onError?.(toApiError(error));
                },
              );
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
              {listing.image ? 'Replace the image' : 'Upload an image'}
            </Button>
          </Upload>
          {listing.image && (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={remove.isPending}
              onClick={() => {
                setRefusal(null);
                remove.mutate(listing.id, {
                  onSuccess: () => toast('success', 'The image is removed.'),
                  onError: refused,
                });
              }}
            >
              Remove the image
            </Button>
          )}
        </Flex>
      </Flex>
    </SurfaceCard>
  );
}
