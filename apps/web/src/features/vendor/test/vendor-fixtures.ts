import { http, HttpResponse } from 'msw';
import type { RegionFacet } from '@crimsonhost/shared/catalog';
import type { MyVendorStanding, VendorApplication } from '@crimsonhost/shared/vendors';
import { server } from '../../../test/msw-server';

/** Addresses of the right shape (the checksums are the API's to judge). */
export const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export const REGIONS: RegionFacet[] = [
  { code: 'fra', name: 'Frankfurt', country: 'Germany', listings: 12 },
  { code: 'nyc', name: 'New York', country: 'United States', listings: 7 },
];

let next = 0;

/** An application as the API answers it: waiting for review unless told otherwise. */
export function buildApplication(overrides: Partial<VendorApplication> = {}): VendorApplication {
  next += 1;
  return {
    id: `40000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    status: 'PENDING',
    displayName: 'Nordic Frag Hosting',
    contactEmail: 'hosting@nordicfrag.example',
    games: ['minecraft', 'rust'],
    regions: ['fra'],
    payoutAddresses: [{ network: 'TRC20', address: TRON_ADDRESS }],
    termsVersion: '2026-11-25',
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

type Vendor = NonNullable<MyVendorStanding['vendor']>;

export function buildVendor(overrides: Partial<Vendor> = {}): Vendor {
  return {
    status: 'ACTIVE',
    statusReason: null,
    displayName: 'Nordic Frag Hosting',
    payoutAddresses: [
      { network: 'ERC20', address: EVM_ADDRESS, updatedAt: '2026-11-21T09:00:00.000Z' },
    ],
    ...overrides,
  };
}

/** Where a person stands: never applied, the form open, unless told otherwise. */
export function buildStanding(overrides: Partial<MyVendorStanding> = {}): MyVendorStanding {
  return { vendor: null, application: null, canApply: true, ...overrides };
}

/** Serves GET /api/vendor/application and the regions; returns how often the standing was read. */
export function serveStanding(standing: MyVendorStanding | (() => Response)) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/vendor/application', () => {
      reads.count += 1;
      return typeof standing === 'function' ? standing() : HttpResponse.json({ data: standing });
    }),
    http.get('/api/regions', () => HttpResponse.json({ data: REGIONS })),
  );
  return reads;
}
