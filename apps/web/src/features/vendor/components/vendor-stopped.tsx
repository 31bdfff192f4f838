import { Flex, Typography } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { DetailsList } from './details-list';
import { VendorStatusTag } from './vendor-status-tag';
import { StandingCard } from './standing-card';

/** My vendor account is suspended or closed: why, what it means, and who to ask. */
export function VendorStopped({
  status,
  reason,
  displayName,
}: {
  status: 'SUSPENDED' | 'CLOSED';
  reason: string | null;
  displayName: string;
}) {
  const suspended = status === 'SUSPENDED';
  return (
    <StandingCard
      title={suspended ? 'Your vendor account is suspended' : 'Your vendor account is closed'}
      tag={<VendorStatusTag status={status} />}
    >
      <Flex vertical gap={16}>
        <DetailsList
          items={[
            { key: 'name', label: 'Vendor account', children: displayName },
            {
              key: 'reason',
              label: 'Reason',
              children: reason ?? 'No reason was recorded.',
            },
          ]}
        />
        <Typography.Paragraph style={{ margin: 0 }}>
          {suspended
            ? 'While your account is suspended, your listings are out of the catalog and nobody can rent them. Rentals that were already running continue until they end.'
            : 'Your listings are no longer in the catalog and nobody can rent them.'}{' '}
          To ask about it or to put things right, write to support.
        </Typography.Paragraph>
        <div>
          <ButtonLink type="primary" to={paths.support.href()}>
            Write to support
          </ButtonLink>
        </div>
      </Flex>
    </StandingCard>
  );
}
