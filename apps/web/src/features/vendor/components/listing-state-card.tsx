import { Alert, Descriptions, Flex } from 'antd';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { SurfaceCard } from '../../../components/surface-card';
import { CHECKING_NOTE } from '../listing-state';
import { Dated } from './dated';
import { ListingActions } from './listing-actions';
import { ListingLiveStatus } from './listing-live-status';
import { ListingStateWithExplanation } from './listing-state-tag';

/** When the game server last answered, or that it never has. */
function LastAnswer({ at }: { at: string | null }) {
  return at ? <Dated at={at} withTime /> : <>Not yet</>;
}

/**
 * Where the listing stands and what renters see of it, with its pause, resume and delete. While
 * it waits for its game server's first answer (the page reads it again every few seconds), that
 * is said, with why the last status query failed; the news is announced as it comes.
 */
export function ListingStateCard({
  listing,
  onDeleted,
}: {
  listing: VendorListing;
  onDeleted: () => void;
}) {
  const checking = listing.state === 'CHECKING';
  return (
    <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>State</h2>}>
      <Flex vertical gap={16}>
        <ListingStateWithExplanation state={listing.state} />
        <div aria-live="polite">
          {checking ? (
            <Alert
              type="info"
              showIcon
              title={CHECKING_NOTE}
              description={listing.lastError ? `Last try: ${listing.lastError}` : undefined}
            />
          ) : (
            listing.lastError && (
              <Alert
                type="warning"
                showIcon
                title="Your game server did not answer the last status query."
                description={listing.lastError}
              />
            )
          )}
        </div>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'status',
              label: 'Renters see',
              children: <ListingLiveStatus listing={listing} />,
            },
            {
              key: 'answer',
              label: 'Last answer',
              children: <LastAnswer at={listing.lastAnswerAt} />,
            },
          ]}
        />
        <ListingActions listing={listing} size="middle" onDeleted={onDeleted} />
      </Flex>
    </SurfaceCard>
  );
}
