import { http, HttpResponse } from 'msw';
import type { AdminSettings, SettingsVersion } from '@crimsonhost/shared/admin-settings';
import { DEFAULT_TIER_RULES } from '@crimsonhost/shared/benefits';
import { server } from '../../../test/msw-server';

/** The settings as GET /api/admin/settings answers them on a fresh storefront. */
export function buildSettings(overrides: Partial<AdminSettings> = {}): AdminSettings {
  const stamp = { version: 1, updatedAt: '2026-11-01T09:00:00.000Z', updatedBy: null };
  return {
    deposits: {
      ...stamp,
      minAmount: '10.000000',
      maxAmount: '100000.000000',
      defaultNetwork: 'TRC20',
      networks: [
        {
          network: 'TRC20',
          displayName: 'Tron (TRC20)',
          enabled: true,
          feePercent: '0.50',
          confirmations: 20,
          processingTime: 'About 1 minute',
          color: '#EB0029',
        },
        {
          network: 'ERC20',
          displayName: 'Ethereum (ERC20)',
          enabled: true,
          feePercent: '1.00',
          confirmations: 12,
          processingTime: 'About 3 minutes',
          color: '#627EEA',
        },
        {
          network: 'BEP20',
          displayName: 'BNB Smart Chain (BEP20)',
          enabled: true,
          feePercent: '0.50',
          confirmations: 15,
          processingTime: 'About 1 minute',
          color: '#F0B90B',
        },
      ],
    },
    commission: { ...stamp, basisPoints: 1000 },
    sla: { ...stamp, hours: { URGENT: 1, HIGH: 4, NORMAL: 18, LOW: 48 } },
    // Never saved: the defaults the API starts from.
    tiers: {
      version: 0,
      updatedAt: null,
      updatedBy: null,
      tiers: structuredClone(DEFAULT_TIER_RULES),
    },
    ...overrides,
  };
}

export function buildSettingsVersion(overrides: Partial<SettingsVersion> = {}): SettingsVersion {
  return {
    id: '1',
    kind: 'commission',
    version: 2,
    at: '2026-11-20T10:15:00.000Z',
    changedBy: { id: '60000000-0000-4000-8000-000000000010', name: 'Demo Admin' },
    before: { basisPoints: 1000 },
    after: { basisPoints: 750 },
    ...overrides,
  };
}

/**
 * Serves the settings and their history; `current()` is what GET answers now, so a test can play
 * a save (its own or someone else's).
 */
export function serveSettings(settings: AdminSettings, history: SettingsVersion[] = []) {
  let current = settings;
  server.use(
    http.get('/api/admin/settings', () => HttpResponse.json({ data: current })),
    // Real time unless a test serves a test clock (serveTestClock).
    http.get('/api/admin/test-clock', () => HttpResponse.json({ data: null })),
    http.get('/api/admin/settings/history', () =>
      HttpResponse.json({ data: history, meta: { page: 1, pageSize: 10, total: history.length } }),
    ),
  );
  return {
    setCurrent: (next: AdminSettings) => {
      current = next;
    },
  };
}
