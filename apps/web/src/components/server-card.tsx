import { Flex } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  isRentableNow,
  SERVER_AVAILABILITY_LABELS,
  type PriceUnit,
  type ServerCard as ServerCardData,
} from '@crimsonhost/shared/catalog';
import { GAME_LABELS } from '@crimsonhost/shared/constants';
import { formatUsdt } from '@crimsonhost/shared/money';
import { SurfaceCard } from './surface-card';
import { paths } from '../app/paths';
import { ButtonLink } from './button-link';
import { PlayerBar } from './player-bar';
import { ServerStatusTag } from './server-status-tag';
import { Text, Title } from './typography';
import { PlainTag } from './plain-tag';

/** '12.50 USDT / hour': spec section 9, two decimals per price unit. */
export function formatServerPrice(price: string, unit: PriceUnit): string {
  return `${formatUsdt(price)} USDT / ${unit}`;
}

/**
 * The server card of spec section 2: name, status, game, region, the specs it has, the price per
 * unit and the player bar. Rent Server is offered only while the server can be rented (online and
 * available); it opens the server's page.
 */
export function ServerCard({ server }: { server: ServerCardData }) {
  const specs = [server.cpu, server.ram && `${server.ram} RAM`, server.storage].filter(
    (spec): spec is string => Boolean(spec),
  );
  const href = paths.server.href(server.id);
  return (
    <SurfaceCard
      style={{ height: '100%' }}
      bodyStyle={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Title level={3} style={{ fontSize: 16, margin: 0, minWidth: 0 }}>
          <Link to={href} style={{ overflowWrap: 'anywhere' }}>
            {server.name}
          </Link>
        </Title>
        <ServerStatusTag status={server.status} />
      </Flex>
      <Flex wrap gap={6} align="center">
        <PlainTag>{GAME_LABELS[server.game]}</PlainTag>
        <Text type="secondary">
          <EnvironmentOutlined aria-hidden /> {server.region.name}, {server.region.country}
        </Text>
        {server.availability !== 'AVAILABLE' && server.status !== 'maintenance' && (
          <PlainTag>{SERVER_AVAILABILITY_LABELS[server.availability]}</PlainTag>
        )}
      </Flex>
      {specs.length > 0 && (
        <Text type="secondary" style={{ fontSize: 13 }}>
          {specs.join(' · ')}
        </Text>
      )}
      <PlayerBar current={server.players.current} max={server.players.max} />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 'auto' }}>
        <Text strong style={{ fontSize: 16 }}>
          {formatServerPrice(server.price, server.priceUnit)}
        </Text>
        {isRentableNow(server) && (
          <ButtonLink to={href} type="primary" aria-label={`Rent Server: ${server.name}`}>
            Rent Server
          </ButtonLink>
        )}
      </Flex>
    </SurfaceCard>
  );
}
