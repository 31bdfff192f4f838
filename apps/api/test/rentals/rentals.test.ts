import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { fundWallet, renter, USDT, withKey } from './rentals-fixture';

let ctx: TestContext;
let vendorId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  vendorId = (await createVendor(ctx.database.db)).id;
});
afterAll(() => ctx.close());

const listing = (overrides: Record<string, unknown> = {}) =>
  createListing(ctx.database.db, { vendorId, priceMicro: 2_500_000n, ...overrides });
const rent = (headers: Record<string, string>, serverId: string, hours: number, key?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(headers, key),
    payload: { serverId, hours },
  });
const wallet = async (
  headers: Record<string, string>,
): Promise<{ available: string; held: string }> =>
  (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<{
    data: { usdt: { available: string; held: string } };
  }>().data.usdt;
const availability = async (id: string) =>
  (
    await queryRows<{ availability: string }>(
      ctx.database.db,
      sql`select availability from server_listings where id = ${id}`,
    )
  )[0]!.availability;

async function invariants() {
  const unbalanced = await queryRows(
    ctx.database.db,
    sql`select ledger_transaction_id from ledger_entries group by 1 having sum(amount) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  // Escrow holds exactly what active rentals have left.
  const [escrow] = await queryRows<{ balance: string; held: string }>(
    ctx.database.db,
    sql`select (select coalesce(sum(e.amount), 0) from ledger_entries e
                  join ledger_accounts a on a.id = e.account_id where a.kind = 'ESCROW')::text as balance,
               coalesce((select sum(paid - refunded - released - commission) from rentals where status = 'ACTIVE'), 0)::text as held`,
  );
  expect(escrow!.balance).toBe(escrow!.held);
  const ended = await queryRows(
    ctx.database.db,
    sql`select id from rentals where status <> 'ACTIVE' and paid <> refunded + released + commission`,
  );
  expect(ended).toEqual([]);
}

describe('renting', () => {
  it('creates the ACTIVE rental, marks the server RENTED and moves the price into escrow', async () => {
    const server = await listing();
    const { headers } = await renter(ctx, 20n * USDT);
    const response = await rent(headers, server.id, 3);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      status: 'ACTIVE',
      hours: 3,
      pricePerHour: '2.500000',
      paid: '7.500000',
      refunded: '0.000000',
      server: { id: server.id, name: server.name, region: { code: 'fra', name: 'Frankfurt' } },
    });
    expect(new Date(data.endsAt).getTime() - new Date(data.startsAt).getTime()).toBe(3 * 3_600_000);
    expect(data.connection).toEqual({ host: '127.0.0.1', port: 27015 });
    expect(data.refundIfCancelled).toBe('5.000000');
    expect(await availability(server.id)).toBe('RENTED');
    expect(await wallet(headers)).toEqual({ available: '12.500000', held: '7.500000' });
    const list = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/wallet/transactions?type=RENTAL_PAYMENT',
        headers,
      })
    ).json();
    expect(list.data[0]).toMatchObject({
      type: 'RENTAL_PAYMENT',
      status: 'PENDING',
      amount: '7.500000',
    });
    await invariants();
  });

  it('answers INSUFFICIENT_FUNDS with the shortfall and moves nothing', async () => {
    const server = await listing();
    const { headers } = await renter(ctx, 5n * USDT);
    const response = await rent(headers, server.id, 4);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { total: '10.000000', balance: '5.000000', shortfall: '5.000000' },
    });
    expect(await availability(server.id)).toBe('AVAILABLE');
    expect(await wallet(headers)).toEqual({ available: '5.000000', held: '0.000000' });
  });

  it.each([
    [{ status: 'offline' }, 'SERVER_NOT_AVAILABLE', 409],
    [{ status: 'maintenance' }, 'SERVER_NOT_AVAILABLE', 409],
    [{ availability: 'RENTED' }, 'SERVER_NOT_AVAILABLE', 409],
    [{ availability: 'MAINTENANCE' }, 'SERVER_NOT_AVAILABLE', 409],
  ])('refuses a server that is %j', async (overrides, code, status) => {
    const server = await listing(overrides);
    const { headers } = await renter(ctx, 20n * USDT);
    const response = await rent(headers, server.id, 1);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await wallet(headers)).toEqual({ available: '20.000000', held: '0.000000' });
  });

  it.each([0, 721, 1.5])('refuses %s hours with a 400 naming the field', async (hours) => {
    const server = await listing();
    const { headers } = await renter(ctx, 20n * USDT);
    const response = await rent(headers, server.id, hours);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].field).toBe('hours');
  });

  it('answers 404 for an unknown or malformed server id', async () => {
    const { headers } = await renter(ctx, 20n * USDT);
    expect((await rent(headers, randomUUID(), 1)).statusCode).toBe(404);
    expect((await rent(headers, 'not-a-server', 1)).statusCode).toBe(404);
  });

  it('needs an Idempotency-Key and replays the first answer for a repeated one', async () => {
    const server = await listing();
    const { headers } = await renter(ctx, 20n * USDT);
    const noKey = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers,
      payload: { serverId: server.id, hours: 1 },
    });
    expect(noKey.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await rent(headers, server.id, 2, key);
    const again = await rent(headers, server.id, 2, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await wallet(headers)).toEqual({ available: '15.000000', held: '5.000000' });
  });

  it("answers 404 for another user's rental", async () => {
    const server = await listing();
    const owner = await renter(ctx, 20n * USDT);
    const stranger = await renter(ctx, 20n * USDT);
    const id = (await rent(owner.headers, server.id, 1)).json().data.id;
    for (const [method, url] of [
      ['GET', `/api/rentals/${id}`],
      ['POST', `/api/rentals/${id}/cancel`],
      ['POST', `/api/rentals/${id}/extend`],
      ['POST', `/api/rentals/${id}/power`],
    ] as const) {
      const response = await ctx.request({
        method,
        url,
        headers: withKey(stranger.headers),
        payload: url.endsWith('extend')
          ? { hours: 1 }
          : url.endsWith('power')
            ? { signal: 'start' }
            : undefined,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('extending and cancelling', () => {
  it('extends: pays the extra hours and moves the end', async () => {
    const server = await listing();
    const { headers } = await renter(ctx, 20n * USDT);
    const rental = (await rent(headers, server.id, 2)).json().data;
    const response = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/extend`,
      headers: withKey(headers),
      payload: { hours: 3 },
    });
    expect(response.statusCode).toBe(200);
    const extended = response.json().data;
    expect(extended).toMatchObject({ hours: 5, paid: '12.500000' });
    expect(new Date(extended.endsAt).getTime() - new Date(rental.endsAt).getTime()).toBe(
      3 * 3_600_000,
    );
    expect(await wallet(headers)).toEqual({ available: '7.500000', held: '12.500000' });
    const broke = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/extend`,
      headers: withKey(headers),
      payload: { hours: 4 },
    });
    expect(broke.json().error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: { shortfall: '2.500000' },
    });
    await invariants();
  });

  it('cancels: refunds the unused whole hours, releases the rest to the vendor less 10%, frees the server', async () => {
    const server = await listing({ priceMicro: 3_333_333n });
    const { user, headers } = await renter(ctx, 50n * USDT);
    const rental = (await rent(headers, server.id, 5)).json().data;
    // 5 h paid; 1 h 20 min used: 3 whole unused hours come back.
    await ctx.database.db.execute(
      sql`update rentals set starts_at = starts_at - interval '80 minutes', ends_at = ends_at - interval '80 minutes' where id = ${rental.id}`,
    );
    const preview = (
      await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rental.id}`, headers })
    ).json().data;
    expect(preview.refundIfCancelled).toBe('9.999999');
    const response = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(headers),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'CANCELLED',
      refunded: '9.999999',
      connection: null,
      secondsLeft: 0,
    });
    // 16.666665 paid; 9.999999 refunded; 6.666666 released: 0.666666 commission, 6.000000 to the vendor.
    expect(await wallet(headers)).toEqual({ available: '43.333334', held: '0.000000' });
    const [row] = await queryRows<{ released: string; commission: string }>(
      ctx.database.db,
      sql`select released::text, commission::text from rentals where id = ${rental.id}`,
    );
    expect(row).toEqual({ released: '6000000', commission: '666666' });
    expect(await availability(server.id)).toBe('AVAILABLE');
    const refunds = (
      await ctx.app.inject({ method: 'GET', url: '/api/wallet/transactions?type=REFUND', headers })
    ).json();
    expect(refunds.data[0]).toMatchObject({
      type: 'REFUND',
      status: 'CONFIRMED',
      amount: '9.999999',
      description: 'Refund of 3 unused hours',
    });
    const again = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(headers),
    });
    expect(again.json().error.code).toBe('RENTAL_NOT_ACTIVE');
    expect(user.id).toBeTruthy();
    await invariants();
  });

  it('refuses to cancel a rental whose time is up: the expiry releases it instead', async () => {
    const server = await listing();
    const { headers } = await renter(ctx, 20n * USDT);
    const rental = (await rent(headers, server.id, 1)).json().data;
    await ctx.database.db.execute(
      sql`update rentals set ends_at = now() - interval '1 second' where id = ${rental.id}`,
    );
    const response = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(headers),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('RENTAL_NOT_ACTIVE');
  });

  it('lists my rentals with a status filter and paging', async () => {
    const { headers } = await renter(ctx, 100n * USDT);
    for (let i = 0; i < 3; i += 1) await rent(headers, (await listing()).id, 1);
    const first = (await rent(headers, (await listing()).id, 1)).json().data;
    await ctx.request({
      method: 'POST',
      url: `/api/rentals/${first.id}/cancel`,
      headers: withKey(headers),
    });
    const active = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/rentals?status=ACTIVE&pageSize=10',
        headers,
      })
    ).json();
    expect(active.meta).toEqual({
      page: 1,
      pageSize: 10,
      total: 3,
      totalExact: true,
      nextCursor: null,
    });
    const cancelled = (
      await ctx.app.inject({ method: 'GET', url: '/api/rentals?status=CANCELLED', headers })
    ).json();
    expect(cancelled.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/rentals?pageSize=7', headers })).statusCode,
    ).toBe(400);
  });

  it("finds my active rental of one server, so the server's page can name it as mine", async () => {
    const { headers } = await renter(ctx, 100n * USDT);
    const other = await renter(ctx, 100n * USDT);
    const [mine, theirs] = [await listing(), await listing()];
    const rental = (await rent(headers, mine.id, 1)).json().data;
    await rent(other.headers, theirs.id, 1);
    const ofServer = async (serverId: string, who = headers) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/rentals?status=ACTIVE&serverId=${serverId}`,
          headers: who,
        })
      ).json<{ data: { id: string }[]; meta: { total: number } }>();
    expect((await ofServer(mine.id)).data.map((r) => r.id)).toEqual([rental.id]);
    expect((await ofServer(theirs.id)).meta.total).toBe(0);
    expect((await ofServer(mine.id, other.headers)).meta.total).toBe(0);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/rentals?serverId=not-an-id',
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('expiry', () => {
  it('ends due rentals with a fake clock, releases escrow once, frees the server, and never twice', async () => {
    const server = await listing({ priceMicro: 1_000_000n });
    const { headers } = await renter(ctx, 10n * USDT);
    const rental = (await rent(headers, server.id, 2)).json().data;
    const service = ctx.app.services.rentals;
    await service.expireDue(new Date(Date.now() + 3_600_000));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rental.id}`, headers })).json()
        .data.status,
    ).toBe('ACTIVE');
    const later = new Date(Date.now() + 2 * 3_600_000 + 1000);
    expect(await service.expireDue(later)).toBeGreaterThanOrEqual(1);
    expect(await service.expireDue(later)).toBe(0);
    const seen = (
      await ctx.app.inject({ method: 'GET', url: `/api/rentals/${rental.id}`, headers })
    ).json().data;
    expect(seen).toMatchObject({ status: 'EXPIRED', refunded: '0.000000', connection: null });
    const [row] = await queryRows<{
      released: string;
      commission: string;
      power_off_pending: boolean;
    }>(
      ctx.database.db,
      sql`select released::text, commission::text, power_off_pending from rentals where id = ${rental.id}`,
    );
    expect(row).toEqual({ released: '1800000', commission: '200000', power_off_pending: false });
    expect(await availability(server.id)).toBe('AVAILABLE');
    expect(await wallet(headers)).toEqual({ available: '8.000000', held: '0.000000' });
    await invariants();
  });
});

describe('a crash between the steps of an ending', () => {
  it('leaves the rental active with its escrow whole, and the next run ends it once', async () => {
    let crash = true;
    const crashing = await createTestApp({}, undefined, {
      rentalFaults: {
        afterReleasePosted: () => {
          if (crash) throw new Error('process killed after posting the release');
        },
      },
    });
    try {
      const vendor = await createVendor(crashing.database.db);
      const server = await createListing(crashing.database.db, {
        vendorId: vendor.id,
        priceMicro: 1_000_000n,
      });
      const { headers } = await renter(crashing, 5n * USDT);
      const rental = (
        await crashing.request({
          method: 'POST',
          url: '/api/rentals',
          headers: withKey(headers),
          payload: { serverId: server.id, hours: 1 },
        })
      ).json().data;
      const later = new Date(Date.now() + 2 * 3_600_000);
      await expect(crashing.app.services.rentals.expireDue(later)).rejects.toThrow(
        'process killed',
      );
      const [before] = await queryRows<{ status: string; released: string }>(
        crashing.database.db,
        sql`select status, released::text from rentals where id = ${rental.id}`,
      );
      expect(before).toEqual({ status: 'ACTIVE', released: '0' });
      const [escrow] = await queryRows<{ balance: string }>(
        crashing.database.db,
        sql`select sum(e.amount)::text as balance from ledger_entries e
              join ledger_accounts a on a.id = e.account_id where a.kind = 'ESCROW'`,
      );
      expect(escrow!.balance).toBe('1000000');
      crash = false;
      expect(await crashing.app.services.rentals.expireDue(later)).toBe(1);
      const [after] = await queryRows<{ status: string; released: string; n: number }>(
        crashing.database.db,
        sql`select status, released::text, (select count(*)::int from ledger_transactions where reference = ${`rental:${rental.id}:release`}) as n from rentals where id = ${rental.id}`,
      );
      expect(after).toEqual({ status: 'EXPIRED', released: '900000', n: 1 });
    } finally {
      await crashing.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('many renters at once on PostgreSQL', () => {
  it('lets exactly one of 200 simultaneous renters win; every other gets 409 with no money moved', async () => {
    const server = await listing({ priceMicro: 1_000_000n });
    const renters = await Promise.all(Array.from({ length: 200 }, () => renter(ctx, 5n * USDT)));
    const answers = await Promise.all(renters.map(({ headers }) => rent(headers, server.id, 1)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(199);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().error.code).toBe('SERVER_NOT_AVAILABLE');
    const [moved] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from rentals where listing_id = ${server.id}`,
    );
    expect(moved!.n).toBe(1);
    const balances = await Promise.all(renters.map(({ headers }) => wallet(headers)));
    expect(balances.filter((b) => b.available === '4.000000')).toHaveLength(1);
    expect(balances.filter((b) => b.available === '5.000000')).toHaveLength(199);
    await invariants();
  });
});

void fundWallet;
