import type { ServerCard, ServerDetail, ServerListResponse } from '@crimsonhost/shared/catalog';

let next = 0;

/** A server card as GET /api/servers answers it, with overrides. */
export function buildServerCard(overrides: Partial<ServerCard> = {}): ServerCard {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Test Server ${next}`,
    status: 'online',
    availability: 'AVAILABLE',
    game: 'csgo',
    region: { code: 'fra', name: 'Frankfurt', country: 'Germany' },
    cpu: '4 vCores · Ryzen 9 7950X',
    ram: '8 GB',
    storage: '80 GB NVMe',
    image: null,
    price: '0.070000',
    priceUnit: 'hour',
    players: { current: 5, max: 20 },
    performanceScore: 80,
    popularity: 12,
    ...overrides,
  };
}

export function buildServerDetail(overrides: Partial<ServerDetail> = {}): ServerDetail {
  // One instant for both: two clock reads a millisecond apart would read as a missed check.
  const answeredAt = new Date(Date.now() - 12_000).toISOString();
  return {
    ...buildServerCard(),
    description: 'A test server with daily backups.',
    vendor: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Nordic Frag Hosting' },
    lastCheckedAt: answeredAt,
    lastAnswerAt: answeredAt,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function serverPage(
  servers: ServerCard[],
  meta: Partial<ServerListResponse['meta']> = {},
): ServerListResponse {
  return {
    data: servers,
    meta: { page: 1, pageSize: 20, total: servers.length, totalExact: true, ...meta },
  };
}
