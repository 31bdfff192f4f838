import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { logDestination } from './lib/readable-log';
import { IdleMemory, memoryReducingCollection } from './lib/idle-memory';
import { buildApp } from './app';
import {
  ConfigError,
  demoDataEnabled,
  loadConfig,
  outboxDir,
  pgliteDataDir,
  type Config,
} from './config';
import { describeError } from './lib/describe-error';
import { mapStacksLazily } from './lib/lazy-stack-map';
import { outboxMailer, smtpMailer } from './lib/mailer';
import { dataFolderSecret } from './lib/secrets';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataFolderInUseError } from './db/data-folder-lock';
import { runMigrations } from './db/migrate';
import { MIGRATED_SNAPSHOT_FILE } from './db/migrated-snapshot';
import { seedDemoData } from './db/seed/demo-seed';
import { TestClock } from './lib/clock';
import { JobScheduler } from './lib/jobs';
import { chainSettingsFromConfig } from './modules/chains/chain-settings';
import { seedDemoPayouts } from './demo/demo-payouts';
import { seedDemoDeposits } from './demo/demo-deposits';
import { seedDemoPayPal } from './demo/demo-paypal';
import { evidenceRetentionJob } from './modules/disputes/evidence-retention';
import { seedDemoDispute } from './demo/demo-disputes';
import { seedDemoFlags } from './demo/demo-moderation';
import { seedDemoThreads } from './demo/demo-threads';
import { startOfflineDemo } from './demo/offline-demo';
import { registerWalletJobs } from './modules/wallet/wallet.jobs';
import { addressCollisions } from './modules/wallet/wallet.repository';
import { authCleanupJob } from './modules/auth/auth.jobs';
import { rentalExpiryJob } from './modules/rentals/rentals.jobs';
import { vendorClearingJob } from './modules/vendors/vendor-money';
import { GameStatusWorker, gameStatusSettings } from './modules/catalog/game-status.job';
import { demoPanelUrl } from './modules/panels/panels.seed';
import { deriveKey } from './modules/panels/panel-crypto';

// Before anything can throw: stacks from the built bundle name the TypeScript source.
mapStacksLazily(import.meta.url);

/** Beside the built bundle; running from source there is none, and a new folder is migrated. */
const builtSnapshotFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  MIGRATED_SNAPSHOT_FILE,
);

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = pino({ level: config.LOG_LEVEL }, logDestination(config.LOG_FORMAT));
  const started = Date.now();
  const demo = config.NODE_ENV !== 'test';
  // The offline world's parts the demo asks for (panel, game servers, chains) start beside the
  // database, which they do not need: a fresh start waited for both in turn. They are up before
  // the app, so that power control and deposits work at once.
  const offlineStarting = demo ? startOfflineDemo(config, logger) : Promise.resolve(null);
  // Awaited below; until then a failure must not end the process as an unhandled rejection.
  offlineStarting.catch(() => undefined);
  const stopOffline = () =>
    offlineStarting.then((offline) => offline?.stop()).catch(() => undefined);
  stopOfflineOnFailure = stopOffline;

  let database: DatabaseHandle;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({
          driver: 'postgres',
          url: config.DATABASE_URL,
          namedStatements: config.DATABASE_NAMED_STATEMENTS,
          onConnectionError: (error) =>
            logger.warn({ err: error }, 'a database connection was lost; the pool replaces it'),
        })
      : await openDatabase({
          driver: 'pglite',
          dataDir: pgliteDataDir(config),
          // A new data folder starts from the build's migrated database (decision 065).
          snapshotFile: builtSnapshotFile,
        });
  } catch (error) {
    await stopOffline();
    if (error instanceof DataFolderInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    const where = config.DATABASE_URL
      ? 'DATABASE_URL'
      : `the data folder ${path.resolve(config.DATA_DIR)}`;
    logger.fatal(`Cannot open the database at ${where}: ${describeError(error)}`);
    process.exit(1);
  }
  await runMigrations(database);
  logger.info(
    {
      driver: database.driver,
      dataDir: database.driver === 'pglite' ? pgliteDataDir(config) : undefined,
    },
    'database ready',
  );
  for (const collision of await addressCollisions(database.db)) {
    logger.warn(
      collision,
      'deposit address was handed to two deposits before ERC20 and BEP20 shared one index space; settle it by hand (decision 014)',
    );
  }
  const gamePortBase = config.DEMO_GAME_PORT_BASE;
  const jwtSecret = config.JWT_SECRET ?? dataFolderSecret(config.DATA_DIR);
  if (demo && demoDataEnabled(config)) {
    await seedDemoData(database.db, logger, {
      gamePortBase,
      panel: { url: demoPanelUrl(config.DEMO_PANEL_PORT), secretKey: deriveKey(jwtSecret) },
    });
  }
  const offline = await offlineStarting;
  const chains = chainSettingsFromConfig(config, offline?.chains);

  const scheduler = new JobScheduler(database.db, logger);
  if (config.GAME_STATUS_ENABLED) {
    scheduler.register(new GameStatusWorker(database.db, logger, gameStatusSettings(config)).job());
  }

  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(outboxDir(config), config.MAIL_FROM);
  logger.info(`Mail goes to the ${mailer.destination}`);

  const app = await buildApp({
    config,
    database,
    jwtSecret,
    mailer,
    chains,
    logger,
    // The demo's PayPal where no real one is configured; else the configuration's (or none).
    ...(offline?.paypal ? { paypal: offline.paypal } : {}),
  });
  registerWalletJobs(scheduler, app.services.wallet, database.db, logger, chains, config);
  scheduler.register(authCleanupJob(database.db));
  scheduler.register(app.services.mail.job());
  scheduler.register(rentalExpiryJob(app.services.rentals, logger));
  scheduler.register(vendorClearingJob(database.db, logger, app.clock));
  scheduler.register(evidenceRetentionJob(database.db, logger, app.clock));
  // Every run reads the test clock first: another instance may have moved it (decision 042).
  const clock = app.clock;
  if (clock instanceof TestClock) scheduler.beforeEachRun(() => clock.sync());
  // The demo chains mine a block a second: their payouts are checked as often.
  const demoChains = Object.values(chains).some((settings) => settings.demo);
  scheduler.register(app.services.vendorPayouts.job(logger, demoChains ? 1_000 : 5_000));
  scheduler.register(app.services.ticketAutoClose.job(logger));
  scheduler.register(app.services.benefits.job());
  // The demo's PayPal answers at once: its payments are reconciled as often as its chains.
  if (app.services.paypal) {
    scheduler.register(app.services.paypal.job(offline?.paypal ? 5_000 : 60_000));
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    scheduler
      .stop()
      .then(() => offline?.stop())
      .then(() => app.close())
      .then(() => database.close())
      .then(() => {
        logger.info('closed cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  if (demo && demoDataEnabled(config)) {
    await seedDemoDispute(database.db, app.services.disputes, logger).catch((error: unknown) =>
      logger.warn({ err: error }, "the demo renter's dispute could not be seeded"),
    );
    await seedDemoFlags(database.db, app.services, logger).catch((error: unknown) =>
      logger.warn({ err: error }, 'the demo moderation flags could not be seeded'),
    );
    await seedDemoThreads(database.db, app.services.rentalMessages).catch((error: unknown) =>
      logger.warn({ err: error }, 'the demo renter–vendor threads could not be seeded'),
    );
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  scheduler.start();
  if (demo && demoDataEnabled(config) && offline?.pay) {
    // Paid on the demo chains while the watchers run: nothing waits for it.
    // One after the other: both pay from the demo chain's one funded account, whose nonces a
    // second payer at the same moment would collide with.
    void seedDemoDeposits(database.db, app.services.wallet, offline.pay, logger)
      .catch((error: unknown) =>
        logger.warn({ err: error }, "the demo renter's deposits could not be seeded"),
      )
      .then(() => seedDemoPayouts(database.db, app.services.vendorPayouts, offline.pay!, logger))
      .catch((error: unknown) =>
        logger.warn({ err: error }, "the demo vendor's payouts could not be seeded"),
      );
  }
  if (demo && demoDataEnabled(config) && offline?.paypalServer && app.services.paypal) {
    // Through the demo's PayPal once the storefront listens: its webhooks come back here.
    void seedDemoPayPal(database.db, app.services.paypal, offline.paypalServer, logger).catch(
      (error: unknown) =>
        logger.warn({ err: error }, "the demo renter's PayPal payments could not be seeded"),
    );
  }
  // Memory the start used and no longer needs goes back to the system, and again when the
  // instance goes quiet (decision 063).
  const collect = memoryReducingCollection();
  if (collect) {
    const idleMemory = new IdleMemory({
      collect,
      requests: () => app.activity.requests,
      log: logger,
    });
    // Its timers do not keep the process alive: nothing to stop at shutdown.
    idleMemory.start();
  }
  logger.info(
    `CrimsonHost is ready at http://localhost:${config.PORT} (${Date.now() - started} ms, Node ${process.version})`,
  );
}

/** Stops the offline world when start-up fails after it began (its anvil is a child process). */
let stopOfflineOnFailure = async () => {};

main().catch(async (error: unknown) => {
  process.stderr.write(`Start-up failed: ${describeError(error)}\n`);
  await stopOfflineOnFailure();
  process.exit(1);
});
