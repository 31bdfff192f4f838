import { Col, Flex, Row, Skeleton, type ColProps } from 'antd';
import { SurfaceCard } from './surface-card';

/** How many of 24 columns a card takes at each breakpoint: the grid and its skeleton share it. */
export type CardColumns = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl'>;

const DEFAULT_COLUMNS: CardColumns = { xs: 24, sm: 12, lg: 8 };

/**
 * Placeholder for a grid of cards (server listings, games) while they load, laid out in the same
 * columns as the cards it stands for so nothing moves when they arrive.
 */
export function CardGridSkeleton({
  count = 6,
  columns = DEFAULT_COLUMNS,
}: {
  count?: number;
  columns?: CardColumns;
}) {
  return (
    <Row gutter={[16, 16]} role="status" aria-label="Loading content" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} {...columns}>
          <SurfaceCard>
            <Skeleton active avatar={{ shape: 'square' }} paragraph={{ rows: 3 }} />
          </SurfaceCard>
        </Col>
      ))}
    </Row>
  );
}

/** Placeholder for a list or table (transactions, rentals, tickets) while it loads. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Flex vertical gap="middle" role="status" aria-label="Loading content" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} active title={false} paragraph={{ rows: 1, width: '100%' }} />
      ))}
    </Flex>
  );
}
