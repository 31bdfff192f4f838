import { useDeferredValue } from 'react';
import { Col, Row } from 'antd';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { ServerCard } from '../../../components/server-card';
import { CardGridSkeleton, type CardColumns } from '../../../components/skeleton-loaders';
import { FEATURED_SERVER_COUNT, useFeaturedServers } from '../api/get-featured-servers';
import { SectionHeading } from './section-heading';

const FEATURED_COLUMNS: CardColumns = { xs: 24, sm: 12, xl: 6 };

/** A few popular servers that are online now, from the live catalog. Hidden when there are none. */
export function FeaturedServers() {
  const featured = useFeaturedServers();
  // The cards are drawn in a background render React cuts into slices (the skeleton stays until it
  // is ready), not in the one long task that follows the answer.
  const servers = useDeferredValue(featured.data);
  if (featured.isError || (featured.data && featured.data.length === 0)) return null;
  return (
    <section aria-labelledby="featured-servers-title">
      <SectionHeading
        id="featured-servers-title"
        title="Popular servers online now"
        intro="Player counts come from the game servers themselves, checked every half minute."
      />
      {servers ? (
        <Row gutter={[16, 16]}>
          {servers.map((server) => (
            <Col key={server.id} {...FEATURED_COLUMNS}>
              <ServerCard server={server} />
            </Col>
          ))}
        </Row>
      ) : (
        <CardGridSkeleton count={FEATURED_SERVER_COUNT} columns={FEATURED_COLUMNS} />
      )}
      <div style={{ marginTop: 16 }}>
        <ButtonLink to={paths.servers.href()}>See all servers</ButtonLink>
      </div>
    </section>
  );
}
