import { http, HttpResponse } from 'msw';
import type { AdminOverview, OverviewDay } from '@crimsonhost/shared/admin-overview';
import type { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';

const DAY_MS = 86_400_000;
export const OVERVIEW_NOW = '2026-11-20T12:00:00.000Z';

/** A quiet day of the chart's series. */
const quietDay = (date: string): OverviewDay => ({
  date,
  signUps: 0,
  deposits: { count: 0, amount: '0.000000' },
  rentalRevenue: '0.000000',
  commission: '0.000000',
});

/**
 * The overview as GET /api/admin/overview answers it: 30 days ending 20 Nov 2026, a busy first
 * and last day, ERC20 behind, BEP20 failing, TRC20 keeping up, one failing job and a mail backlog.
 */
export function buildAdminOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const first = Date.parse('2026-11-20T00:00:00.000Z') - 29 * DAY_MS;
  const series = Array.from({ length: 30 }, (_, i) =>
    quietDay(new Date(first + i * DAY_MS).toISOString().slice(0, 10)),
  );
  series[0] = {
    ...series[0]!,
    signUps: 1,
    deposits: { count: 1, amount: '40.000000' },
  };
  const today = {
    signUps: 4,
    deposits: { count: 3, amount: '1250.500000' },
    rentalRevenue: '310.250000',
    commission: '31.020000',
  };
  series[29] = { ...series[29]!, ...today };
  return {
    generatedAt: OVERVIEW_NOW,
    today,
    last30Days: {
      signUps: 5,
      deposits: { count: 4, amount: '1290.500000' },
      rentalRevenue: '310.250000',
      commission: '31.020000',
    },
    series,
    watchers: [
      {
        network: 'BEP20',
        state: 'error',
        headBlock: 505,
        headSeenAt: '2026-11-20T11:59:55.000Z',
        cursor: 500,
        lagBlocks: 5,
        lagSeconds: 5,
        confirmations: 15,
        lastError: { message: 'node timed out', at: '2026-11-20T11:59:58.000Z' },
      },
      {
        network: 'ERC20',
        state: 'behind',
        headBlock: 21_000_100,
        headSeenAt: '2026-11-20T11:59:30.000Z',
        cursor: 21_000_000,
        lagBlocks: 100,
        lagSeconds: 30,
        confirmations: 12,
        lastError: null,
      },
      {
        network: 'TRC20',
        state: 'ok',
        headBlock: 70_000_003,
        headSeenAt: '2026-11-20T11:59:58.000Z',
        cursor: 70_000_000,
        lagBlocks: 3,
        lagSeconds: 2,
        confirmations: 20,
        lastError: null,
      },
    ],
    jobs: [
      {
        name: 'mail-outbox',
        lastRunAt: '2026-11-20T11:59:50.000Z',
        lastSuccessAt: null,
        lastError: 'SMTP connection refused',
        intervalSeconds: 15,
        running: false,
      },
      {
        name: 'rental-expiry',
        lastRunAt: '2026-11-20T11:59:00.000Z',
        lastSuccessAt: '2026-11-20T11:59:01.000Z',
        lastError: null,
        intervalSeconds: 60,
        running: false,
      },
    ],
    mail: { queued: 6, failing: 2, failed: 1, oldestQueuedSeconds: 600 },
    ...overrides,
  };
}

/**
 * GET /api/admin/overview answering each of `answers` in turn (the last one again after), an
 * overview by default; every call is counted.
 */
export function serveAdminOverview(
  ...answers: Array<AdminOverview | { status: number; body: ReturnType<typeof errorBody> }>
) {
  const asked = { count: 0 };
  const list = answers.length ? answers : [buildAdminOverview()];
  server.use(
    http.get('/api/admin/overview', () => {
      const answer = list[Math.min(asked.count, list.length - 1)]!;
      asked.count += 1;
      return 'status' in answer && 'body' in answer
        ? HttpResponse.json(answer.body, { status: answer.status })
        : HttpResponse.json({ data: answer });
    }),
  );
  return asked;
}
