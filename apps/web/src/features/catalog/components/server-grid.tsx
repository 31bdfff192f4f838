import { memo } from 'react';
import { Col, Row } from 'antd';
import type { ServerCard as ServerCardData } from '@crimsonhost/shared/catalog';
import { ServerCard } from '../../../components/server-card';
import { type CardColumns } from '../../../components/skeleton-loaders';

/** One column on a phone, two on a tablet, three on a laptop, four on a wide screen. */
export const SERVER_GRID_COLUMNS: CardColumns = { xs: 24, sm: 12, lg: 8, xxl: 6 };

/**
 * Server cards in a grid: one column on a phone, up to four on a wide screen. Drawn again only for
 * another list: the page around it changes while a page loads, and a refresh that brings the same
 * servers keeps the same list (the query shares what did not change).
 */
export const ServerGrid = memo(function ServerGrid({ servers }: { servers: ServerCardData[] }) {
  return (
    <Row gutter={[16, 16]} role="list" aria-label="Servers">
      {servers.map((server) => (
        <Col key={server.id} {...SERVER_GRID_COLUMNS} role="listitem">
          <ServerCard server={server} />
        </Col>
      ))}
    </Row>
  );
});
