import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { Database } from '../../src/db/client';
import { panelEvents } from '../../src/db/schema/index';
import type { DemoPanel } from '@crimsonhost/devnet/demo-panel';
import { deriveKey } from '../../src/modules/panels/panel-crypto';
import { PanelService, type PanelServiceOptions } from '../../src/modules/panels/panel.service';
import { createListing, createVendor } from '../catalog/catalog-factories';

export const silentLog = pino({ level: 'silent' });
export const PANEL_SECRET = 'panel-test-secret-that-is-long-enough-1234';
export const secretKey = deriveKey(PANEL_SECRET);
export const VENDOR_KEY = 'ptlc_VendorKey00112233445566778899aabbccddeeff00';

/** A port nothing listens on: bound, then released. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export function panelService(db: Database, options: PanelServiceOptions = {}) {
  return new PanelService(db, secretKey, silentLog, options);
}

let counter = 0;
/** A fresh 8-hex identifier, as Pterodactyl's short server ids look. */
export function nextIdentifier(): string {
  counter += 1;
  return (0x1a7c0000 + counter).toString(16).padStart(8, '0');
}

/**
 * A listing linked to a new server on the demo panel, owned by the vendor key. Answers the
 * listing id and the server's identifier.
 */
export async function linkedListing(
  db: Database,
  panel: DemoPanel,
  options: { apiKey?: string; panelUrl?: string; onPanel?: boolean } = {},
) {
  const vendor = await createVendor(db);
  const listing = await createListing(db, { vendorId: vendor.id });
  const identifier = nextIdentifier();
  if (options.onPanel !== false) panel.addServer({ identifier, apiKey: VENDOR_KEY });
  await panelService(db).link(listing.id, {
    panelUrl: options.panelUrl ?? panel.url,
    serverIdentifier: identifier,
    apiKey: options.apiKey ?? VENDOR_KEY,
  });
  return { listingId: listing.id, identifier };
}

export async function eventsOf(db: Database, listingId: string) {
  return db
    .select({ kind: panelEvents.kind, message: panelEvents.message })
    .from(panelEvents)
    .where(eq(panelEvents.listingId, listingId))
    .orderBy(panelEvents.createdAt);
}

/** The AppError a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>) {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) throw new Error('expected the call to fail');
  return outcome.error as {
    code: string;
    status: number;
    message: string;
    details?: unknown;
    headers?: Record<string, string>;
  };
}
