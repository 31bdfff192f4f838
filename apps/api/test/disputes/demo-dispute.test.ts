// The demo's open dispute (issue 17): seeded through the disputes service on a recent rental of
// the demo vendor, once, with its HIGH ticket; the demo's books stay balanced.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import { seedDemoDispute } from '../../src/demo/demo-disputes';
import { seedDemoFlags } from '../../src/demo/demo-moderation';
import { seedDemoThreads } from '../../src/demo/demo-threads';
import { createTestApp, type TestContext } from '../app';

const log = pino({ level: 'silent' });
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db, log, { gamePortBase: 39100 });
});
afterAll(() => ctx.close());

describe('the demo dispute', () => {
  it('opens one on a recently ended rental of the demo vendor, once', async () => {
    await seedDemoDispute(ctx.database.db, ctx.app.services.disputes, log);
    await seedDemoDispute(ctx.database.db, ctx.app.services.disputes, log);
    const rows = await queryRows<{
      status: string;
      priority: string;
      category: string;
      vendor: string;
    }>(
      ctx.database.db,
      sql`select d.status, t.priority, t.category, u.email as vendor
            from rental_disputes d
            join support_tickets t on t.id = d.ticket_id
            join users u on u.id = d.vendor_id`,
    );
    expect(rows).toEqual([
      {
        status: 'OPEN',
        priority: 'HIGH',
        category: 'RENTAL',
        vendor: 'vendor.nordic@crimsonhost.demo',
      },
    ]);
  });

  it('fills the moderation queue: a held chat handle and a vendor’s report, once', async () => {
    await seedDemoFlags(ctx.database.db, ctx.app.services, log);
    await seedDemoFlags(ctx.database.db, ctx.app.services, log);
    const rows = await queryRows<{
      source: string;
      reason: string;
      status: string;
      kinds: string[];
    }>(
      ctx.database.db,
      sql`select source, reason, status, kinds from moderation_flags order by created_at`,
    );
    expect(rows).toEqual([
      {
        source: 'vendor_user',
        reason: 'suspicious_pattern',
        status: 'pending',
        kinds: ['social_media'],
      },
      { source: 'vendor_user', reason: 'privacy_breach', status: 'pending', kinds: [] },
    ]);
    const [delivered] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from support_messages where body like '%mira_plays%'`,
    );
    expect(delivered!.n).toBe(0);
  });

  it('writes renter–vendor threads through the service, unread on both sides, once', async () => {
    await seedDemoThreads(ctx.database.db, ctx.app.services.rentalMessages);
    await seedDemoThreads(ctx.database.db, ctx.app.services.rentalMessages);
    const rows = await queryRows<{ rental_id: string; side: string; disputed: boolean }>(
      ctx.database.db,
      sql`select m.rental_id, m.side,
                 exists (select 1 from rental_disputes d where d.rental_id = m.rental_id) as disputed
            from rental_messages m order by m.seq`,
    );
    expect(rows.map((row) => row.side)).toEqual([
      'renter',
      'vendor',
      'renter',
      'vendor',
      'renter',
      'vendor',
    ]);
    expect(new Set(rows.map((row) => row.rental_id)).size).toBe(3);
    expect(rows.filter((row) => row.disputed)).toHaveLength(2);
    // What the vendor's list and the renter's list will mark unread.
    const unread = await queryRows<{ side: string; n: number }>(
      ctx.database.db,
      sql`select m.side, count(*)::int as n from rental_messages m
            join rental_threads t on t.rental_id = m.rental_id
           where (m.side = 'renter' and m.seq > t.vendor_read_seq)
              or (m.side = 'vendor' and m.seq > t.renter_read_seq)
           group by m.side order by m.side`,
    );
    expect(unread).toEqual([
      { side: 'renter', n: 1 },
      { side: 'vendor', n: 2 },
    ]);
  });
});
