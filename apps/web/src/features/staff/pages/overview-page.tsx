import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useDeskStats } from '../api/desk';

/** /admin: the desk at a glance, each figure a way into the queue. */
export function OverviewPage() {
  const stats = useDeskStats();
  const queue = (search: Record<string, string>) =>
    paths.staffTickets.href(new URLSearchParams(search));
  return (
    <>
      <title>Overview · Staff · CrimsonHost</title>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Support desk
      </Typography.Title>
      {stats.isPending ? (
        <ListSkeleton rows={2} />
      ) : stats.isError ? (
        <LoadErrorResult title="The desk's figures could not be loaded" query={stats} />
      ) : (
        <Row gutter={[16, 16]}>
          {[
            { title: 'Open tickets', value: stats.data.open, to: queue({}) },
            { title: 'Unassigned', value: stats.data.unassigned, to: queue({ assignee: 'none' }) },
            { title: 'Overdue', value: stats.data.overdue, to: queue({ overdue: 'true' }) },
            { title: 'Assigned to me', value: stats.data.mine, to: queue({ assignee: 'me' }) },
          ].map((item) => (
            <Col key={item.title} xs={12} md={6}>
              <Link to={item.to} aria-label={`${item.title}: ${item.value}`}>
                <Card hoverable size="small">
                  <Statistic title={item.title} value={item.value} />
                </Card>
              </Link>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Card size="small">
              <Statistic
                title="Satisfaction, last 30 days"
                value={
                  stats.data.satisfaction === null
                    ? 'No ratings yet'
                    : stats.data.satisfaction.toFixed(1)
                }
                suffix={
                  stats.data.satisfaction === null
                    ? undefined
                    : `/ 5 from ${stats.data.ratings} rating${stats.data.ratings === 1 ? '' : 's'}`
                }
              />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
