import { useDeferredValue, type ReactNode } from 'react';
import { Button, Col, Flex, Row, Skeleton } from 'antd';
import { EnvironmentOutlined, UserOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { isRentableNow, SERVER_AVAILABILITY_LABELS } from '@crimsonhost/shared/catalog';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button-link';
import { LazyMarkdown } from '../../../components/lazy-markdown';
import { LazyResult } from '../../../components/lazy-result';
import { PageBreadcrumb } from '../../../components/page-breadcrumb';
import { RentPanel } from '../../../components/rent-panel/rent-panel';
import { formatServerPrice } from '../../../components/server-card';
import { ServerStatusTag } from '../../../components/server-status-tag';
import { SurfaceCard } from '../../../components/surface-card';
import { ApiError, toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useServer } from '../api/get-server';
import { useKnownListingName } from '../known-listing-name';
import { LivePlayers } from '../components/live-players';
import { Paragraph, Text, Title } from '../../../components/typography';
import { PlainTag } from '../../../components/plain-tag';
import { SpecList } from '../../../components/spec-list';

const SERVERS_CRUMB = { title: 'Servers', to: paths.servers.href() };

/** The listing's name as the page's heading, with what stands beside it. */
function ServerName({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <Flex align="center" gap={12} wrap>
      <Title level={1} style={{ fontSize: 28, margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
        {name}
      </Title>
      {children}
    </Flex>
  );
}

export function ServerDetailPage() {
  const { id = '' } = useParams();
  const server = useServer(id);
  // Its name is on screen while the listing loads when the served page or a list named it.
  const knownName = useKnownListingName(id);
  // The listing (rent panel included) is drawn in a background render React cuts into slices,
  // not in the one long task that follows its answer: a phone keeps answering taps meanwhile. The
  // loading state stays until that render is ready.
  const listing = useDeferredValue(server.data);

  if (server.isError) {
    const missing = server.error instanceof ApiError && server.error.status === 404;
    return (
      <>
        <title>{`${missing ? 'Server not found' : 'Could not load this server'} · CrimsonHost`}</title>
        <PageBreadcrumb items={[SERVERS_CRUMB, { title: missing ? 'Not found' : 'Server' }]} />
        <LazyResult
          status={missing ? '404' : 'error'}
          title={
            <h1 style={{ fontSize: 'inherit', margin: 0 }}>
              {missing ? 'Server not found' : 'Could not load this server'}
            </h1>
          }
          subTitle={
            missing
              ? 'No server is listed under this address. It may have been removed.'
              : describeApiError(toApiError(server.error))
          }
          extra={
            <Flex wrap gap={12} justify="center">
              {!missing && (
                <Button type="primary" onClick={() => void server.refetch()}>
                  Retry
                </Button>
              )}
              <ButtonLink to={paths.servers.href()} type={missing ? 'primary' : 'default'}>
                Browse Servers
              </ButtonLink>
            </Flex>
          }
        />
      </>
    );
  }

  if (server.isPending || listing === undefined) {
    return (
      <Flex vertical gap={20}>
        <title>{`${knownName ?? 'Loading the server'} · CrimsonHost`}</title>
        <div>
          <PageBreadcrumb items={[SERVERS_CRUMB, { title: knownName ?? 'Loading…' }]} />
          {knownName !== undefined && <ServerName name={knownName} />}
        </div>
        <SurfaceCard role="status" aria-label="Loading the server" aria-busy="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </SurfaceCard>
      </Flex>
    );
  }

  const detail = listing;
  const rentable = isRentableNow(detail);
  const specs = [
    { key: 'game', label: 'Game', children: GAME_LABELS[detail.game] },
    {
      key: 'region',
      label: 'Region',
      children: `${detail.region.name}, ${detail.region.country}`,
    },
    { key: 'cpu', label: 'CPU', children: detail.cpu },
    { key: 'ram', label: 'Memory', children: detail.ram },
    { key: 'storage', label: 'Storage', children: detail.storage },
    {
      key: 'availability',
      label: 'Availability',
      children: SERVER_AVAILABILITY_LABELS[detail.availability],
    },
    {
      key: 'performance',
      label: 'Performance score',
      children: `${detail.performanceScore} / 100`,
    },
    { key: 'rentals', label: 'Rentals so far', children: detail.popularity },
  ].filter((item) => item.children !== null);

  return (
    <Flex vertical gap={20}>
      <title>{`${detail.name} · CrimsonHost`}</title>
      <div>
        <PageBreadcrumb items={[SERVERS_CRUMB, { title: detail.name }]} />
        <ServerName name={detail.name}>
          <ServerStatusTag status={detail.status} />
        </ServerName>
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          <PlainTag>{GAME_LABELS[detail.game]}</PlainTag>
          <Text type="secondary">
            <EnvironmentOutlined aria-hidden /> {detail.region.name}, {detail.region.country}
          </Text>
          <Text type="secondary">
            <UserOutlined aria-hidden /> Hosted by {detail.vendor.name}
          </Text>
        </Flex>
      </div>

      <Row gutter={[20, 20]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 16, order: 1 }}>
          <Flex vertical gap={20}>
            <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>Players</h2>}>
              <LivePlayers server={detail} />
            </SurfaceCard>
            <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>About this server</h2>}>
              {detail.description.trim() ? (
                // The vendor writes it in Markdown; raw HTML in it is dropped, never rendered.
                <LazyMarkdown>{detail.description}</LazyMarkdown>
              ) : (
                <Paragraph style={{ margin: 0 }}>
                  The vendor has not described this server.
                </Paragraph>
              )}
            </SurfaceCard>
            <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>Specifications</h2>}>
              <SpecList items={specs} />
            </SurfaceCard>
          </Flex>
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 8, order: 2 }}>
          <SurfaceCard
            title={
              <h2 style={{ fontSize: 16, margin: 0 }}>
                {rentable ? 'Rent this server' : 'Availability'}
              </h2>
            }
          >
            <Flex vertical gap={16}>
              <Text strong style={{ fontSize: 24 }}>
                {formatServerPrice(detail.price, detail.priceUnit)}
              </Text>
              <RentPanel server={detail} />
              {rentable && (
                <Text type="secondary" style={{ fontSize: 13 }}>
                  Paid in USDT from your wallet and held in escrow until the rental ends.
                </Text>
              )}
            </Flex>
          </SurfaceCard>
        </Col>
      </Row>
    </Flex>
  );
}
