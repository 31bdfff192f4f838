import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { renter } from './rentals-fixture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

interface Page {
  data: { id: string; status: string }[];
  meta: { total: number; totalExact: boolean; nextCursor: string | null };
}

/**
 * `count` ended rentals of one listing for the renter, four to a second (ties on the time, told
 * apart by id), with microseconds a JavaScript date would lose; every third cancelled.
 */
async function addRentals(renterId: string, count: number) {
  const vendor = await createVendor(ctx.database.db);
  const listing = await createListing(ctx.database.db, { vendorId: vendor.id });
  await ctx.database.db.execute(sql`
    insert into rentals (renter_id, listing_id, vendor_id, status, hours, price_per_hour, paid,
                         commission_bp, starts_at, ends_at, ended_at, created_at)
    select ${renterId}::uuid, ${listing.id}::uuid, ${vendor.id}::uuid,
           case when n % 3 = 0 then 'CANCELLED' else 'EXPIRED' end, 1, 1000000, 1000000, 1000,
           t, t + interval '1 hour', t + interval '1 hour', t
    from generate_series(1::int, ${count}::int) as n,
         lateral (select timestamptz '2026-10-01T12:00:00.654321Z' - (n / 4) * interval '1 second') as s(t)`);
}

describe("paging through a renter's rentals by cursor", () => {
  it('visits every rental once, in order, through ties, with the status filter kept', async () => {
    const { user, headers } = await renter(ctx);
    const other = await renter(ctx);
    await addRentals(user.id, 33);
    await addRentals(other.user.id, 12);

    for (const status of [undefined, 'CANCELLED']) {
      const filter = status ? `&status=${status}` : '';
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const cursor: string = after ? `&after=${encodeURIComponent(after)}` : '';
        const response = await ctx.request({
          method: 'GET',
          url: `/api/rentals?pageSize=10&page=${pages + 1}${filter}${cursor}`,
          headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<Page>();
        seen.push(...page.data.map((rental) => rental.id));
        after = page.meta.nextCursor;
        pages += 1;
      } while (after && pages < 10);

      const expected = await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from rentals where renter_id = ${user.id}
            ${status ? sql`and status = ${status}` : sql``} order by created_at desc, id desc`,
      );
      expect(seen).toEqual(expected.map((row) => row.id));
      expect(pages).toBe(Math.ceil(expected.length / 10));
    }
  });

  it('refuses a cursor it did not hand out', async () => {
    const { headers } = await renter(ctx);
    const response = await ctx.request({ method: 'GET', url: '/api/rentals?after=x', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('after must be the nextCursor');
  });
});
