import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import type { ChainClient } from '../../chains/chain-client';
import type { NetworkSettings } from '../../chains/chain-settings';
import { ChainWatcher, type WatcherOptions } from '../../chains/chain-watcher';
import type { WalletService } from '../wallet.service';
import { DepositMatcher, type DepositMatcherOptions, type OpenTransfer } from './deposit-matcher';

export type DepositWatcherOptions = Omit<WatcherOptions, 'name'> & DepositMatcherOptions;

/**
 * One network's deposit watcher: the chains module's block watcher reporting to the wallet's
 * deposit matcher (decision 026). Its job keeps the name `deposit-watcher:<network>`, the lease
 * row it always had.
 */
export class DepositWatcher extends ChainWatcher<OpenTransfer> {
  constructor(
    db: Database,
    log: FastifyBaseLogger,
    wallet: WalletService,
    settings: NetworkSettings,
    client: ChainClient,
    options: DepositWatcherOptions,
  ) {
    const { missingGraceMs, ...watch } = options;
    super(
      db,
      log,
      new DepositMatcher(db, log, wallet, settings, { missingGraceMs }),
      settings,
      client,
      { ...watch, name: `deposit-watcher:${settings.network}` },
    );
  }
}
