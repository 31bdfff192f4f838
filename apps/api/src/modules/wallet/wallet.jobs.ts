import type { FastifyBaseLogger } from 'fastify';
import { maxBlockRange, type Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobScheduler } from '../../lib/jobs';
import { createChainClient } from '../chains/chain-clients';
import type { ChainSettings } from '../chains/chain-settings';
import { DepositWatcher } from './deposits/deposit-watcher';
import type { WalletService } from './wallet.service';

/** The wallet's background work: one deposit watcher per network, and deposit expiry. */
export function registerWalletJobs(
  scheduler: JobScheduler,
  wallet: WalletService,
  db: Database,
  log: FastifyBaseLogger,
  chains: ChainSettings,
  config: Config,
) {
  for (const settings of Object.values(chains)) {
    const client = createChainClient(
      settings,
      settings.network === 'TRC20' ? undefined : config[`CHAIN_RESULT_CAP_${settings.network}`],
    );
    // TronGrid's free quota is 100k requests a day: poll Tron at most every 30 s (20 blocks take a minute).
    const interval = settings.demo
      ? 1000
      : settings.network === 'TRC20'
        ? Math.max(30_000, config.CHAIN_POLL_INTERVAL_MS)
        : config.CHAIN_POLL_INTERVAL_MS;
    const watcher = new DepositWatcher(
      db,
      log.child({ network: settings.network }),
      wallet,
      settings,
      client,
      {
        intervalMs: interval,
        maxBlockRange: maxBlockRange(config, settings.network),
        reorgWindow: 12,
        missingGraceMs: 60 * 60_000,
        startBlock: settings.demo ? 0n : undefined,
      },
    );
    scheduler.register(watcher.job());
  }
  scheduler.register({
    name: 'deposit-expiry',
    intervalMs: 15_000,
    leaseMs: 60_000,
    run: async () => {
      const expired = await wallet.expireDeposits();
      if (expired > 0) log.info({ expired }, 'unpaid deposits expired');
    },
  });
}
