import { Card, Col, Flex, Row, Skeleton } from 'antd';

/** Placeholder for a grid of cards (server listings, games) while they load. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Row gutter={[16, 16]} role="status" aria-label="Loading content" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Col key={index} xs={24} sm={12} lg={8}>
          <Card>
            <Skeleton active avatar={{ shape: 'square' }} paragraph={{ rows: 3 }} />
          </Card>
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
