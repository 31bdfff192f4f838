// The demo's open dispute comes with measured evidence (issue 17 point 4): a newcomer opening it
// in the desk sees two hours down, the restart the renter tried, the panel's timeout, and the
// refund those hours suggest. Seeded once, the same on every demo.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeEvidence } from '@crimsonhost/shared/dispute-evidence';
import { toUsdtString } from '@crimsonhost/shared/money';
import { queryRows } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import { seedDemoDispute } from '../../src/demo/demo-disputes';
import { createTestApp, type TestContext } from '../app';
import { signedIn } from '../support/support-fixture';

const log = pino({ level: 'silent' });
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db, log, { gamePortBase: 39200 });
});
afterAll(() => ctx.close());

describe("the demo dispute's evidence", () => {
  it('shows two hours down and suggests their refund, seeded once', async () => {
    await seedDemoDispute(ctx.database.db, ctx.app.services.disputes, log);
    await seedDemoDispute(ctx.database.db, ctx.app.services.disputes, log);
    const [dispute] = await queryRows<{ id: string; price: string; starts_at: Date | string }>(
      ctx.database.db,
      sql`select d.id, r.price_per_hour::text as price, r.starts_at
            from rental_disputes d join rentals r on r.id = d.rental_id`,
    );
    const support = await signedIn(ctx, 'support');
    const response = await ctx.request({
      method: 'GET',
      url: `/api/admin/disputes/${dispute!.id}/evidence`,
      headers: support.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const evidence = response.json<{ data: DisputeEvidence }>().data;
    // A rental that began past the hour's turn ends in a partial hour nobody checked.
    const pastTheHour = new Date(dispute!.starts_at).getTime() % 3_600_000 !== 0;
    expect(evidence).toMatchObject({
      windowHours: 3,
      downHours: 2,
      noMeasurementHours: pastTheHour ? 1 : 0,
      suggestedRefund: toUsdtString(2n * BigInt(dispute!.price)),
    });
    expect(evidence.hours.slice(0, 3).map((hour) => [hour.verdict, hour.unreachable])).toEqual([
      ['up', false],
      ['down', true],
      ['down', false],
    ]);
    expect(evidence.powerActions).toMatchObject([{ signal: 'restart', outcome: 'ok' }]);
    expect(evidence.panelErrors).toMatchObject([{ kind: 'timeout' }]);
    expect(evidence.timeline.map((span) => span.state)).toEqual(['running', 'stopped', 'running']);
  });
});
