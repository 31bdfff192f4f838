import type { FastifyBaseLogger } from 'fastify';
import { A2sResponder, type GameServerResponder } from './a2s-responder';
import { DEMO_GAME_IDENTITY, DEMO_HOST, DEMO_LISTINGS } from './catalog-demo-listings';
import { MinecraftStatusResponder } from './minecraft-status-responder';

export interface DemoGameServers {
  readonly responders: GameServerResponder[];
  stop(): Promise<void>;
}

/** How often the demo game servers' player counts drift. */
const DRIFT_MS = 20_000;

/** A step of -2..+2 players, kept within 0..max. */
function drift(responder: GameServerResponder) {
  const step = Math.floor(Math.random() * 5) - 2;
  responder.players = Math.max(0, Math.min(responder.maxPlayers, responder.players + step));
}

/**
 * Runs the demo game servers on loopback: one A2S or Minecraft status responder per demo listing
 * that answers, on the listing's query port. Players drift a little every 20 s so that the live
 * counts visibly follow the game servers. A port that is taken is logged and skipped: that
 * listing then shows offline.
 */
export async function startDemoGameServers(
  log: FastifyBaseLogger,
  portBase: number,
): Promise<DemoGameServers> {
  const responders: GameServerResponder[] = [];
  const started = DEMO_LISTINGS.filter((listing) => listing.behaviour === 'answers').map(
    async (listing) => {
      const identity = DEMO_GAME_IDENTITY[listing.game];
      const common = {
        host: DEMO_HOST,
        port: portBase + listing.index,
        name: listing.name,
        players: listing.players,
        maxPlayers: listing.slots,
      };
      try {
        const responder =
          listing.game === 'minecraft'
            ? await MinecraftStatusResponder.start({ ...common, version: identity.version })
            : await A2sResponder.start({ ...common, ...identity });
        responders.push(responder);
      } catch (error) {
        log.warn(
          { port: portBase + listing.index, err: error },
          `demo game server '${listing.name}' could not start; its listing will show offline`,
        );
      }
    },
  );
  await Promise.all(started);
  const timer = setInterval(() => responders.forEach(drift), DRIFT_MS);
  timer.unref();
  log.info(
    { servers: responders.length, ports: `${portBase}-${portBase + DEMO_LISTINGS.length - 1}` },
    'demo game servers answering on loopback',
  );
  return {
    responders,
    async stop() {
      clearInterval(timer);
      await Promise.all(responders.map((responder) => responder.close()));
    },
  };
}
