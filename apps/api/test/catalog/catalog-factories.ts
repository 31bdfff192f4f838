import { randomUUID } from 'node:crypto';
import type { Executor } from '../../src/db/client';
import { serverListings } from '../../src/db/schema/index';
import type { NewListing } from '../../src/modules/catalog/catalog.repository';
import { createUser } from '../factories';

/** A listing with believable defaults; `vendorId` is the one thing it cannot make up. */
export function buildListing(overrides: Partial<NewListing> & { vendorId: string }): NewListing {
  const suffix = randomUUID().slice(0, 6);
  return {
    gameId: 'csgo',
    regionCode: 'fra',
    name: `Test Server ${suffix}`,
    description: 'A server made by a test.',
    cpu: '4 vCores',
    ram: '8 GB',
    storage: '80 GB NVMe',
    priceMicro: 1_000_000n,
    priceUnit: 'hour',
    status: 'online',
    availability: 'AVAILABLE',
    playersCurrent: 0,
    playersMax: 16,
    performanceScore: 50,
    popularity: 0,
    host: '127.0.0.1',
    queryPort: 27015,
    ...overrides,
  };
}

export async function createListing(
  db: Executor,
  overrides: Partial<NewListing> & { vendorId: string },
) {
  const [row] = await db.insert(serverListings).values(buildListing(overrides)).returning();
  return row!;
}

export async function createVendor(db: Executor, displayName = 'Test Vendor') {
  return createUser(db, { role: 'vendor', displayName, password: null });
}
