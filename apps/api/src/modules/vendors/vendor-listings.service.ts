import type { Game } from '@crimsonhost/shared/constants';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type {
  ListingState,
  VendorListing,
  VendorListingDetail,
  VendorListingValues,
} from '@crimsonhost/shared/vendor-listings';
import type { Database, Executor } from '../../db/client';
import { AppError, validationFailed } from '../../lib/errors';
import { OutboundAddressError, type OutboundGuard } from '../../lib/outbound-guard';
import { NOT_QUERIED } from '../catalog/game-status.job';
import { listingImage } from './listing-image';
import * as repo from './vendor-listings.repository';
import * as vendorsRepo from './vendors.repository';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const notFound = () => new AppError('NOT_FOUND', 404, 'No listing with this id');
const rented = (doing: string) =>
  new AppError(
    'LISTING_RENTED',
    409,
    `This server is rented right now, so you cannot ${doing}. Try again when the rental has ended.`,
  );

/** The status job's last error as a vendor reads it, without the socket's jargon. */
export function plainQueryError(error: string | null): string | null {
  if (error === null) return null;
  if (error.startsWith(NOT_QUERIED)) return error.slice(NOT_QUERIED.length);
  if (/timeout|timed out/i.test(error)) return 'The game server did not answer in time.';
  if (/ECONNREFUSED/i.test(error)) return 'Nothing answered on that address and port.';
  if (/ENOTFOUND|EAI_AGAIN/i.test(error)) return 'That host name does not resolve.';
  if (/EHOSTUNREACH|ENETUNREACH/i.test(error)) return 'That address cannot be reached.';
  return 'The game server did not answer the status query.';
}

function stateOf(row: repo.VendorListingRow): ListingState {
  if (!row.vendorActive) return 'HIDDEN';
  if (row.checkedAt === null) return 'CHECKING';
  if (row.availability === 'MAINTENANCE') return 'PAUSED';
  return 'LIVE';
}

function toListing(row: repo.VendorListingRow): VendorListing {
  return {
    id: row.id,
    name: row.name,
    game: row.gameId as Game,
    region: { code: row.regionCode, name: row.regionName, country: row.regionCountry },
    cpu: row.cpu,
    ram: row.ram,
    storage: row.storage,
    playersMax: row.playersMax,
    price: toUsdtString(row.priceMicro),
    description: row.description,
    image: row.image,
    host: row.host,
    queryPort: row.queryPort,
    state: stateOf(row),
    status: row.status as VendorListing['status'],
    availability: row.availability as VendorListing['availability'],
    players: { current: row.playersCurrent, max: row.playersMax },
    lastCheckedAt: iso(row.lastCheckedAt),
    lastAnswerAt: iso(row.lastAnswerAt),
    lastError:
      row.lastAnswerAt !== null && row.lastError === null ? null : plainQueryError(row.lastError),
    checkedAt: iso(row.checkedAt),
    rented: row.availability === 'RENTED',
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

function toValues(input: VendorListingValues): repo.ListingValues {
  return {
    name: input.name,
    gameId: input.game,
    regionCode: input.region,
    cpu: input.cpu,
    ram: input.ram,
    storage: input.storage,
    playersMax: input.playersMax,
    priceMicro: parseUsdt(input.price),
    description: input.description,
    host: input.host,
    queryPort: input.queryPort,
  };
}

/**
 * A vendor's listings (issue 16 point 4, decision 038). Reads are open to a vendor in any status
 * (a suspended vendor still sees what they list); writes need an ACTIVE vendor. Every write locks
 * the listing row, which is also what a renter's claim updates, so a listing cannot be paused or
 * deleted in the moment it is rented.
 */
export class VendorListingsService {
  /**
   * `gameHosts` is the outbound address guard with the game server's words (decision 040): a
   * listing's host must resolve to public addresses only, unless it is an allowed host.
   */
  constructor(
    private readonly db: Database,
    private readonly gameHosts: OutboundGuard,
  ) {}

  async list(vendorId: string): Promise<VendorListing[]> {
    return (await repo.listingsOf(this.db, vendorId)).map(toListing);
  }

  async get(vendorId: string, id: string): Promise<VendorListingDetail> {
    if (!vendorsRepo.isUuid(id)) throw notFound();
    return this.detail(this.db, vendorId, id);
  }

  async create(vendorId: string, input: VendorListingValues): Promise<VendorListingDetail> {
    // Resolved before the transaction: no row stays locked while a name is looked up.
    await this.assertPublicHost(input);
    return this.db.transaction(async (tx) => {
      await this.assertActive(tx, vendorId);
      await this.assertRegion(tx, input.region);
      await this.assertAddressFree(tx, input);
      const id = await repo.insertListing(tx, vendorId, toValues(input));
      return this.detail(tx, vendorId, id);
    });
  }

  async update(
    vendorId: string,
    id: string,
    input: VendorListingValues,
  ): Promise<VendorListingDetail> {
    // A new address is checked before the transaction, so that no row stays locked while its name
    // is looked up; a rented listing's is not (its address cannot change, the answer is 409). The
    // port counts too: an allowed host may be allowed on one port only.
    const address = `${input.host}:${input.queryPort}`;
    let checked: string | null = null;
    if (vendorsRepo.isUuid(id)) {
      const current = await repo.listingOf(this.db, vendorId, id);
      if (
        current &&
        `${current.host}:${current.queryPort}` !== address &&
        current.availability !== 'RENTED'
      ) {
        await this.assertPublicHost(input);
        checked = address;
      }
    }
    return this.locked(vendorId, id, async (tx, before) => {
      await this.assertRegion(tx, input.region);
      const values = toValues(input);
      const moved =
        values.gameId !== before.gameId ||
        values.host !== before.host ||
        values.queryPort !== before.queryPort;
      if (moved && before.availability === 'RENTED') {
        throw rented('change its game or address');
      }
      // The listing changed between the read above and its lock: the new address is checked now.
      if (`${before.host}:${before.queryPort}` !== address && checked !== address) {
        await this.assertPublicHost(input);
      }
      await this.assertAddressFree(tx, input, id);
      await repo.updateListing(tx, id, values, moved);
      const changes: Parameters<typeof repo.insertChanges>[1] = [];
      if (values.priceMicro !== before.priceMicro) {
        changes.push({
          listingId: id,
          field: 'price',
          fromValue: toUsdtString(before.priceMicro),
          toValue: toUsdtString(values.priceMicro),
          changedBy: vendorId,
        });
      }
      if (values.gameId !== before.gameId) {
        changes.push({
          listingId: id,
          field: 'game',
          fromValue: before.gameId,
          toValue: values.gameId,
          changedBy: vendorId,
        });
      }
      await repo.insertChanges(tx, changes);
    });
  }

  async pause(vendorId: string, id: string): Promise<VendorListingDetail> {
    return this.locked(vendorId, id, async (tx, before) => {
      if (before.availability === 'MAINTENANCE') return;
      if (!(await repo.pauseListing(tx, id))) throw rented('pause it');
    });
  }

  async resume(vendorId: string, id: string): Promise<VendorListingDetail> {
    return this.locked(vendorId, id, async (tx, before) => {
      if (before.availability !== 'MAINTENANCE') return;
      await repo.resumeListing(tx, id);
    });
  }

  async remove(vendorId: string, id: string): Promise<void> {
    if (!vendorsRepo.isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      const before = await repo.lockListing(tx, vendorId, id);
      if (!before) throw notFound();
      if (!(await repo.deleteListing(tx, id))) throw rented('delete it');
    });
  }

  /** Checks the upload is an image by its bytes, resizes it to WebP, and serves it from the app. */
  async setImage(vendorId: string, id: string, bytes: Uint8Array): Promise<VendorListingDetail> {
    if (!vendorsRepo.isUuid(id)) throw notFound();
    // Decoding runs before the transaction: no row stays locked while an image is resized.
    if (!(await repo.listingOf(this.db, vendorId, id))) throw notFound();
    const image = await listingImage(bytes);
    return this.locked(vendorId, id, async (tx) => {
      await repo.saveImage(tx, id, image);
    });
  }

  async removeImage(vendorId: string, id: string): Promise<VendorListingDetail> {
    return this.locked(vendorId, id, async (tx) => {
      await repo.removeImage(tx, id);
    });
  }

  private async locked(
    vendorId: string,
    id: string,
    change: (
      tx: Executor,
      before: NonNullable<Awaited<ReturnType<typeof repo.lockListing>>>,
    ) => Promise<void>,
  ): Promise<VendorListingDetail> {
    if (!vendorsRepo.isUuid(id)) throw notFound();
    return this.db.transaction(async (tx) => {
      await this.assertActive(tx, vendorId);
      const before = await repo.lockListing(tx, vendorId, id);
      if (!before) throw notFound();
      await change(tx, before);
      return this.detail(tx, vendorId, id);
    });
  }

  private async detail(db: Executor, vendorId: string, id: string): Promise<VendorListingDetail> {
    const row = await repo.listingOf(db, vendorId, id);
    if (!row) throw notFound();
    const changes = await repo.changesOf(db, id);
    return {
      ...toListing(row),
      changes: changes.map((change) => ({
        field: change.field as 'price' | 'game',
        from: change.fromValue,
        to: change.toValue,
        at: iso(change.createdAt)!,
      })),
    };
  }

  private async assertActive(db: Executor, vendorId: string) {
    const vendor = await vendorsRepo.findVendor(db, vendorId);
    if (vendor?.status !== 'ACTIVE') {
      throw new AppError(
        'VENDOR_NOT_ACTIVE',
        403,
        vendor?.status === 'SUSPENDED'
          ? 'Your vendor account is suspended, so your listings cannot be changed. Contact support to find out more.'
          : 'Your vendor account is not active, so your listings cannot be changed.',
      );
    }
  }

  /**
   * One game server, one listing: two listings of one server could be rented by two renters at
   * once, and a game server's query challenge answers one asker per address at a time.
   */
  private async assertAddressFree(db: Executor, input: VendorListingValues, exceptId?: string) {
    if (await repo.addressTaken(db, input.host, input.queryPort, exceptId)) {
      throw validationFailed([
        {
          field: 'queryPort',
          message:
            'Another listing already uses this address and query port. Each game server is listed once.',
        },
      ]);
    }
  }

  /**
   * The game server must be on the public internet: the status job queries it from our network,
   * so a host on loopback, a private network or a cloud's metadata address is refused (every
   * address of a name, decision 040), and so is a name that does not resolve.
   */
  private async assertPublicHost(input: VendorListingValues) {
    try {
      await this.gameHosts.resolve(input.host, String(input.queryPort));
    } catch (error) {
      if (!(error instanceof OutboundAddressError)) throw error;
      throw validationFailed([{ field: 'host', message: error.message }]);
    }
  }

  private async assertRegion(db: Executor, region: string) {
    if (!(await repo.regionExists(db, region))) {
      throw validationFailed([{ field: 'region', message: 'Choose a region from the list' }]);
    }
  }
}
