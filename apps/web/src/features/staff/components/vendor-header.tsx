import { ArrowLeftOutlined, SwapOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { VENDOR_STATUS_LABELS, type AdminVendor } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { AdminOnly } from './admin-only';
import { VendorStatusDialog } from './vendor-status-dialog';
import { VendorTags } from './vendor-tags';

/** Why the vendor is suspended or closed, said in full; null for the other statuses. */
function restriction(vendor: AdminVendor): string | null {
  if (vendor.status !== 'SUSPENDED' && vendor.status !== 'CLOSED') return null;
  const reason = vendor.statusReason ? ` — ${vendor.statusReason}` : '';
  return `${VENDOR_STATUS_LABELS[vendor.status]}${reason}`;
}

/** "Change status" for an admin; a pending vendor's status comes from the application's decision. */
function StatusAction({ vendor }: { vendor: AdminVendor }) {
  const [open, setOpen] = useState(false);
  if (vendor.status === 'PENDING') {
    return (
      <Typography.Text type="secondary">
        The status changes with the decision on the application.
      </Typography.Text>
    );
  }
  return (
    <>
      <Button icon={<SwapOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Change status
      </Button>
      <VendorStatusDialog vendor={vendor} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The vendor's name, status and why it has it, the account behind it, and (for an admin) the
 * status change.
 */
export function VendorHeader({ vendor }: { vendor: AdminVendor }) {
  const restricted = restriction(vendor);
  return (
    <Flex vertical gap={6}>
      <Link to={paths.staffVendors.href()} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined aria-hidden /> Back to vendors
      </Link>
      <Flex wrap gap={12} justify="space-between" align="flex-start">
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0, overflowWrap: 'anywhere' }}>
            {vendor.displayName}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            Account: <TextLink to={paths.staffUser.href(vendor.id)}>{vendor.account.name}</TextLink>{' '}
            · {vendor.account.email}
          </Typography.Text>
          <VendorTags
            status={vendor.status}
            applicationWaiting={vendor.pendingApplicationId !== null}
          />
          {!restricted && vendor.statusReason && (
            <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
              Reason: {vendor.statusReason}
            </Typography.Text>
          )}
        </Flex>
        <AdminOnly fallback={null}>
          <Flex wrap gap={8} align="center" role="group" aria-label="Admin actions">
            <StatusAction vendor={vendor} />
          </Flex>
        </AdminOnly>
      </Flex>
      {restricted && <Alert type="warning" showIcon title={restricted} />}
    </Flex>
  );
}
