import { Descriptions, Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { paths } from '../../../app/paths';
import { CaptionedTable } from '../../../components/captioned-table';
import { SurfaceCard } from '../../../components/surface-card';
import { UsdtAmount } from '../../../components/usdt-amount';
import { ListingActions } from './listing-actions';
import { ListingLiveStatus } from './listing-live-status';
import { ListingStateWithExplanation } from './listing-state-tag';

const CAPTION = 'Your listings, newest first';

/** 'Frankfurt, Germany'. */
const regionText = (listing: VendorListing) => `${listing.region.name}, ${listing.region.country}`;

/** The listing's name, the way to its page. */
function ListingName({ listing }: { listing: VendorListing }) {
  return (
    <Link to={paths.vendorListing.href(listing.id)} style={{ overflowWrap: 'anywhere' }}>
      {listing.name}
    </Link>
  );
}

/** Where its status is asked: the game server's address and query port. */
function ListingAddress({ listing }: { listing: VendorListing }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
      {listing.host}:{listing.queryPort}
    </Typography.Text>
  );
}

const COLUMNS: TableColumnsType<VendorListing> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, listing) => (
      <Flex vertical style={{ minWidth: 0 }}>
        <ListingName listing={listing} />
        <ListingAddress listing={listing} />
      </Flex>
    ),
  },
  {
    title: 'Game and region',
    key: 'game',
    render: (_, listing) => (
      <Flex vertical>
        <span>{GAME_LABELS[listing.game]}</span>
        <Typography.Text type="secondary">{regionText(listing)}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Price per hour',
    dataIndex: 'price',
    align: 'end',
    render: (price: string) => <UsdtAmount amount={price} />,
  },
  {
    title: 'State',
    key: 'state',
    width: 190,
    render: (_, listing) => <ListingStateWithExplanation state={listing.state} />,
  },
  {
    title: 'Renters see',
    key: 'status',
    render: (_, listing) => <ListingLiveStatus listing={listing} />,
  },
  {
    title: 'Actions',
    key: 'actions',
    width: 210,
    render: (_, listing) => <ListingActions listing={listing} withEdit />,
  },
];

/** One listing as a card: the phone's row. */
function ListingCard({ listing }: { listing: VendorListing }) {
  return (
    <SurfaceCard bodyStyle={{ padding: 12 }}>
      <Flex vertical gap={10}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, minWidth: 0 }}>
          <ListingName listing={listing} />
        </Typography.Title>
        <ListingAddress listing={listing} />
        <ListingStateWithExplanation state={listing.state} />
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'game', label: 'Game', children: GAME_LABELS[listing.game] },
            { key: 'region', label: 'Region', children: regionText(listing) },
            {
              key: 'price',
              label: 'Price per hour',
              children: <UsdtAmount amount={listing.price} />,
            },
            {
              key: 'status',
              label: 'Renters see',
              children: <ListingLiveStatus listing={listing} />,
            },
          ]}
        />
        <ListingActions listing={listing} withEdit size="middle" />
      </Flex>
    </SurfaceCard>
  );
}

/**
 * My listings: a table on a wide screen (scrolling sideways inside itself when it must), a card
 * each on a narrow one. Every listing is on one page: a vendor lists servers by the dozen.
 */
export function ListingsList({
  listings,
  stacked,
}: {
  listings: VendorListing[];
  /** One card under another (a phone, a narrow window). */
  stacked: boolean;
}) {
  if (!stacked) {
    return (
      <CaptionedTable<VendorListing>
        caption={CAPTION}
        rowKey="id"
        columns={COLUMNS}
        dataSource={listings}
        pagination={false}
        scroll={{ x: 980 }}
      />
    );
  }
  return (
    <ul
      aria-label={CAPTION}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
    >
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} />
        </li>
      ))}
    </ul>
  );
}
