import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverListings } from '../../db/schema/catalog';
import { listingPanels } from '../../db/schema/rentals';
import { DEMO_HOST, DEMO_LISTINGS } from '../catalog/catalog-demo-listings';
import { DEMO_PANEL_API_KEY, demoPanelIdentifier } from './demo-panel';
import { encryptPanelKey } from './panel-crypto';

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
        demo: true,
      })),
    )
    .onConflictDoUpdate({
      target: listingPanels.listingId,
      set: {
        panelUrl: sql`excluded.panel_url`,
        serverIdentifier: sql`excluded.server_identifier`,
        apiKeyEncrypted: sql`excluded.api_key_encrypted`,
      },
      setWhere: sql`${listingPanels.demo}`,
    });
  return listings.length;
}
