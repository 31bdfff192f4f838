import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Typography, theme } from 'antd';
import { useState } from 'react';
import {
  VENDOR_TERMS_VERSION,
  type AdminVendor,
  type VendorApplication,
} from '@crimsonhost/shared/vendors';
import { AdminOnly } from './admin-only';
import { DetailCard } from './detail-card';
import { Moment } from './user-tags';
import { ApproveApplicationDialog, RejectApplicationDialog } from './vendor-decision-dialogs';
import { gamesText, regionsText } from './vendor-tags';

/** An address in full in the code font, to copy; long ones wrap anywhere on a phone. */
export function FullAddress({ address }: { address: string }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text
      copyable={{ text: address, tooltips: ['Copy address', 'Copied'] }}
      style={{ fontFamily: token.fontFamilyCode, fontSize: '0.92em', overflowWrap: 'anywhere' }}
    >
      {address}
    </Typography.Text>
  );
}

/** The payout addresses an application gave, one line per network. */
function ApplicationAddresses({ addresses }: { addresses: VendorApplication['payoutAddresses'] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 0 }}>
      {addresses.map(({ network, address }) => (
        <li key={network}>
          <Typography.Text strong>{network}</Typography.Text> <FullAddress address={address} />
        </li>
      ))}
    </ul>
  );
}

/** The terms version the applicant accepted, and whether the terms changed since. */
function termsText(version: string): string {
  return version === VENDOR_TERMS_VERSION
    ? version
    : `${version} (current: ${VENDOR_TERMS_VERSION})`;
}

/** What the applicant sent, as the application holds it. */
export function ApplicationFacts({ application }: { application: VendorApplication }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      items={[
        { key: 'name', label: 'Name', children: application.displayName },
        {
          key: 'email',
          label: 'Contact e-mail',
          children: (
            <Typography.Text
              copyable={{ text: application.contactEmail, tooltips: ['Copy e-mail', 'Copied'] }}
              style={{ overflowWrap: 'anywhere' }}
            >
              {application.contactEmail}
            </Typography.Text>
          ),
        },
        { key: 'sent', label: 'Sent', children: <Moment at={application.createdAt} /> },
        { key: 'games', label: 'Games', children: gamesText(application.games) },
        { key: 'regions', label: 'Regions', children: regionsText(application.regions) },
        { key: 'terms', label: 'Vendor terms', children: termsText(application.termsVersion) },
        {
          key: 'addresses',
          label: 'Payout addresses',
          span: 'filled',
          children: <ApplicationAddresses addresses={application.payoutAddresses} />,
        },
      ]}
    />
  );
}

type Decision = 'approve' | 'reject';

/**
 * The application that waits for a decision: what was sent, and for an admin Approve and
 * Reject, each confirmed in a dialog (a rejection needs its reason).
 */
export function WaitingApplicationCard({
  vendor,
  application,
  onDecidedFirst,
}: {
  vendor: AdminVendor;
  application: VendorApplication;
  onDecidedFirst: () => void;
}) {
  const [dialog, setDialog] = useState<Decision | null>(null);
  const close = () => setDialog(null);
  return (
    <DetailCard title="Application waiting for a decision">
      <Flex vertical gap={12}>
        <ApplicationFacts application={application} />
        <AdminOnly
          fallback={
            <Typography.Text type="secondary">Waits for an admin&apos;s decision.</Typography.Text>
          }
        >
          <Flex wrap gap={8} role="group" aria-label="Decision on the application">
            <Button
              type="primary"
              icon={<CheckOutlined aria-hidden />}
              onClick={() => setDialog('approve')}
            >
              Approve
            </Button>
            <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setDialog('reject')}>
              Reject
            </Button>
          </Flex>
          <ApproveApplicationDialog
            vendor={vendor}
            open={dialog === 'approve'}
            onClose={close}
            onDecidedFirst={onDecidedFirst}
          />
          <RejectApplicationDialog
            vendor={vendor}
            open={dialog === 'reject'}
            onClose={close}
            onDecidedFirst={onDecidedFirst}
          />
        </AdminOnly>
      </Flex>
    </DetailCard>
  );
}
