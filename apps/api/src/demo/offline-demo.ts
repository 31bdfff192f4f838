// The offline demo's wiring: the only product file besides the demo-pay CLI that may import the
// offline world (@crimsonhost/devnet). It runs only when the demo is on; the product modules it
// feeds see the chains through ChainSettings, the panel through its URL and key, and the game
// servers through the demo listings' query ports, as they would see real ones.
import { DEMO_XPUBS } from '@crimsonhost/devnet/demo-chain';
import type { GameServerSpec } from '@crimsonhost/devnet/demo-game-servers';
import { startOfflineWorld, type OfflineWorld } from '@crimsonhost/devnet/offline-world';
import { startPayPalServer, type PayPalServer } from '@crimsonhost/devnet/paypal-server';
import type { Network } from '@crimsonhost/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import {
  demoChainEnabled,
  demoDataEnabled,
  demoGameServersEnabled,
  demoPayPalEnabled,
  publicUrl,
  type Config,
} from '../config';
import type { PayPalSettings } from '../modules/payments/paypal-settings';
import {
  DEMO_GAME_IDENTITY,
  DEMO_HOST,
  DEMO_LISTINGS,
  DEMO_SPARE_GAME_SERVERS,
} from '../modules/catalog/catalog-demo-listings';
import type { ChainSettings } from '../modules/chains/chain-settings';
import { DEMO_PANEL_API_KEY, demoPanelIdentifier } from '../modules/panels/panels.seed';

/** Pays test USDT to an address on a demo chain: `micro` in micro-USDT. */
/** Pays `micro` USDT to `to` on a demo chain; answers the transaction's hash. */
export type DemoPayer = (network: Network, to: string, micro: bigint) => Promise<string>;

export interface OfflineDemo {
  /** The demo chains' settings, to be merged over the configured networks. */
  chains: ChainSettings | undefined;
  /** Pays on the demo chains (the demo's seeded deposits); undefined without them. */
  pay: DemoPayer | undefined;
  /** The demo's PayPal app, played by the PayPal-speaking server; undefined without it. */
  paypal: PayPalSettings | undefined;
  /** That server's buyer-side controls, for the demo's seeded payments. */
  paypalServer: PayPalServer | undefined;
  stop(): Promise<void>;
}

/** The demo chains' payer: anvil mints ERC20 and BEP20 test USDT, the TRON node sends TRC20. */
function demoPayer(chains: NonNullable<OfflineWorld['chains']>): DemoPayer {
  return async (network, to, micro) => {
    if (network === 'TRC20') {
      if (!chains.tron) throw new Error('the demo TRON node is not running');
      return chains.tron.pay({ to, value: micro }).txId;
    }
    const token = chains.tokens[network] as `0x${string}`;
    // BEP20's test USDT has 18 decimals, ERC20's 6.
    return chains.chain.pay(token, to, network === 'BEP20' ? micro * 10n ** 12n : micro);
  };
}

/**
 * One status responder per demo listing that answers, on the listing's query port, and one per
 * spare game server that a vendor may list.
 */
export function demoGameServerSpecs(gamePortBase: number): GameServerSpec[] {
  const servers = [
    ...DEMO_LISTINGS.filter((listing) => listing.behaviour === 'answers'),
    ...DEMO_SPARE_GAME_SERVERS.map((spare) => ({ ...spare, players: 0 })),
  ];
  return servers.map((server) => {
    const identity = DEMO_GAME_IDENTITY[server.game];
    const common = {
      host: DEMO_HOST,
      port: gamePortBase + server.index,
      name: server.name,
      players: server.players,
      maxPlayers: server.slots,
    };
    return server.game === 'minecraft'
      ? { protocol: 'minecraft', ...common, version: identity.version }
      : { protocol: 'a2s', ...common, ...identity };
  });
}

/**
 * The demo panel's servers, owned by the demo key: one per demo listing, and one per spare game
 * server, which a new vendor lists and links to this panel.
 */
export function demoPanelServers() {
  return [...DEMO_LISTINGS, ...DEMO_SPARE_GAME_SERVERS].map((server) => ({
    identifier: demoPanelIdentifier(server.index),
    apiKey: DEMO_PANEL_API_KEY,
    name: server.name,
  }));
}

/** The settings that point the three networks at the demo chains. */
export function demoChainSettings(chains: NonNullable<OfflineWorld['chains']>): ChainSettings {
  const common = { xpub: DEMO_XPUBS.EVM, nodeUrl: chains.chain.rpcUrl, demo: true };
  return {
    ERC20: { network: 'ERC20', contract: chains.tokens.ERC20, decimals: 6, ...common },
    BEP20: { network: 'BEP20', contract: chains.tokens.BEP20, decimals: 18, ...common },
    ...(chains.tron
      ? {
          TRC20: {
            network: 'TRC20',
            contract: chains.tron.usdt,
            decimals: 6,
            xpub: DEMO_XPUBS.TRON,
            nodeUrl: chains.tron.url,
            demo: true,
          },
        }
      : {}),
  };
}

/** The demo's PayPal REST app: its stand-in knows it, nothing else does. */
const DEMO_PAYPAL_CLIENT = {
  clientId: 'crimsonhost-demo',
  clientSecret: 'crimsonhost-demo-secret',
  webhookId: 'CRIMSONHOST-DEMO-WEBHOOK',
};

/**
 * Starts the parts of the offline world the configuration asks for: the demo panel with the demo
 * data, the game servers, the chains.
 */
export async function startOfflineDemo(
  config: Config,
  log: FastifyBaseLogger,
): Promise<OfflineDemo> {
  // PayPal's sandbox, played on a loopback port: its approval page is where the renter's browser
  // goes, and its signed webhooks come back to this storefront.
  const paypalStarting: Promise<PayPalServer | null> = demoPayPalEnabled(config)
    ? startPayPalServer({
        clientId: DEMO_PAYPAL_CLIENT.clientId,
        clientSecret: DEMO_PAYPAL_CLIENT.clientSecret,
        webhookId: DEMO_PAYPAL_CLIENT.webhookId,
        webhookUrl: `${publicUrl(config)}/api/payments/paypal/webhook`,
      })
    : Promise.resolve(null);
  paypalStarting.catch(() => undefined);
  const world = await startOfflineWorld({
    log,
    panel: demoDataEnabled(config)
      ? { port: config.DEMO_PANEL_PORT, servers: demoPanelServers() }
      : undefined,
    gameServers: demoGameServersEnabled(config)
      ? demoGameServerSpecs(config.DEMO_GAME_PORT_BASE)
      : undefined,
    chains: demoChainEnabled(config)
      ? { port: config.DEMO_CHAIN_PORT, tronPort: config.DEMO_TRON_PORT, dataDir: config.DATA_DIR }
      : undefined,
  });
  const paypal = await paypalStarting.catch(async (error: unknown) => {
    await world.stop();
    throw error;
  });
  if (paypal) log.info(`The demo's PayPal (a PayPal-speaking server) listens at ${paypal.url}`);
  return {
    chains: world.chains ? demoChainSettings(world.chains) : undefined,
    pay: world.chains ? demoPayer(world.chains) : undefined,
    paypal: paypal
      ? { ...DEMO_PAYPAL_CLIENT, environment: 'sandbox', apiUrl: paypal.url }
      : undefined,
    paypalServer: paypal ?? undefined,
    stop: async () => {
      await paypal?.close();
      await world.stop();
    },
  };
}
