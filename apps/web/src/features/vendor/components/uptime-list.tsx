import { Descriptions, Empty, Flex, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import type { ListingUptime } from '@crimsonhost/shared/vendor-overview';
import { paths } from '../../../app/paths';
import { CaptionedTable } from '../../../components/captioned-table';
import { SurfaceCard } from '../../../components/surface-card';
import { percentOf } from '../overview-format';
import { ListingStateTag } from './listing-state-tag';

const CAPTION = 'Uptime of each listing over the last 30 days';

function ListingName({ listing }: { listing: ListingUptime }) {
  return (
    <Link to={paths.vendorListing.href(listing.listingId)} style={{ overflowWrap: 'anywhere' }}>
      {listing.name}
    </Link>
  );
}

/** '87.5%', or why there is no figure. */
function UptimeFigure({ listing }: { listing: ListingUptime }) {
  if (listing.uptime === null)
    return <Typography.Text type="secondary">No status checks yet</Typography.Text>;
  return (
    <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
      {percentOf(listing.uptime)}
    </Typography.Text>
  );
}

/** '7 of 8 answered, on 2 days'. */
function checksText(listing: ListingUptime): string {
  const days = `${listing.daysChecked} day${listing.daysChecked === 1 ? '' : 's'}`;
  return `${listing.answered.toLocaleString('en-US')} of ${listing.checks.toLocaleString('en-US')} answered, on ${days}`;
}

const COLUMNS: TableColumnsType<ListingUptime> = [
  { title: 'Listing', key: 'name', render: (_, listing) => <ListingName listing={listing} /> },
  { title: 'Game', dataIndex: 'game', render: (game: ListingUptime['game']) => GAME_LABELS[game] },
  {
    title: 'State',
    dataIndex: 'state',
    render: (state: ListingUptime['state']) => <ListingStateTag state={state} />,
  },
  {
    title: 'Uptime',
    key: 'uptime',
    align: 'end',
    render: (_, listing) => <UptimeFigure listing={listing} />,
  },
  {
    title: 'Status checks',
    key: 'checks',
    render: (_, listing) =>
      listing.checks > 0 ? (
        checksText(listing)
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
];

/**
 * Each listing's uptime over 30 days: the share of the catalog's status checks its game server
 * answered. A table on a wide screen, a card each on a narrow one.
 */
export function UptimeList({ uptime, stacked }: { uptime: ListingUptime[]; stacked: boolean }) {
  if (uptime.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Your listings' uptime shows here once you list a server."
      />
    );
  }
  if (!stacked) {
    return (
      <CaptionedTable<ListingUptime>
        caption={CAPTION}
        rowKey="listingId"
        columns={COLUMNS}
        dataSource={uptime}
        pagination={false}
      />
    );
  }
  return (
    <ul
      aria-label={CAPTION}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
    >
      {uptime.map((listing) => (
        <li key={listing.listingId}>
          <SurfaceCard bodyStyle={{ padding: 12 }}>
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="baseline" gap={8} wrap>
                <Typography.Text strong style={{ minWidth: 0 }}>
                  <ListingName listing={listing} />
                </Typography.Text>
                <span>
                  <span className="visually-hidden">Uptime: </span>
                  <UptimeFigure listing={listing} />
                </span>
              </Flex>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'game', label: 'Game', children: GAME_LABELS[listing.game] },
                  {
                    key: 'state',
                    label: 'State',
                    children: <ListingStateTag state={listing.state} />,
                  },
                  ...(listing.checks > 0
                    ? [{ key: 'checks', label: 'Status checks', children: checksText(listing) }]
                    : []),
                ]}
              />
            </Flex>
          </SurfaceCard>
        </li>
      ))}
    </ul>
  );
}
