import { createHash } from 'node:crypto';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverListings } from '../../db/schema/catalog';
import { listingPanels } from '../../db/schema/rentals';
import {
  DEMO_HOST,
  DEMO_LISTINGS,
  DEMO_SPARE_GAME_SERVERS,
} from '../catalog/catalog-demo-listings';
import { encryptPanelKey } from './panel-crypto';

/** The demo's client API key: it opens only the loopback demo panel. */
export const DEMO_PANEL_API_KEY = 'ptlc_CrimsonDemoLocalDemoPanelOnlyNotARealKey000';

/** The 8-character identifier of demo listing `index`, shaped like Pterodactyl's short UUIDs. */
export function demoPanelIdentifier(index: number): string {
  return createHash('sha256').update(`crimsonhost-demo-server-${index}`).digest('hex').slice(0, 8);
}

export function demoPanelUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * Where a vendor links a listing of one of the demo's spare game servers (the demo host, a spare's
 * query port): the demo panel, the spare's identifier on it, the demo key. Null for any other
 * listing: a real server is linked to its own panel.
 */
export function demoPanelLinkFor(
  listing: { host: string; queryPort: number },
  demo: { panelPort: number; gamePortBase: number },
): { url: string; serverIdentifier: string; apiKey: string } | null {
  if (listing.host !== DEMO_HOST) return null;
  const spare = DEMO_SPARE_GAME_SERVERS.find(
    (server) => demo.gamePortBase + server.index === listing.queryPort,
  );
  if (!spare) return null;
  return {
    url: demoPanelUrl(demo.panelPort),
    serverIdentifier: demoPanelIdentifier(spare.index),
    apiKey: DEMO_PANEL_API_KEY,
  };
}

/**
 * Links the demo listings (the demo vendors' listings on the demo host, told apart by their query
 * port) to the local demo panel: server identifier by listing index, the demo key encrypted with
 * this server's key, `demo = true`. Runs on every start, so that a data folder seeded before panels
 * existed, a changed DEMO_PANEL_PORT or a changed secret are picked up; rows a vendor linked to a
 * real panel (`demo = false`) are never touched. Answers how many demo listings are linked.
 */
export async function linkDemoPanels(
  db: Database,
  {
    vendorIds,
    panelUrl,
    secretKey,
    gamePortBase,
  }: { vendorIds: string[]; panelUrl: string; secretKey: Uint8Array; gamePortBase: number },
): Promise<number> {
  if (vendorIds.length === 0) return 0;
  const listings = await db
    .select({ id: serverListings.id, queryPort: serverListings.queryPort })
    .from(serverListings)
    .where(
      and(
        inArray(serverListings.vendorId, vendorIds),
        eq(serverListings.host, DEMO_HOST),
        between(serverListings.queryPort, gamePortBase, gamePortBase + DEMO_LISTINGS.length - 1),
      ),
    );
  if (listings.length === 0) return 0;
  await db
    .insert(listingPanels)
    .values(
      listings.map((listing) => ({
        listingId: listing.id,
        panelUrl,
        serverIdentifier: demoPanelIdentifier(listing.queryPort - gamePortBase),
        apiKeyEncrypted: encryptPanelKey(DEMO_PANEL_API_KEY, secretKey),
        keyHint: DEMO_PANEL_API_KEY.slice(-4),
        demo: true,
      })),
    )
    .onConflictDoUpdate({
      target: listingPanels.listingId,
      set: {
        panelUrl: sql`excluded.panel_url`,
        serverIdentifier: sql`excluded.server_identifier`,
        apiKeyEncrypted: sql`excluded.api_key_encrypted`,
        keyHint: sql`excluded.key_hint`,
      },
      setWhere: sql`${listingPanels.demo}`,
    });
  return listings.length;
}
