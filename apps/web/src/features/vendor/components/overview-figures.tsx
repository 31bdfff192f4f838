import { Flex, Skeleton, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { LISTING_STATES } from '@crimsonhost/shared/vendor-listings';
import type { VendorOverview } from '@crimsonhost/shared/vendor-overview';
import { paths } from '../../../app/paths';
import { SurfaceCard } from '../../../components/surface-card';
import { TextLink } from '../../../components/text-link';
import { hoursText, percentOf } from '../overview-format';
import { ListingStateTag } from './listing-state-tag';

/** Cards side by side on a wide screen, one a row on a phone. */
const GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: 16,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

const FIGURE: CSSProperties = {
  fontSize: 24,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
};

function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li style={{ minWidth: 0 }}>
      <SurfaceCard style={{ height: '100%' }} bodyStyle={{ padding: 16 }}>
        <Flex vertical gap={6}>
          <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
            {title}
          </Typography.Title>
          {children}
        </Flex>
      </SurfaceCard>
    </li>
  );
}

/**
 * The Overview's cards: my listings by state, the rentals running now, occupancy over 7 and 30
 * days, and where open disputes will be counted once they exist.
 */
export function OverviewFigures({ overview }: { overview: VendorOverview }) {
  const { listings } = overview;
  return (
    <ul aria-label="Your listings at a glance" style={GRID}>
      <Figure title="Listings">
        <Typography.Text strong style={FIGURE}>
          {listings.total}
        </Typography.Text>
        <ul aria-label="Listings by state" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {LISTING_STATES.filter((state) => listings.byState[state] > 0).map((state) => (
            <li key={state} style={{ marginBlock: 2 }}>
              <ListingStateTag state={state} />{' '}
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>{listings.byState[state]}</span>
            </li>
          ))}
        </ul>
      </Figure>
      <Figure title="Running rentals">
        <Typography.Text strong style={FIGURE}>
          {overview.activeRentals}
        </Typography.Text>
        <TextLink to={paths.vendorRentals.href(new URLSearchParams({ status: 'ACTIVE' }))}>
          See the running rentals
        </TextLink>
      </Figure>
      {overview.occupancy.map((occupancy) => (
        <Figure key={occupancy.days} title={`Occupancy, last ${occupancy.days} days`}>
          <Typography.Text strong style={FIGURE}>
            {percentOf(occupancy.rate)}
          </Typography.Text>
          <Typography.Text type="secondary">
            Rented {hoursText(occupancy.rentedHours)} of the {hoursText(occupancy.listedHours)} your
            listings were listed.
          </Typography.Text>
        </Figure>
      ))}
      <Figure title="Open disputes">
        <Typography.Text strong style={FIGURE}>
          {overview.openDisputes ?? 0}
        </Typography.Text>
        <Typography.Text type="secondary">
          {overview.openDisputes
            ? 'Their payments are held until support decides. Answer each within 48 hours.'
            : 'Renters can dispute a rental until 7 days after it ends.'}
        </Typography.Text>
        {overview.openDisputes ? (
          <TextLink to={paths.vendorDisputes.href()}>See the disputes</TextLink>
        ) : null}
      </Figure>
    </ul>
  );
}

/** The cards' places while the overview loads. */
export function OverviewFiguresSkeleton() {
  return (
    <div role="status" aria-label="Loading your overview" aria-busy="true" style={GRID}>
      {Array.from({ length: 5 }, (_, index) => (
        <SurfaceCard key={index} bodyStyle={{ padding: 16 }}>
          <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 2 }} />
        </SurfaceCard>
      ))}
    </div>
  );
}
