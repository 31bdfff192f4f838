import { Empty, Flex, Segmented, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DISPUTE_REASON_LABELS } from '@crimsonhost/shared/disputes';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { SurfaceCard } from '../../../components/surface-card';
import { TextLink } from '../../../components/text-link';
import { useVendorDisputes } from '../api/vendor-disputes';
import { DisputeStatusTag } from '../../../components/dispute-status-tag';

const WHEN = 'D MMM YYYY, HH:mm';

/**
 * /vendor/disputes (vendor role): the disputes of my rentals (issue 17 point 3), the open ones
 * first with the soonest answer due first; each leads to its conversation and my answer.
 */
export function DisputesPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const all = search.get('status') === 'all';
  const disputes = useVendorDisputes(all ? 'all' : 'OPEN');

  let body;
  if (disputes.isPending) {
    body = <ListSkeleton rows={3} />;
  } else if (!disputes.data) {
    body = <LoadErrorResult title="The disputes could not be loaded" query={disputes} />;
  } else if (disputes.data.data.length === 0) {
    body = (
      <Empty
        description={
          all
            ? 'No renter has disputed a rental of yours.'
            : 'No dispute is open. When a renter disputes a rental, it shows here and you are told by e-mail.'
        }
      />
    );
  } else {
    body = (
      <Flex component="ul" vertical gap={12} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {disputes.data.data.map((dispute) => (
          <li key={dispute.id}>
            <SurfaceCard bodyStyle={{ padding: 16 }}>
              <Flex vertical gap={6}>
                <Flex wrap gap={8} align="center">
                  <Link
                    to={paths.vendorDispute.href(dispute.id)}
                    style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {dispute.server.name}: {DISPUTE_REASON_LABELS[dispute.reason].toLowerCase()}
                  </Link>
                  <DisputeStatusTag dispute={dispute} />
                </Flex>
                <Typography.Text type="secondary">
                  Opened by {dispute.renterName} on {dayjs(dispute.openedAt).format(WHEN)}.{' '}
                  {dispute.status === 'OPEN'
                    ? dispute.vendorAnsweredAt
                      ? 'You answered; support decides.'
                      : `Answer by ${dayjs(dispute.vendorAnswerDueAt).format(WHEN)}.`
                    : `Decided on ${dayjs(dispute.resolvedAt).format(WHEN)}.`}
                </Typography.Text>
              </Flex>
            </SurfaceCard>
          </li>
        ))}
      </Flex>
    );
  }

  return (
    <>
      <title>Disputes · Vendor · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Disputes
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>
          A renter can dispute a rental while it runs and until 7 days after it ends (the{' '}
          <TextLink to={paths.buyerProtection.href()}>buyer protection policy</TextLink>). Its
          payment is held until support decides; answer within 48 hours with your side.
        </Typography.Paragraph>
        <Segmented
          aria-label="Which disputes"
          value={all ? 'all' : 'OPEN'}
          options={[
            { value: 'OPEN', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
          onChange={(value) => void navigate(paths.vendorDisputes.href(value === 'all'))}
          style={{ alignSelf: 'flex-start' }}
        />
        {body}
      </Flex>
    </>
  );
}
