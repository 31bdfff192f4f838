import type {
  AdminOverview,
  OverviewDay,
  OverviewFigures,
  OverviewJob,
  OverviewWatcher,
} from '@crimsonhost/shared/admin-overview';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { Database } from '../../db/client';
import { jobRuns } from '../../lib/jobs';
import { watcherStates } from '../chains/chain-watcher';
import * as repo from './overview.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 30;

interface DayTotals {
  signUps: number;
  deposits: number;
  deposited: bigint;
  rentalRevenue: bigint;
  commission: bigint;
}

const empty = (): DayTotals => ({
  signUps: 0,
  deposits: 0,
  deposited: 0n,
  rentalRevenue: 0n,
  commission: 0n,
});

const figuresOf = (totals: DayTotals): OverviewFigures => ({
  signUps: totals.signUps,
  deposits: { count: totals.deposits, amount: toUsdtString(totals.deposited) },
  rentalRevenue: toUsdtString(totals.rentalRevenue),
  commission: toUsdtString(totals.commission),
});

const secondsBetween = (earlier: Date, later: Date) =>
  Math.max(0, Math.round((later.getTime() - earlier.getTime()) / 1000));

/** The 30 UTC days ending with today's, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, days = DAYS) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: new Date(today - (days - 1) * DAY_MS), dates };
}

/** A watcher is in error while its last fault came during or after its latest pass began. */
export function watcherState(
  watcher: { behind: number | null; headSeenAt: string | null; lastFault: { at: string } | null },
  confirmations: number | null,
): OverviewWatcher['state'] {
  const fault = watcher.lastFault;
  if (fault && (watcher.headSeenAt === null || fault.at >= watcher.headSeenAt)) return 'error';
  if (confirmations !== null && watcher.behind !== null && watcher.behind > 2 * confirmations)
    return 'behind';
  return 'ok';
}

/** The staff area's Overview for admins (issue 15 point 2). */
export class AdminOverviewService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async overview(): Promise<AdminOverview> {
    const now = this.clock();
    const { from, dates } = lastDays(now);
    const [signUps, money, watchers, confirmations, jobs, mail] = await Promise.all([
      repo.signUpsByDay(this.db, from),
      repo.moneyByDay(this.db, from),
      watcherStates(this.db),
      repo.confirmationsByNetwork(this.db),
      jobRuns(this.db),
      repo.mailBacklog(this.db, now, from),
    ]);

    const byDay = new Map(dates.map((date) => [date, empty()]));
    for (const row of signUps) {
      const day = byDay.get(row.day);
      if (day) day.signUps = row.sign_ups;
    }
    for (const row of money) {
      const day = byDay.get(row.day);
      if (!day) continue;
      day.deposits = row.deposits;
      day.deposited = BigInt(row.deposited);
      day.rentalRevenue = BigInt(row.rental_revenue);
      day.commission = BigInt(row.commission);
    }
    const total = empty();
    for (const day of byDay.values()) {
      total.signUps += day.signUps;
      total.deposits += day.deposits;
      total.deposited += day.deposited;
      total.rentalRevenue += day.rentalRevenue;
      total.commission += day.commission;
    }
    const series: OverviewDay[] = dates.map((date) => ({
      date,
      ...figuresOf(byDay.get(date)!),
    }));

    return {
      generatedAt: now.toISOString(),
      today: figuresOf(byDay.get(dates[dates.length - 1]!)!),
      last30Days: figuresOf(total),
      series,
      watchers: watchers.map((watcher) => {
        const needed = confirmations.get(watcher.network) ?? null;
        return {
          network: watcher.network,
          state: watcherState(watcher, needed),
          headBlock: watcher.head,
          headSeenAt: watcher.headSeenAt,
          cursor: watcher.cursor,
          lagBlocks: watcher.behind,
          lagSeconds: watcher.headSeenAt ? secondsBetween(new Date(watcher.headSeenAt), now) : null,
          confirmations: needed,
          lastError: watcher.lastFault,
        };
      }),
      jobs: jobs.map((job): OverviewJob => {
        const started = job.lastStartedAt;
        const finished = job.lastFinishedAt;
        const running = started !== null && (finished === null || finished < started);
        return {
          name: job.name,
          lastRunAt: started,
          lastSuccessAt: finished !== null && job.lastError === null ? finished : null,
          lastError: job.lastError,
          // After a run the lease is kept until its next turn (lib/jobs.ts releaseLease).
          intervalSeconds:
            !running && started && job.nextRunAfter
              ? secondsBetween(new Date(started), new Date(job.nextRunAfter))
              : null,
          running,
        };
      }),
      mail,
    };
  }
}
