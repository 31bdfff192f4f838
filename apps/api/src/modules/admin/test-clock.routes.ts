import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  testClockAdvanceSchema,
  testClockMovedResponseSchema,
  testClockResponseSchema,
} from '@crimsonhost/shared/test-clock';
import type { Database } from '../../db/client';
import type { TestClock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import { principalOf, type Guards } from '../auth/auth.guard';
import { requestMetaOf } from '../auth/session.service';
import type { RentalsService } from '../rentals/rentals.service';
import { clearDueEarnings } from '../vendors/vendor-money';

const tags = ['admin'];
const HOUR_MS = 3_600_000;

/**
 * The test clock under /api/admin/test-clock (decision 042), admin only. Reading it answers null
 * when TEST_CLOCK is off (never without the demo data), and moving it is only there when it is on.
 * Moving it ahead also does at once what the rental expiry and clearing jobs would do on their
 * next turn, so a test need not wait for them; both are safe to run beside the jobs (row locks,
 * once-only ledger references).
 */
export const testClockRoutes =
  ({
    db,
    guards,
    clock,
    audit,
    rentals,
  }: {
    db: Database;
    guards: Guards;
    clock: TestClock | null;
    audit: AuditService;
    rentals: RentalsService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = guards.requireAdmin;

    app.get(
      '/test-clock',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The test clock (the storefront’s time, how far ahead); null with real time',
          response: { 200: testClockResponseSchema },
        },
      },
      async () => ({
        data: clock ? { now: clock.now().toISOString(), offsetMs: clock.offset } : null,
      }),
    );
    if (!clock) return;
    const view = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });

    const moved = async (
      request: Parameters<typeof principalOf>[0] & { ip: string; headers: Record<string, unknown> },
      before: number,
    ) => {
      const principal = principalOf(request);
      await audit.record(
        db,
        {
          user: principal.user,
          clientKind: principal.clientKind,
          ip: requestMetaOf(request).ip,
        },
        {
          action: 'clock.moved',
          targetType: 'clock',
          targetId: null,
          targetLabel: 'Test clock',
          before: { offsetMs: before },
          after: { offsetMs: clock.offset, now: clock.now().toISOString() },
        },
      );
      const rentalsEnded = await rentals.expireDue(clock.now());
      const earningsCleared = await clearDueEarnings(db, clock.now());
      return { data: { ...view(), rentalsEnded, earningsCleared } };
    };

    app.post(
      '/test-clock/advance',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Move the test clock ahead, and end the rentals and clear the earnings now due',
          body: testClockAdvanceSchema,
          response: { 200: testClockMovedResponseSchema },
        },
      },
      async (request) => {
        const before = clock.offset;
        await clock.advance(request.body.hours * HOUR_MS);
        return moved(request, before);
      },
    );

    app.post(
      '/test-clock/reset',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Put the test clock back on the real time',
          response: { 200: testClockMovedResponseSchema },
        },
      },
      async (request) => {
        const before = clock.offset;
        await clock.reset();
        return moved(request, before);
      },
    );
  };
