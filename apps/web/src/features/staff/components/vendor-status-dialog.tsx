import { Form, Radio, Typography } from 'antd';
import {
  SETTABLE_VENDOR_STATUSES,
  VENDOR_STATUS_LABELS,
  type AdminVendor,
} from '@crimsonhost/shared/vendors';
import { useToast } from '../../../components/use-toast';
import { useSetVendorStatus } from '../api/set-vendor-status';
import { ActionDialog } from './action-dialog';
import { ReasonField } from './reason-field';

type SettableVendorStatus = (typeof SETTABLE_VENDOR_STATUSES)[number];

interface StatusValues {
  status: SettableVendorStatus;
  reason: string;
}

/** What each status means for the vendor, beside its choice. */
const STATUS_HINTS: Record<SettableVendorStatus, string> = {
  ACTIVE: 'Their listings can be in the catalog and rented.',
  SUSPENDED: 'Their listings leave the catalog; running rentals run to their end.',
  CLOSED: 'The vendor account ends; they may apply again later.',
};

/**
 * Makes the vendor active, suspended or closed (any but the status it has), with the reason the
 * audit log and the vendor's history keep.
 */
export function VendorStatusDialog({
  vendor,
  open,
  onClose,
}: {
  vendor: AdminVendor;
  open: boolean;
  onClose: () => void;
}) {
  const change = useSetVendorStatus();
  const toast = useToast();
  return (
    <ActionDialog<StatusValues>
      name="vendor-status"
      open={open}
      title="Change vendor status"
      okText="Change status"
      pending={change.isPending}
      onClose={onClose}
      onSubmit={async ({ status, reason }) => {
        const changed = await change.mutateAsync({ vendorId: vendor.id, status, reason });
        toast(
          'success',
          `${vendor.displayName} is now ${VENDOR_STATUS_LABELS[changed.vendor.status].toLowerCase()}`,
        );
      }}
    >
      <Typography.Paragraph>
        {vendor.displayName} is {VENDOR_STATUS_LABELS[vendor.status].toLowerCase()} now. Suspending
        takes the vendor&apos;s listings out of the catalog at once, while rentals already running
        run to their end. The change and its reason go to the vendor&apos;s history and the audit
        log.
      </Typography.Paragraph>
      <Form.Item name="status" label="New status" rules={[{ required: true }]}>
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={SETTABLE_VENDOR_STATUSES.map((status) => ({
            value: status,
            disabled: status === vendor.status,
            label: (
              <span>
                {VENDOR_STATUS_LABELS[status]}
                {status === vendor.status && ' (now)'}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {STATUS_HINTS[status]}
                </Typography.Text>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <ReasonField extra="Kept in the vendor's history and the audit log." />
    </ActionDialog>
  );
}
