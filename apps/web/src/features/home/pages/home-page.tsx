import { Flex } from 'antd';
import { FeaturedServers } from '../components/featured-servers';
import { GameCatalog } from '../components/game-catalog';
import { HomeHero } from '../components/home-hero';
import { ProtectionCallout } from '../components/protection-callout';
import { RentalSteps } from '../components/rental-steps';

export function HomePage() {
  return (
    <Flex vertical gap={56}>
      <title>CrimsonHost: game servers by the hour, paid in USDT</title>
      <HomeHero />
      <FeaturedServers />
      <RentalSteps />
      <GameCatalog />
      <ProtectionCallout />
    </Flex>
  );
}
