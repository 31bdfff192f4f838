// The staff area's Settings (issue 15 point 6): read, save each kind over its version, refuse what
// is invalid with the field named, keep every version and its audit record, and take effect at once
// in deposits, rentals and support tickets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@crimsonhost/shared/admin-settings';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { openTicket, signedIn } from '../support/support-fixture';
import { TEST_XPUBS } from '../wallet/chain-fixture';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp(
    { RENTAL_COMMISSION_BASIS_POINTS: '1200', SUPPORT_SLA_NORMAL_HOURS: '20' },
    undefined,
    {
      chains: {
        ERC20: {
          network: 'ERC20',
          xpub: TEST_XPUBS.EVM,
          contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
          decimals: 6,
          // Opening a deposit derives its address; nothing here calls the node.
          nodeUrl: 'http://127.0.0.1:9',
          demo: false,
        },
      },
    },
  );
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());
// The test saves and reads on one instance; other instances see a save within the cache's 2 s.
beforeEach(() => ctx.app.services.platformSettings.clearCache());

const read = async () => {
  const response = await ctx.request({
    method: 'GET',
    url: '/api/admin/settings',
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AdminSettings }>().data;
};
const save = (kind: 'deposits' | 'commission' | 'sla', payload: Record<string, unknown>) =>
  ctx.request({
    method: 'PUT',
    url: `/api/admin/settings/${kind}`,
    headers: admin.headers,
    payload,
  });
const depositInput = (settings: AdminSettings) => ({
  version: settings.deposits.version,
  minAmount: settings.deposits.minAmount,
  maxAmount: settings.deposits.maxAmount,
  defaultNetwork: settings.deposits.defaultNetwork,
  networks: settings.deposits.networks.map(
    ({ network, enabled, feePercent, confirmations, processingTime, color }) => ({
      network,
      enabled,
      feePercent,
      confirmations,
      processingTime,
      color,
    }),
  ),
});
const fieldsOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { details: { fields: Array<{ field: string; message: string }> } } })
    .error.details.fields;

describe('reading the settings', () => {
  it('answers the deposit config, and the commission and SLA first taken from the configuration', async () => {
    const settings = await read();
    expect(settings.deposits).toMatchObject({
      version: 1,
      updatedBy: null,
      minAmount: '10.000000',
      maxAmount: '100000.000000',
      defaultNetwork: 'TRC20',
    });
    expect(settings.deposits.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(settings.deposits.networks[1]).toMatchObject({
      network: 'ERC20',
      enabled: true,
      feePercent: '1.00',
      confirmations: 12,
      color: '#627EEA',
    });
    expect(settings.commission).toMatchObject({ version: 1, basisPoints: 1200, updatedBy: null });
    expect(settings.sla).toMatchObject({
      version: 1,
      hours: { URGENT: 1, HIGH: 4, NORMAL: 20, LOW: 48 },
    });
  });
});

describe('saving', () => {
  it('saves the deposit config: the public config and a new deposit take the new ERC20 fee at once', async () => {
    const before = await read();
    const input = depositInput(before);
    input.minAmount = '5';
    input.maxAmount = '2500.5';
    input.networks = input.networks.map((n) =>
      n.network === 'ERC20'
        ? { ...n, feePercent: '2.5', confirmations: 6, color: '#123abc', processingTime: 'Soon' }
        : n,
    );
    const response = await save('deposits', input);
    expect(response.statusCode).toBe(200);
    const saved = response.json<{ data: AdminSettings }>().data.deposits;
    expect(saved).toMatchObject({
      version: 2,
      minAmount: '5.000000',
      maxAmount: '2500.500000',
      updatedBy: { id: admin.user.id, name: 'Ada Admin' },
    });
    expect(saved.networks[1]).toMatchObject({ feePercent: '2.50', color: '#123ABC' });

    const config = (await ctx.request({ method: 'GET', url: '/api/wallet/deposit-config' })).json()
      .data;
    expect(config.minAmount).toBe('5.000000');
    expect(config.networks.find((n: { id: string }) => n.id === 'ERC20')).toMatchObject({
      fee: '2.50',
      confirmations: 6,
      processingTime: 'Soon',
    });

    const buyer = await renter(ctx);
    const deposit = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: withKey(buyer.headers),
      payload: { amount: '100', network: 'ERC20' },
    });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json().data).toMatchObject({ networkFee: '2.500000', confirmationsRequired: 6 });
  });

  it('saves the commission: a new rental is charged at it', async () => {
    const before = await read();
    const response = await save('commission', {
      version: before.commission.version,
      basisPoints: 750,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.commission).toMatchObject({ version: 2, basisPoints: 750 });

    const vendor = await createVendor(ctx.database.db);
    const server = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: 2_500_000n,
    });
    const buyer = await renter(ctx, 10n * USDT);
    const rented = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers: withKey(buyer.headers),
      payload: { serverId: server.id, hours: 1 },
    });
    expect(rented.statusCode).toBe(201);
    const [row] = await queryRows<{ commission_bp: number }>(
      ctx.database.db,
      sql`select commission_bp from rentals where id = ${rented.json().data.id as string}`,
    );
    expect(Number(row!.commission_bp)).toBe(750);
  });

  it('saves the SLA hours: a new ticket is due within them', async () => {
    const before = await read();
    const hours = { URGENT: 2, HIGH: 6, NORMAL: 30, LOW: 72 };
    const response = await save('sla', { version: before.sla.version, hours });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.sla).toMatchObject({ version: 2, hours });

    const customer = await signedIn(ctx, 'user');
    const ticket = await openTicket(ctx, customer.headers);
    const [row] = await queryRows<{ priority: keyof typeof hours; seconds: string }>(
      ctx.database.db,
      sql`select priority, extract(epoch from sla_due_at - created_at)::text as seconds
            from support_tickets where id = ${ticket.id}`,
    );
    expect(Number(row!.seconds)).toBeCloseTo(hours[row!.priority] * 3600, 0);
  });
});

describe('validation', () => {
  it('names each wrong field of the deposit config', async () => {
    const input = depositInput(await read());
    input.minAmount = '100';
    input.maxAmount = '50';
    input.defaultNetwork = 'BEP20';
    input.networks = input.networks.map((n) =>
      n.network === 'BEP20'
        ? { ...n, enabled: false, feePercent: '25', confirmations: 0, color: 'red' }
        : n,
    );
    const response = await save('deposits', input);
    expect(response.statusCode).toBe(400);
    const fields = fieldsOf(response);
    const named = (field: string) => fields.find((f) => f.field === field)?.message;
    expect(named('maxAmount')).toBe('Maximum must be at least the minimum');
    expect(named('defaultNetwork')).toBe('The default network must be enabled');
    expect(named('networks.2.feePercent')).toBe('Fee must be between 0 and 20 %');
    expect(named('networks.2.confirmations')).toBe('Confirmations must be between 1 and 1000');
    expect(named('networks.2.color')).toBe('Colour must be #RRGGBB, e.g. #627EEA');
  });

  it('wants one network enabled, SLA hours in order and the commission within 0 to 5000', async () => {
    const settings = await read();
    const input = depositInput(settings);
    input.networks = input.networks.map((n) => ({ ...n, enabled: false }));
    const none = await save('deposits', input);
    expect(fieldsOf(none).map((f) => f.field)).toContain('networks');

    const sla = await save('sla', {
      version: settings.sla.version,
      hours: { URGENT: 5, HIGH: 4, NORMAL: 800, LOW: 48 },
    });
    expect(sla.statusCode).toBe(400);
    expect(fieldsOf(sla)).toEqual(
      expect.arrayContaining([
        { field: 'hours.NORMAL', message: 'NORMAL hours must be between 1 and 720' },
      ]),
    );
    const order = await save('sla', {
      version: settings.sla.version,
      hours: { URGENT: 5, HIGH: 4, NORMAL: 18, LOW: 48 },
    });
    expect(fieldsOf(order)).toEqual([
      { field: 'hours.HIGH', message: 'HIGH hours must be at least the URGENT hours (5)' },
    ]);
    const commission = await save('commission', {
      version: settings.commission.version,
      basisPoints: 5001,
    });
    expect(fieldsOf(commission)).toEqual([
      { field: 'basisPoints', message: 'Commission must be between 0 and 5000' },
    ]);
    // Nothing was saved.
    expect((await read()).sla.version).toBe(settings.sla.version);
  });
});

describe('versions', () => {
  it('answers 409 with the current settings to a save over a stale version', async () => {
    const settings = await read();
    const stale = settings.commission.version - 1;
    const response = await save('commission', { version: stale, basisPoints: 100 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
    expect(response.json().error.details.current.commission).toMatchObject({
      version: settings.commission.version,
      basisPoints: settings.commission.basisPoints,
    });
    expect((await read()).commission.basisPoints).toBe(settings.commission.basisPoints);
  });

  it('lists every saved version with who, when, before and after, each with its audit record', async () => {
    const history = await ctx.request({
      method: 'GET',
      url: '/api/admin/settings/history?page=1&pageSize=10',
      headers: admin.headers,
    });
    expect(history.statusCode).toBe(200);
    const { data, meta } = history.json();
    expect(meta.total).toBe(3);
    expect(data.map((v: { kind: string }) => v.kind)).toEqual(['sla', 'commission', 'deposits']);
    expect(data[1]).toMatchObject({
      version: 2,
      changedBy: { id: admin.user.id, name: 'Ada Admin' },
      before: { basisPoints: 1200 },
      after: { basisPoints: 750 },
    });
    expect(data[2].before.networks[1].feePercent).toBe('1.00');
    expect(data[2].after.networks[1].feePercent).toBe('2.50');

    const audit = await ctx.request({
      method: 'GET',
      url: '/api/admin/audit?action=settings.changed',
      headers: admin.headers,
    });
    expect(audit.json().data).toHaveLength(3);
    expect(audit.json().data[1]).toMatchObject({
      actor: { id: admin.user.id },
      targetType: 'settings',
      targetId: 'commission',
      before: { version: 1, basisPoints: 1200 },
      after: { version: 2, basisPoints: 750 },
    });
    // The history is append-only.
    const refused = await ctx.database.db
      .execute(sql`delete from settings_versions where kind = 'sla'`)
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/append-only/);
  });

  it('is for admins only', async () => {
    const support = await signedIn(ctx, 'support');
    const response = await ctx.request({
      method: 'GET',
      url: '/api/admin/settings',
      headers: support.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('benefits tiers', () => {
  it('saves the thresholds and discounts: the next rental is discounted at them, capped at the commission', async () => {
    const before = await read();
    expect(before.tiers).toMatchObject({
      updatedBy: null,
      tiers: {
        BRONZE: { threshold: '0.000000', discountBp: 0 },
        SILVER: { threshold: '25.000000', discountBp: 200 },
        GOLD: { threshold: '100.000000', discountBp: 400 },
        PLATINUM: { threshold: '300.000000', discountBp: 600 },
      },
    });
    const tiers = {
      BRONZE: { threshold: '0', discountBp: 100 },
      SILVER: { threshold: '10', discountBp: 300 },
      GOLD: { threshold: '50.5', discountBp: 500 },
      PLATINUM: { threshold: '200', discountBp: 2000 },
    };
    const response = await save('tiers' as 'sla', { version: before.tiers.version, tiers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.tiers).toMatchObject({
      version: before.tiers.version + 1,
      updatedBy: { name: 'Ada Admin' },
      tiers: {
        BRONZE: { threshold: '0.000000', discountBp: 100 },
        GOLD: { threshold: '50.500000', discountBp: 500 },
      },
    });
    const program = (await ctx.app.inject({ method: 'GET', url: '/api/benefits' })).json().data;
    expect(program.tiers[2]).toMatchObject({
      tier: 'GOLD',
      threshold: '50.500000',
      discountBp: 500,
    });

    // Everyone is BRONZE at 1 %: 2 h at 10 USDT cost 19.80.
    const vendor = await createVendor(ctx.database.db);
    const server = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: 10n * USDT,
    });
    const buyer = await renter(ctx, 20n * USDT);
    const rented = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers: withKey(buyer.headers),
      payload: { serverId: server.id, hours: 2, expectedTotal: '19.8' },
    });
    expect(rented.json().data).toMatchObject({ paid: '19.800000', discount: '0.200000' });
    // That payment (what the renter paid counts, not the discount) reached SILVER (10): 3 %.
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/benefits/me', headers: buyer.headers })
    ).json().data;
    expect(mine).toMatchObject({ tier: 'SILVER', discountBp: 300 });

    const history = await ctx.request({
      method: 'GET',
      url: '/api/admin/settings/history',
      headers: admin.headers,
    });
    expect(history.json().data[0]).toMatchObject({
      kind: 'tiers',
      before: { SILVER: { threshold: '25.000000', discountBp: 200 } },
      after: { SILVER: { threshold: '10.000000', discountBp: 300 } },
    });
  });

  it('caps the discount at the commission, out of which the platform pays it', async () => {
    const settings = await read();
    const saved = await save('tiers' as 'sla', {
      version: settings.tiers.version,
      tiers: {
        BRONZE: { threshold: '0', discountBp: 2000 },
        SILVER: { threshold: '10', discountBp: 2000 },
        GOLD: { threshold: '50', discountBp: 2000 },
        PLATINUM: { threshold: '200', discountBp: 2000 },
      },
    });
    expect(saved.statusCode).toBe(200);
    const buyer = await renter(ctx, 20n * USDT);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/benefits/me', headers: buyer.headers })
    ).json().data;
    expect(mine.discountBp).toBe(settings.commission.basisPoints);
  });

  it('names the wrong fields: thresholds rising from 0, discounts not falling', async () => {
    const settings = await read();
    const response = await save('tiers' as 'sla', {
      version: settings.tiers.version,
      tiers: {
        BRONZE: { threshold: '5', discountBp: 0 },
        SILVER: { threshold: '25', discountBp: 300 },
        GOLD: { threshold: '20', discountBp: 200 },
        PLATINUM: { threshold: 'lots', discountBp: 2001 },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(
      expect.arrayContaining([
        {
          field: 'tiers.BRONZE.threshold',
          message: 'Bronze is where everyone starts: its threshold is 0',
        },
        {
          field: 'tiers.GOLD.threshold',
          message: "Gold threshold must be above Silver's (25.000000)",
        },
        { field: 'tiers.GOLD.discountBp', message: "Gold discount must be at least Silver's" },
        {
          field: 'tiers.PLATINUM.threshold',
          message: 'Platinum threshold must be a number with at most 6 decimals',
        },
        {
          field: 'tiers.PLATINUM.discountBp',
          message: 'Platinum discount must be between 0 and 2000',
        },
      ]),
    );
  });
});
