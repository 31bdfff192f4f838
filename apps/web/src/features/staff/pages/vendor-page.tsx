import { Alert, Col, Flex, Result, Row } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { AdminVendorDetail } from '@crimsonhost/shared/vendors';
import { ButtonLink } from '../../../components/button-link';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { ApiError } from '../../../lib/api-client';
import { useAdminVendor } from '../api/get-admin-vendor';
import { WaitingApplicationCard } from '../components/vendor-application-card';
import { DECIDED_FIRST } from '../components/vendor-decision-dialogs';
import { VendorHeader } from '../components/vendor-header';
import { PastApplicationsCard, StatusHistoryCard } from '../components/vendor-history-cards';
import {
  PayoutAddressesCard,
  VendorBalancesCard,
  VendorDetailsCard,
} from '../components/vendor-record-cards';
import { paths } from '../../../app/paths';

function VendorNotFound() {
  return (
    <>
      <title>Vendor not found · Staff · CrimsonHost</title>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>Vendor not found</h1>}
        subTitle="No vendor has this id. It may have been mistyped."
        extra={
          <ButtonLink type="primary" to={paths.staffVendors.href()}>
            Back to vendors
          </ButtonLink>
        }
      />
    </>
  );
}

/** The application waiting for a decision, and the ones decided before it. */
function splitApplications({ vendor, applications }: AdminVendorDetail) {
  const waiting =
    applications.find((application) => application.id === vendor.pendingApplicationId) ??
    applications.find((application) => application.status === 'PENDING');
  return { waiting, past: applications.filter((application) => application !== waiting) };
}

/**
 * /admin/vendors/:vendorId (support and admin): one vendor, the application waiting for a
 * decision, the ones before it, its status history, payout addresses and balances. An admin
 * approves or rejects the application and changes the status.
 */
export function VendorPage() {
  const { vendorId = '' } = useParams();
  const detail = useAdminVendor(vendorId);
  // The vendor on which another admin's decision arrived first; said until dismissed or left.
  const [decidedFirstOn, setDecidedFirstOn] = useState<string | null>(null);
  if (detail.isPending) {
    return (
      <>
        <title>Vendor · Staff · CrimsonHost</title>
        <ListSkeleton rows={8} />
      </>
    );
  }
  if (detail.error instanceof ApiError && detail.error.status === 404) return <VendorNotFound />;
  if (!detail.data) {
    return <LoadErrorResult title="The vendor could not be loaded" query={detail} />;
  }
  const { vendor, history, payoutAddresses, balances } = detail.data;
  const { waiting, past } = splitApplications(detail.data);
  return (
    <>
      <title>{`${vendor.displayName} · Vendors · Staff · CrimsonHost`}</title>
      <Flex vertical gap={16}>
        <VendorHeader vendor={vendor} />
        {decidedFirstOn === vendor.id && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={DECIDED_FIRST}
            description="The page now shows their decision."
            closable={{ 'aria-label': 'Dismiss' }}
            onClose={() => setDecidedFirstOn(null)}
          />
        )}
        {detail.isError && (
          <Alert
            type="warning"
            showIcon
            title="The vendor could not be refreshed; it shows what it had."
          />
        )}
        <Row gutter={[16, 16]}>
          {waiting && (
            <Col xs={24}>
              <WaitingApplicationCard
                vendor={vendor}
                application={waiting}
                onDecidedFirst={() => setDecidedFirstOn(vendor.id)}
              />
            </Col>
          )}
          <Col xs={24} lg={14}>
            <VendorDetailsCard vendor={vendor} />
          </Col>
          <Col xs={24} lg={10}>
            <VendorBalancesCard balances={balances} />
          </Col>
          <Col xs={24}>
            <PayoutAddressesCard addresses={payoutAddresses} />
          </Col>
          <Col xs={24}>
            <StatusHistoryCard history={history} />
          </Col>
          <Col xs={24}>
            <PastApplicationsCard applications={past} />
          </Col>
        </Row>
      </Flex>
    </>
  );
}
