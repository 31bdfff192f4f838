import { Card, Col, Flex, Rate, Row, Statistic, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useAuth } from '../../../app/auth/auth-context';
import { paths } from '../../../app/paths';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useDeskStats } from '../api/get-desk-stats';
import { AdminOverview } from '../components/admin-overview';
import { DEFAULT_QUEUE_SEARCH, writeQueueSearch, type QueueSearch } from '../queue-search';

const queueHref = (filters: Partial<QueueSearch>) =>
  paths.staffTickets.href(writeQueueSearch({ ...DEFAULT_QUEUE_SEARCH, ...filters }));

/**
 * /admin: the desk at a glance, each figure a way into the queue filtered to it; for admins, the
 * business figures and the operations' health below it.
 */
export function OverviewPage() {
  const stats = useDeskStats();
  const { isAdmin } = useAuth();
  const { token } = theme.useToken();
  return (
    <>
      <title>Overview · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Overview
        </Typography.Title>
        {stats.isPending ? (
          <ListSkeleton rows={3} />
        ) : stats.isError ? (
          <LoadErrorResult title="The desk's figures could not be loaded" query={stats} />
        ) : (
          <Row gutter={[16, 16]}>
            {[
              { title: 'Open tickets', value: stats.data.open, to: queueHref({}) },
              {
                title: 'Unassigned',
                value: stats.data.unassigned,
                to: queueHref({ assignee: 'none' }),
              },
              { title: 'Overdue', value: stats.data.overdue, to: queueHref({ overdue: true }) },
              {
                title: 'Assigned to me',
                value: stats.data.mine,
                to: queueHref({ assignee: 'me' }),
              },
            ].map((item) => (
              <Col key={item.title} xs={12} md={6}>
                <Link to={item.to} aria-label={`${item.title}: ${item.value}. Show them`}>
                  <Card hoverable size="small">
                    <Statistic
                      title={item.title}
                      value={item.value}
                      styles={
                        item.title === 'Overdue' && item.value > 0
                          ? { content: { color: token.colorError } }
                          : undefined
                      }
                    />
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
                {stats.data.satisfaction !== null && (
                  <Rate
                    disabled
                    allowHalf
                    value={Math.round(stats.data.satisfaction * 2) / 2}
                    aria-label={`Average ${stats.data.satisfaction.toFixed(1)} of 5`}
                    style={{ fontSize: 16 }}
                  />
                )}
              </Card>
            </Col>
          </Row>
        )}
        {isAdmin && <AdminOverview />}
      </Flex>
    </>
  );
}
