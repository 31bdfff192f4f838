import { startDemoChain, type DemoChain } from './demo-chain';
import {
  startDemoGameServers,
  type DemoGameServers,
  type GameServerSpec,
} from './demo-game-servers';
import { startDemoPanel, type DemoPanel, type DemoServerOptions } from './demo-panel';
import { startDiscordServer } from './discord-server';
import { silentWorldLog, type WorldLog } from './log';
import { startMailServer } from './mail-server';

export type DiscordServer = Awaited<ReturnType<typeof startDiscordServer>>;
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

/** The parts to start; a part left out is not started. Every port may be 0 (any free port). */
export interface OfflineWorldOptions {
  log?: WorldLog;
  /** anvil with the ERC20 and BEP20 test USDT, and the TronGrid-speaking TRON node with TRC20's. */
  chains?: { port: number; tronPort: number; dataDir: string };
  /** A Pterodactyl-speaking panel with these servers. */
  panel?: {
    port: number;
    servers: DemoServerOptions[];
    startDelayMs?: number;
    stopDelayMs?: number;
  };
  /** A2S and Minecraft status responders, one per spec. */
  gameServers?: GameServerSpec[];
  /** Discord's OAuth2 token endpoint and user API for this client. */
  discord?: { port?: number; clientId: string; clientSecret: string };
  /** An SMTP sink that keeps what it receives. */
  mail?: { port?: number };
}

/** Where each part listens (null for a part not asked for, or one whose port was taken). */
export interface OfflineWorld {
  chains: DemoChain | null;
  panel: DemoPanel | null;
  gameServers: DemoGameServers | null;
  discord: DiscordServer | null;
  mail: MailServer | null;
  /** Stops every part that started; calling it again waits for the same stop. */
  stop(): Promise<void>;
}

/**
 * Starts the offline world: the stand-ins for the outside systems the storefront talks to, each a
 * real server on loopback speaking the documented protocol of the service it plays.
 */
export async function startOfflineWorld(options: OfflineWorldOptions): Promise<OfflineWorld> {
  const log = options.log ?? silentWorldLog;
  let stopping: Promise<void> | null = null;
  const world: OfflineWorld = {
    chains: null,
    panel: null,
    gameServers: null,
    discord: null,
    mail: null,
    stop() {
      stopping ??= (async () => {
        await world.gameServers?.stop();
        await world.chains?.stop();
        await world.panel?.close();
        await world.discord?.close();
        await world.mail?.close();
      })();
      return stopping;
    },
  };
  try {
    if (options.panel) {
      world.panel = await startDemoPanel(log, {
        startDelayMs: 3000,
        stopDelayMs: 2000,
        ...options.panel,
      });
    }
    if (options.gameServers) {
      world.gameServers = await startDemoGameServers(log, options.gameServers);
    }
    if (options.chains) world.chains = await startDemoChain(log, options.chains);
    if (options.discord) {
      const { clientId, clientSecret, port } = options.discord;
      world.discord = await startDiscordServer(clientId, clientSecret, port);
    }
    if (options.mail) {
      world.mail = await startMailServer(options.mail.port);
    }
  } catch (error) {
    await world.stop();
    throw error;
  }
  return world;
}
