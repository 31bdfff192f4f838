import { A2sResponder, type A2sResponderOptions, type GameServerResponder } from './a2s-responder';
import type { WorldLog } from './log';
import {
  MinecraftStatusResponder,
  type MinecraftResponderOptions,
} from './minecraft-status-responder';

/** One game server to run: a Minecraft status responder or a Source (A2S) one. */
export type GameServerSpec =
  | ({ protocol: 'minecraft' } & MinecraftResponderOptions)
  | ({ protocol: 'a2s' } & A2sResponderOptions);

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
 * Runs game servers on loopback: one A2S or Minecraft status responder per spec. Players drift a
 * little every 20 s so that the live counts visibly follow the game servers. A port that is taken
 * is logged and skipped: a listing that points there then shows offline.
 */
export async function startDemoGameServers(
  log: WorldLog,
  servers: GameServerSpec[],
): Promise<DemoGameServers> {
  const responders: GameServerResponder[] = [];
  const started = servers.map(async ({ protocol, ...options }) => {
    try {
      const responder =
        protocol === 'minecraft'
          ? await MinecraftStatusResponder.start(options)
          : await A2sResponder.start(options);
      responders.push(responder);
    } catch (error) {
      log.warn(
        { port: options.port, err: error },
        `demo game server '${options.name}' could not start; its listing will show offline`,
      );
    }
  });
  await Promise.all(started);
  const timer = setInterval(() => responders.forEach(drift), DRIFT_MS);
  timer.unref();
  log.info(
    { servers: responders.length, ports: responders.map((responder) => responder.port).join(',') },
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
