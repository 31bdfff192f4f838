import { http, HttpResponse } from 'msw';
import type { VendorListing, VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { REGIONS } from './vendor-fixtures';

let next = 0;

/**
 * A listing as the API answers it: Frankfurt Survival, live, online with 7 of 20 players, not
 * rented, no changes yet, unless told otherwise.
 */
export function buildListing(overrides: Partial<VendorListingDetail> = {}): VendorListingDetail {
  next += 1;
  return {
    id: `60000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: 'Frankfurt Survival',
    game: 'minecraft',
    region: { code: 'fra', name: 'Frankfurt', country: 'Germany' },
    cpu: 'Ryzen 9 7950X, 4 cores',
    ram: '16 GB',
    storage: null,
    playersMax: 20,
    price: '0.255000',
    description: 'Vanilla **survival**, whitelist on request.',
    image: null,
    host: 'play.nordicfrag.example',
    queryPort: 25565,
    state: 'LIVE',
    status: 'online',
    availability: 'AVAILABLE',
    players: { current: 7, max: 20 },
    lastCheckedAt: '2026-11-25T08:29:30.000Z',
    lastAnswerAt: '2026-11-25T08:29:30.000Z',
    lastError: null,
    checkedAt: '2026-11-20T10:05:00.000Z',
    rented: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-24T18:00:00.000Z',
    changes: [],
    ...overrides,
  };
}

/** A listing waiting for its game server's first answer, which has not come. */
export function buildCheckingListing(
  overrides: Partial<VendorListingDetail> = {},
): VendorListingDetail {
  return buildListing({
    state: 'CHECKING',
    status: 'offline',
    players: { current: 0, max: 20 },
    lastAnswerAt: null,
    lastError: 'Nothing answered on that address and port.',
    checkedAt: null,
    ...overrides,
  });
}

/** The list's shape: a listing without its changes. */
function inList({ changes: _changes, ...listing }: VendorListingDetail): VendorListing {
  return listing;
}

const PAUSED = { state: 'PAUSED', status: 'maintenance', availability: 'MAINTENANCE' } as const;
const RESUMED = { state: 'LIVE', status: 'online', availability: 'AVAILABLE' } as const;

/**
 * The vendor's listings, kept as the API would: the list, each listing, pause, resume and delete
 * change what the next read answers. Also serves the regions. `calls` records each change asked
 * ('pause <id>', 'delete <id>'...); `reads` counts the list's reads.
 */
export function serveListingStore(listings: VendorListingDetail[]) {
  const store = new Map(listings.map((listing) => [listing.id, listing]));
  const calls: string[] = [];
  const reads = { list: 0, detail: 0 };
  const answer = (id: string, change: Partial<VendorListingDetail> = {}) => {
    const listing = store.get(id);
    if (!listing)
      return HttpResponse.json(errorBody('NOT_FOUND', 'No listing with this id'), { status: 404 });
    const changed = { ...listing, ...change };
    store.set(id, changed);
    return HttpResponse.json({ data: changed });
  };
  server.use(
    http.get('/api/regions', () => HttpResponse.json({ data: REGIONS })),
    http.get('/api/vendor/listings', () => {
      reads.list += 1;
      return HttpResponse.json({ data: [...store.values()].map(inList) });
    }),
    http.get<{ id: string }>('/api/vendor/listings/:id', ({ params }) => {
      reads.detail += 1;
      return answer(params.id);
    }),
    http.post<{ id: string }>('/api/vendor/listings/:id/pause', ({ params }) => {
      calls.push(`pause ${params.id}`);
      return answer(params.id, PAUSED);
    }),
    http.post<{ id: string }>('/api/vendor/listings/:id/resume', ({ params }) => {
      calls.push(`resume ${params.id}`);
      return answer(params.id, RESUMED);
    }),
    http.delete<{ id: string }>('/api/vendor/listings/:id', ({ params }) => {
      calls.push(`delete ${params.id}`);
      store.delete(params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    // A listing's page also shows its game panel and panel errors: none, unless a test says so.
    http.get('/api/vendor/listings/:id/panel', () => HttpResponse.json({ data: null })),
    http.get('/api/vendor/listings/:id/panel/demo', () => HttpResponse.json({ data: null })),
    http.get('/api/vendor/panel-errors', () =>
      HttpResponse.json({ data: [], meta: { page: 1, pageSize: 10, total: 0 } }),
    ),
  );
  return { store, calls, reads };
}

/** Every call of one method and path answers this refusal from the API. */
export function refuse(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  const asked: Request[] = [];
  server.use(
    http[method](path, ({ request }) => {
      asked.push(request);
      return HttpResponse.json(errorBody(code, message, details), { status });
    }),
  );
  return asked;
}
