import type { ReactNode } from 'react';
import {
  AimOutlined,
  BuildOutlined,
  CompassOutlined,
  FireOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { GAMES, GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import { SurfaceCard } from '../../../components/surface-card';
import { SectionHeading } from './section-heading';
import { Paragraph, Title } from '../../../components/typography';

interface GameArt {
  icon: ReactNode;
  /** Tile gradient, dark enough for a white icon in either theme. */
  gradient: string;
  description: string;
}

const GAME_ART: Record<Game, GameArt> = {
  minecraft: {
    icon: <BuildOutlined />,
    gradient: 'linear-gradient(135deg, #15803d, #14532d)',
    description: 'Survival, creative or modded worlds that stay online for you and your friends.',
  },
  csgo: {
    icon: <AimOutlined />,
    gradient: 'linear-gradient(135deg, #c2410c, #7c2d12)',
    description: 'Private servers for scrims, retakes, practice and community match nights.',
  },
  rust: {
    icon: <ToolOutlined />,
    gradient: 'linear-gradient(135deg, #a16207, #713f12)',
    description: 'Your own wipe schedule, rules and plugins for your clan or community.',
  },
  valheim: {
    icon: <CompassOutlined />,
    gradient: 'linear-gradient(135deg, #1d4ed8, #1e3a8a)',
    description: 'A persistent Viking world your group can explore and build together.',
  },
  ark: {
    icon: <FireOutlined />,
    gradient: 'linear-gradient(135deg, #0f766e, #134e4a)',
    description: 'Tame, build and survive on a dedicated map for your tribe.',
  },
};

export function GameCatalog() {
  return (
    <section aria-labelledby="game-catalog-title">
      <SectionHeading
        id="game-catalog-title"
        title="Games you can host"
        intro="Vendors list servers for five games. Pick the one your group plays tonight."
      />
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 176px), 1fr))',
          gap: 16,
          listStyle: 'none',
          padding: 0,
          margin: 0,
        }}
      >
        {GAMES.map((game) => {
          const art = GAME_ART[game];
          return (
            <li key={game}>
              <SurfaceCard style={{ height: '100%' }} bodyStyle={{ padding: 20 }}>
                <span
                  aria-hidden="true"
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    width: 56,
                    height: 56,
                    marginBottom: 16,
                    borderRadius: 14,
                    background: art.gradient,
                    color: '#ffffff',
                    fontSize: 26,
                  }}
                >
                  {art.icon}
                </span>
                <Title level={3} style={{ fontSize: 18, marginTop: 0, marginBottom: 6 }}>
                  {GAME_LABELS[game]}
                </Title>
                <Paragraph type="secondary" style={{ margin: 0 }}>
                  {art.description}
                </Paragraph>
              </SurfaceCard>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
