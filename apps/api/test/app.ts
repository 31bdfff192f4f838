import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { FastifyBaseLogger, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Mail, Mailer } from '../src/lib/mailer';
import type { Resolver } from '../src/lib/outbound-guard';
import type { ChainSettings } from '../src/modules/chains/chain-settings';
import type { PayPalSettings } from '../src/modules/payments/paypal-settings';
import type { PanelControl, RentalFaults } from '../src/modules/rentals/rentals.service';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Keeps mail in memory, for tests that do not run the SMTP server. */
export function recordingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { destination: 'memory', sent, send: async (mail) => void sent.push(mail) };
}

export interface TestContext {
  app: App;
  /** A valid CSRF token to send as X-CSRF-Token on writes. */
  csrf: string;
  /** app.inject with the CSRF header added, for the calls a browser would make. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  mailer: Mailer & { sent: Mail[] };
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** A Fastify app on a fresh database, driven through `app.inject`. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Registers routes that exist only in the test, before the app is ready. */
  extend?: (app: App) => void,
  options: {
    mailer?: Mailer;
    chains?: ChainSettings;
    panels?: PanelControl;
    rentalFaults?: RentalFaults;
    /** How the panel address guard resolves host names (decision 040). */
    panelResolver?: Resolver;
    /** A logger of the test's own, to read what the app logs. */
    logger?: FastifyBaseLogger;
    /** The PayPal app (the PayPal-speaking server's); default none. */
    paypal?: PayPalSettings | null;
  } = {},
): Promise<TestContext> {
  // Lists read the catalog's changes first (decision 062): a test sees what it just wrote.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CATALOG_FRESHNESS_MS: '0',
    ...env,
  });
  const database = await createTestDatabase();
  const mailer = options.mailer ?? recordingMailer();
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    mailer,
    chains: options.chains,
    panels: options.panels,
    rentalFaults: options.rentalFaults,
    panelResolver: options.panelResolver,
    logger: options.logger,
    paypal: options.paypal ?? null,
  });
  try {
    extend?.(app);
    await app.ready();
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  const csrf = (await app.inject({ method: 'GET', url: '/api/auth/csrf' })).json<{
    data: { csrfToken: string };
  }>().data.csrfToken;
  return {
    app,
    csrf,
    mailer: mailer as Mailer & { sent: Mail[] },
    request: (injectOptions) =>
      app.inject({
        ...injectOptions,
        headers: { 'x-csrf-token': csrf, ...injectOptions.headers },
      }),
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
