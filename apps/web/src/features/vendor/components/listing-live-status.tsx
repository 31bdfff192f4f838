import { Flex } from 'antd';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { PlayerBar } from '../../../components/player-bar';
import { ServerStatusTag } from '../../../components/server-status-tag';

/** The status and players renters see on the server's card, as its game server last said. */
export function ListingLiveStatus({ listing }: { listing: VendorListing }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 120 }}>
      <ServerStatusTag status={listing.status} />
      <PlayerBar current={listing.players.current} max={listing.players.max} />
    </Flex>
  );
}
