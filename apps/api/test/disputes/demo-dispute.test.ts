// The demo's open dispute (issue 17): seeded through the disputes service on a recent rental of
// the demo vendor, once, with its HIGH ticket; the demo's books stay balanced.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import { seedDemoDispute } from '../../src/demo/demo-disputes';
import { seedDemoFlags } from '../../src/demo/demo-moderation';
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
});
