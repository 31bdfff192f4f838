import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  demoDataEnabled,
  demoGameServersEnabled,
  gameAllowedHosts,
  panelAllowedHosts,
  publicUrl,
  trustProxyOption,
  type Config,
} from './config';
import type { DatabaseHandle } from './db/client';
import { issueCsrfToken, registerCsrfCheck } from './lib/csrf';
import { registerErrorHandler, routerError, sendError } from './lib/error-handler';
import { applyConnectionCap, httpLimitOptions } from './lib/process-limits';
import { MailOutbox } from './lib/mail-outbox';
import type { Mailer } from './lib/mailer';
import { apiRoot, defaultWebDistDir } from './lib/package-paths';
import { registerWebApp } from './lib/web-app';
import { BEARER_SCHEME, openApiTransform } from './lib/openapi';
import { systemClock, TestClock, type Clock } from './lib/clock';
import { testClockRoutes } from './modules/admin/test-clock.routes';
import {
  deskDisputeRoutes,
  disputeRoutes,
  vendorDisputeRoutes,
} from './modules/disputes/disputes.routes';
import { deskDisputeEvidenceRoutes } from './modules/disputes/dispute-evidence.routes';
import { accountRoutes } from './modules/account/account.routes';
import { DEFAULT_TIER_RULES } from '@crimsonhost/shared/benefits';
import { benefitsRoutes } from './modules/benefits/benefits.routes';
import { BenefitsService } from './modules/benefits/benefits.service';
import { AccountService } from './modules/account/account.service';
import { sessionRoutes } from './modules/auth/sessions.routes';
import { DisputesService } from './modules/disputes/disputes.service';
import {
  deskRentalMessageRoutes,
  rentalMessageRoutes,
} from './modules/rental-messages/rental-messages.routes';
import { RentalMessagesService } from './modules/rental-messages/rental-messages.service';
import { AppealsService } from './modules/moderation/appeals.service';
import {
  appealRoutes,
  moderationRoutes,
  vendorReportRoutes,
} from './modules/moderation/moderation.routes';
import { ModerationService } from './modules/moderation/moderation.service';
import { createGuards, requireGuardsFirst } from './modules/auth/auth.guard';
import { authRoutes } from './modules/auth/auth.routes';
import { staffSignInRoutes } from './modules/auth/staff-sign-in.routes';
import { AuthService } from './modules/auth/auth.service';
import { DiscordService } from './modules/auth/discord.service';
import { EmailVerificationService } from './modules/auth/email-verification.service';
import { RecoveryService } from './modules/auth/recovery.service';
import { SessionIssuer } from './modules/auth/session.service';
import { StaffSignInService, STAFF_FACTOR_KEY_INFO } from './modules/auth/staff-sign-in.service';
import { TokenService } from './modules/auth/tokens';
import { AuditService } from './modules/audit/audit.service';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminSettingsRoutes } from './modules/admin/admin-settings.routes';
import { adminDepositsRoutes } from './modules/admin/admin-deposits.routes';
import { AdminDepositsService } from './modules/admin/deposits.service';
import { explorersFromConfig } from './modules/chains/explorers';
import { AdminSettingsService } from './modules/admin/settings.service';
import { PlatformSettings } from './modules/settings/platform-settings.service';
import { adminOverviewRoutes } from './modules/admin/admin-overview.routes';
import { AdminOverviewService } from './modules/admin/overview.service';
import { ledgerAdminRoutes } from './modules/ledger-admin/ledger-admin.routes';
import { LedgerAdminService } from './modules/ledger-admin/ledger-admin.service';
import { AdminUsersService } from './modules/admin/users.service';
import { CatalogReadModel } from './modules/catalog/catalog-read-model';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { getListingName } from './modules/catalog/catalog.service';
import { chainSettingsFromConfig, type ChainSettings } from './modules/chains/chain-settings';
import { healthRoutes } from './modules/health/health.routes';
import { deriveKey } from './modules/panels/panel-crypto';
import { PanelService } from './modules/panels/panel.service';
import { rentalsRoutes } from './modules/rentals/rentals.routes';
import {
  RentalsService,
  type PanelControl,
  type RentalFaults,
} from './modules/rentals/rentals.service';
import { AttachmentsService } from './modules/support/attachments.service';
import { FaqService } from './modules/support/faq.service';
import { guestTicketRoutes } from './modules/support/guest-tickets.routes';
import { GuestTicketsService } from './modules/support/guest-tickets.service';
import { supportDeskRoutes } from './modules/support/support-desk.routes';
import { SupportDeskService } from './modules/support/support-desk.service';
import { adminVendorsRoutes } from './modules/vendors/admin-vendors.routes';
import { vendorListingRoutes } from './modules/vendors/vendor-listings.routes';
import { vendorOverviewRoutes } from './modules/vendors/vendor-overview.routes';
import { VendorOverviewService } from './modules/vendors/vendor-overview.service';
import { vendorPanelRoutes } from './modules/vendors/vendor-panels.routes';
import { VendorPanelsService } from './modules/vendors/vendor-panels.service';
import { PanelLinks } from './modules/panels/panel-links.service';
import { GAME_SERVER_WORDING, OutboundGuard, type Resolver } from './lib/outbound-guard';
import { VendorListingsService } from './modules/vendors/vendor-listings.service';
import { vendorRoutes } from './modules/vendors/vendors.routes';
import { adminPayoutRoutes, vendorPayoutRoutes } from './modules/vendors/vendor-payouts.routes';
import { VendorPayoutsService } from './modules/vendors/vendor-payouts.service';
import { createChainClient } from './modules/chains/chain-clients';
import type { ChainClient } from './modules/chains/chain-client';
import type { Network } from '@crimsonhost/shared/constants';
import { VendorsService } from './modules/vendors/vendors.service';
import { TicketAutoClose } from './modules/support/support.jobs';
import { supportRoutes } from './modules/support/support.routes';
import { SupportService } from './modules/support/support.service';
import { TicketWorkflow } from './modules/support/ticket-workflow';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { WalletService } from './modules/wallet/wallet.service';
import { paypalRoutes } from './modules/payments/paypal.routes';
import { adminPayPalRoutes } from './modules/payments/admin-paypal.routes';
import { AdminPayPalService } from './modules/payments/admin-paypal.service';
import {
  createPayPalService,
  paypalSettingsFromConfig,
  type PayPalSettings,
} from './modules/payments/paypal-settings';
import { AccessLog } from './lib/access-log';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The key access tokens and CSRF tokens are signed with (JWT_SECRET, or the data folder's). */
  jwtSecret: string;
  mailer: Mailer;
  /** The networks deposits can be taken on; default: from the configuration. */
  chains?: ChainSettings;
  /** Game server control; default: none (tests of rentals without a panel). */
  panels?: PanelControl;
  /** PayPal's app; default: from the configuration (null there: PayPal off). */
  paypal?: PayPalSettings | null;
  /** Test seams of the rentals service. */
  rentalFaults?: RentalFaults;
  /** How panel host names are resolved for the address guard; default: the system's DNS. */
  panelResolver?: Resolver;
  /** How listings' game server host names are resolved for the same check; default: system DNS. */
  gameResolver?: Resolver;
  /** The time the rules run on; default: the machine's, or the test clock when TEST_CLOCK is on. */
  clock?: Clock;
  /** A ready pino logger (main) or logger options; tests pass `false`. */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger'];
}

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Ant Design writes its component styles into <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

const version = (
  JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export async function buildApp({
  config,
  database,
  jwtSecret,
  mailer,
  chains,
  paypal: paypalSettings,
  panels,
  rentalFaults,
  panelResolver,
  gameResolver,
  clock: givenClock,
  logger = false,
}: AppDeps) {
  const loggerOption =
    logger && typeof logger === 'object' && 'child' in logger
      ? { loggerInstance: logger }
      : { logger };
  const app = Fastify({
    ...loggerOption,
    trustProxy: trustProxyOption(config),
    genReqId: () => randomUUID(),
    // One access line per request instead of Fastify's two (lib/access-log.ts).
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: routerError,
    ...httpLimitOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  applyConnectionCap(app.server, config);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('principal', null);

  // The test clock (decision 042) is read before every API request: another instance may have
  // moved it. Without TEST_CLOCK the machine's clock is used and nothing is read.
  const clock = givenClock ?? (config.TEST_CLOCK ? new TestClock(database.db) : systemClock);
  if (clock instanceof TestClock) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await clock.sync();
    });
  }

  const tokens = new TokenService(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const audit = new AuditService(database.db);
  const staffSignIn = new StaffSignInService(
    database.db,
    tokens,
    audit,
    deriveKey(jwtSecret, STAFF_FACTOR_KEY_INFO),
    { idleMinutes: config.STAFF_IDLE_TIMEOUT_MINUTES, maxHours: config.STAFF_SESSION_MAX_HOURS },
  );
  const guards = createGuards(database.db, tokens, staffSignIn);
  const sessions = new SessionIssuer(tokens, config.REFRESH_TOKEN_TTL_DAYS);
  const mail = new MailOutbox(database.db, mailer, app.log);
  const verification = new EmailVerificationService(database.db, mail, publicUrl(config), app.log);
  const auth = new AuthService(
    database.db,
    sessions,
    verification,
    config.REGISTRATIONS_PER_IP_HOUR,
  );
  const recovery = new RecoveryService(database.db, sessions, mail, publicUrl(config), app.log);
  const discord = new DiscordService(
    database.db,
    sessions,
    config.DISCORD_CLIENT_ID && config.DISCORD_CLIENT_SECRET
      ? {
          clientId: config.DISCORD_CLIENT_ID,
          clientSecret: config.DISCORD_CLIENT_SECRET,
          authorizeUrl: config.DISCORD_AUTHORIZE_URL,
          apiUrl: config.DISCORD_API_URL,
          redirectUri: `${publicUrl(config)}/auth/discord/callback`,
        }
      : null,
    audit,
  );
  const chainSettings = chains ?? chainSettingsFromConfig(config);
  const paypalApp =
    paypalSettings === undefined ? paypalSettingsFromConfig(config) : paypalSettings;
  const paypal = paypalApp
    ? createPayPalService(config, paypalApp, { db: database.db, log: app.log, clock })
    : null;
  const wallet = new WalletService(database.db, chainSettings, paypal);
  // Commission and SLA hours as the staff area's Settings last saved them; the environment's
  // values are their first ones (issue 15 point 6).
  const platformSettings = new PlatformSettings(database.db, {
    commission: { basisPoints: config.RENTAL_COMMISSION_BASIS_POINTS },
    sla: {
      URGENT: config.SUPPORT_SLA_URGENT_HOURS,
      HIGH: config.SUPPORT_SLA_HIGH_HOURS,
      NORMAL: config.SUPPORT_SLA_NORMAL_HOURS,
      LOW: config.SUPPORT_SLA_LOW_HOURS,
    },
    tiers: DEFAULT_TIER_RULES,
  });
  const benefits = new BenefitsService({
    db: database.db,
    platform: platformSettings,
    publicUrl: publicUrl(config),
    log: app.log,
    clock,
  });
  // Game server control through the listings' Pterodactyl panels; keys decrypt with the JWT secret.
  // Every panel call goes through the outbound address guard (decision 040).
  const panelKey = deriveKey(jwtSecret);
  const panelGuard = new OutboundGuard({
    allowedHosts: panelAllowedHosts(config),
    resolver: panelResolver,
  });
  app.addHook('onClose', () => panelGuard.close());
  // List pages from memory, kept in step with the database (decision 062); SQL until loaded. The
  // app is ready once the catalog is in memory (a few ms for the demo's, seconds for 100,000
  // listings); if that read fails, lists answer from SQL and the model tries again.
  const catalog = config.CATALOG_READ_MODEL
    ? new CatalogReadModel(database.db, {
        freshnessMs: config.CATALOG_FRESHNESS_MS,
        onError: (error) => app.log.warn({ err: error }, 'catalog: reading the changes failed'),
      })
    : null;
  if (catalog) {
    app.addHook('onReady', () => catalog.load());
    app.addHook('onClose', async () => catalog.stop());
  }
  // The test clock's time (decision 042) stamps run-state changes and power actions, so a
  // dispute's evidence lines up with the rental's hours when the clock is moved.
  const panelService = new PanelService(database.db, panelKey, app.log, {
    guard: panelGuard,
    now: () => clock.now().getTime(),
  });
  const rentals = new RentalsService(
    database.db,
    panels ?? panelService,
    app.log,
    (db) => platformSettings.commissionBp(db),
    rentalFaults,
    clock,
    benefits,
  );
  const attachments = new AttachmentsService(database.db);
  const workflow = new TicketWorkflow({
    db: database.db,
    rentals,
    wallet,
    outbox: mail,
    attachments,
    publicUrl: publicUrl(config),
    slaHours: (db) => platformSettings.slaHours(db),
    log: app.log,
    tierOf: (db, userId) => benefits.tierOf(userId, db),
  });
  const support = new SupportService(database.db, workflow);
  const desk = new SupportDeskService(database.db, workflow);
  const faq = new FaqService(database.db);
  const guests = new GuestTicketsService(database.db, support, workflow);
  const ticketAutoClose = new TicketAutoClose(database.db, workflow);
  const disputes = new DisputesService({
    db: database.db,
    rentals,
    support,
    workflow,
    publicUrl: publicUrl(config),
    clock,
  });
  const rentalMessages = new RentalMessagesService({
    db: database.db,
    attachments,
    outbox: mail,
    publicUrl: publicUrl(config),
    log: app.log,
    clock,
  });
  const adminUsers = new AdminUsersService({
    db: database.db,
    publicUrl: publicUrl(config),
    audit,
    staffSignIn,
    recovery,
    outbox: mail,
    wallet,
    rentals,
    support,
  });
  const moderation = new ModerationService({
    db: database.db,
    users: adminUsers,
    outbox: mail,
    clock,
  });
  const appeals = new AppealsService({ db: database.db, users: adminUsers, outbox: mail, clock });
  const adminDeposits = new AdminDepositsService({
    db: database.db,
    wallet,
    audit,
    explorers: explorersFromConfig(config, chainSettings),
  });
  const adminSettings = new AdminSettingsService({
    db: database.db,
    audit,
    platform: platformSettings,
  });
  const vendors = new VendorsService({
    db: database.db,
    audit,
    outbox: mail,
    publicUrl: publicUrl(config),
    commissionBp: (db) => platformSettings.commissionBp(db),
  });
  // Payouts are proven on the chains the storefront watches (issue 16 point 8, decision 041).
  const payoutChains: Partial<Record<Network, ChainClient>> = {};
  for (const settings of Object.values(chainSettings)) {
    payoutChains[settings.network] = createChainClient(settings);
  }
  const vendorPayouts = new VendorPayoutsService({
    db: database.db,
    audit,
    outbox: mail,
    publicUrl: publicUrl(config),
    chains: payoutChains,
    explorers: explorersFromConfig(config, chainSettings),
    clock,
  });
  registerCsrfCheck(app, tokens);
  requireGuardsFirst(app);
  // Requests answered, for giving memory back when the instance goes quiet (lib/idle-memory.ts).
  const activity = { requests: 0 };
  app.addHook('onSend', async (request, reply) => {
    activity.requests += 1;
    reply.header('x-request-id', request.id);
    // Answers are about one caller (a balance, a session, tokens) or change by the second: no
    // browser, proxy or shared cache keeps them unless a route says otherwise (hashed assets). A
    // signed-in answer is never stored, errors included, whatever the route says.
    const signedIn = request.principal !== null || request.headers.authorization !== undefined;
    if (signedIn || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Text answers over 1 KB (the shell, JSON, the service worker) are compressed as they are sent:
  // brotli at a low quality is cheap on a 7 KB catalog page and cuts it to a fifth. Hashed assets
  // come precompressed from the build and pass through untouched (lib/web-app.ts).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  // The security headers of every answer. Helmet is built once here and applied to each request;
  // its Fastify plugin rebuilt it (parsing the content security policy) for every request, which
  // took 8 % of the catalog's CPU time (docs/benchmarks.md, request logging).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Same-origin app: the defaults of these break nothing we serve, so keep them.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet throws rather than passing an error on (8.1 and later), so `next` only continues.
    securityHeaders(request.raw, reply.raw, () => done());
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CrimsonHost API',
        description:
          'Rent game servers by the hour, paid in USDT. Success bodies are `{ data }` (lists add `meta`); errors are `{ error: { code, message, details? } }`.',
        version,
        license: { name: 'Proprietary' },
      },
      servers: [{ url: publicUrl(config), description: 'this storefront' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database, version, catalog));
      await api.register(
        catalogRoutes(database.db, { cacheTtlMs: config.CATALOG_CACHE_TTL_MS, readModel: catalog }),
      );
      await api.register(authRoutes({ auth, recovery, discord, verification, guards, tokens }));
      await api.register(staffSignInRoutes({ guards, staffSignIn }));
      await api.register(sessionRoutes({ db: database.db, guards }));
      await api.register(
        accountRoutes({
          db: database.db,
          guards,
          account: new AccountService(database.db, audit, mail, clock),
        }),
      );
      await api.register(walletRoutes({ db: database.db, wallet, guards }));
      await api.register(paypalRoutes({ db: database.db, paypal, guards }));
      await api.register(rentalsRoutes({ db: database.db, rentals, guards }));
      await api.register(benefitsRoutes({ guards, benefits }));
      await api.register(disputeRoutes({ guards, disputes }));
      await api.register(vendorDisputeRoutes({ guards, disputes }));
      await api.register(rentalMessageRoutes({ guards, messages: rentalMessages }));
      await api.register(vendorReportRoutes({ guards, moderation }));
      await api.register(appealRoutes({ appeals }));
      await api.register(supportRoutes({ db: database.db, support, faq, attachments, guards }));
      await api.register(guestTicketRoutes({ db: database.db, guests }));
      await api.register(vendorRoutes({ guards, vendors }));
      await api.register(vendorPayoutRoutes({ guards, payouts: vendorPayouts }));
      await api.register(
        vendorListingRoutes({
          db: database.db,
          guards,
          listings: new VendorListingsService(
            database.db,
            new OutboundGuard({
              allowedHosts: gameAllowedHosts(config),
              resolver: gameResolver,
              wording: GAME_SERVER_WORDING,
            }),
          ),
        }),
      );
      await api.register(
        vendorOverviewRoutes({
          guards,
          overview: new VendorOverviewService(database.db, panels ?? panelService),
        }),
      );
      await api.register(
        vendorPanelRoutes({
          guards,
          panels: new VendorPanelsService(
            database.db,
            panelService,
            new PanelLinks(
              database.db,
              panelKey,
              panelService.client,
              config.PANEL_TEST_TIMEOUT_MS,
            ),
            demoDataEnabled(config) && demoGameServersEnabled(config)
              ? { panelPort: config.DEMO_PANEL_PORT, gamePortBase: config.DEMO_GAME_PORT_BASE }
              : null,
          ),
        }),
      );
      // The staff area's API: one role guard in front of every route under /api/admin.
      await api.register(
        async (staffApi) => {
          staffApi.addHook('onRequest', guards.requireStaffClient);
          await staffApi.register(supportDeskRoutes({ desk, faq, guests }));
          await staffApi.register(deskDisputeRoutes({ disputes }));
          await staffApi.register(deskDisputeEvidenceRoutes({ db: database.db, clock }));
          await staffApi.register(deskRentalMessageRoutes({ messages: rentalMessages }));
          await staffApi.register(moderationRoutes({ moderation, appeals }));
          await staffApi.register(adminUsersRoutes({ guards, users: adminUsers, audit }));
          await staffApi.register(adminSettingsRoutes({ guards, settings: adminSettings }));
          await staffApi.register(adminDepositsRoutes({ guards, deposits: adminDeposits }));
          await staffApi.register(
            adminPayPalRoutes({
              guards,
              paypal: new AdminPayPalService({ db: database.db, paypal, audit }),
            }),
          );
          await staffApi.register(adminVendorsRoutes({ guards, vendors }));
          await staffApi.register(adminPayoutRoutes({ guards, payouts: vendorPayouts }));
          await staffApi.register(
            adminOverviewRoutes({ guards, overview: new AdminOverviewService(database.db) }),
          );
          await staffApi.register(
            ledgerAdminRoutes({ guards, ledger: new LedgerAdminService(database.db) }),
          );
          await staffApi.register(
            testClockRoutes({
              db: database.db,
              guards,
              clock: clock instanceof TestClock ? clock : null,
              audit,
              rentals,
            }),
          );
        },
        { prefix: '/admin' },
      );
      api.setNotFoundHandler((request, reply) =>
        sendError(
          reply,
          404,
          'NOT_FOUND',
          `No API route matches ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
    },
    { prefix: '/api' },
  );

  const web = await registerWebApp(app, config.WEB_DIST_DIR ?? defaultWebDistDir, {
    listingName: (id) => getListingName(database.db, id),
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (web && wantsPage) return web.sendShell(request, reply, () => issueCsrfToken(tokens));
    return sendError(
      reply,
      404,
      'NOT_FOUND',
      `Nothing here: ${request.method} ${request.url.split('?')[0]}`,
    );
  });

  return Object.assign(app, {
    guards,
    clock,
    activity,
    services: {
      wallet,
      paypal,
      rentals,
      panels: panelService,
      mail,
      support,
      desk,
      faq,
      ticketAutoClose,
      workflow,
      attachments,
      audit,
      staffSignIn,
      adminUsers,
      adminSettings,
      platformSettings,
      vendors,
      vendorPayouts,
      disputes,
      moderation,
      rentalMessages,
      benefits,
    },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
