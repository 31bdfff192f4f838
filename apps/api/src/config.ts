import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { STAFF_IDLE_TIMEOUT_MINUTES, STAFF_SESSION_MAX_HOURS } from '@crimsonhost/shared/auth';
import { DEMO_HOST } from './modules/catalog/catalog-demo-listings';

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

const flag = z
  .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
  .transform((value) => value === 'true');

const httpUrl = z
  .url({ message: 'must be an http:// or https:// URL' })
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));
/** An amount of money with at most two decimals, as PayPal takes it: 5, 10.50. */
const moneyAmount = z.string().regex(/^(0|[1-9]\d{0,7})(\.\d{1,2})?$/, {
  message: 'must be an amount such as 5 or 10.50',
});

/** A positive decimal with at most six decimals: a rate or a percentage. */
const decimal = z.string().regex(/^(0|[1-9]\d{0,5})(\.\d{1,6})?$/, {
  message: 'must be a number such as 1 or 3.49',
});

/** A base URL, or nothing at all (an empty value turns the links off). */
const explorerUrl = z.union([z.literal(''), httpUrl]);

const xpub = z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, {
  message: 'must be an extended public key (xpub...) of a BIP44 account',
});

const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'must be a 0x-prefixed 20-byte address' });

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value), {
  message: 'must be a postgres:// or postgresql:// connection URL',
});

/** An IPv4 or IPv6 address, optionally with a /prefix length. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMS =
  "must be 'false', the number of proxies in front (1, 2), or their addresses (10.0.0.1,10.1.0.0/16)";

/**
 * `false`, a hop count, or the proxies' addresses and ranges. `true` would believe every hop of
 * X-Forwarded-For, which the client writes itself, so it is refused.
 */
const trustedProxies = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "'true' would trust every X-Forwarded-For hop; write the number of proxies in front (e.g. 1) or their addresses",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
    return z.NEVER;
  }
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.every(isAddressOrRange)) return addresses;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
  return z.NEVER;
});

/**
 * Every environment variable the API reads, parsed once at start. Nothing else in the server reads
 * `process.env`.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  PORT: port.default(3000),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * On PostgreSQL, how many repeated statements each connection keeps parsed and planned (decision
   * 064); 0 for a pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  DATABASE_NAMED_STATEMENTS: wholeNumber(0, 10_000).default(256),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines for a log collector, readable lines for a person; `auto`: readable in a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  WEB_DIST_DIR: z.string().min(1, 'must not be empty').optional(),
  PUBLIC_URL: z
    .url({ message: 'must be a URL such as https://shop.example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(60, 'must be at least 60')
    .max(86_400, 'must be at most 86400')
    .default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(365, 'must be at most 365')
    .default(30),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^\s]+$/.test(value), {
      message: 'must be an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'must be an address')
    .default('CrimsonHost <no-reply@crimsonhost.local>'),
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_AUTHORIZE_URL: z
    .url({ message: 'must be a URL' })
    .default('https://discord.com/oauth2/authorize'),
  DISCORD_API_URL: z
    .url({ message: 'must be a URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://discord.com/api/v10'),
  /**
   * PayPal Checkout (issue 19): the REST app's credentials and the id of the webhook listener
   * registered for `<PUBLIC_URL>/api/payments/paypal/webhook`. All three or none.
   */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_ENVIRONMENT: z
    .enum(['sandbox', 'live'], { message: "must be 'sandbox' or 'live'" })
    .default('sandbox'),
  /** The REST API's base URL; PayPal's own for the environment when unset. */
  PAYPAL_API_URL: httpUrl.optional(),
  /** The currency renters pay in at PayPal. */
  PAYPAL_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'must be a three-letter currency code such as USD' })
    .default('USD'),
  /** USDT credited for one unit of PAYPAL_CURRENCY before the fee. */
  PAYPAL_USDT_RATE: decimal.default('1'),
  /** What a PayPal payment costs the renter: a percentage of the amount plus a fixed part. */
  PAYPAL_FEE_PERCENT: decimal.default('3.49'),
  PAYPAL_FEE_FIXED: moneyAmount.default('0.49'),
  /** The smallest and largest payment one renter may make, in PAYPAL_CURRENCY. */
  PAYPAL_MIN_AMOUNT: moneyAmount.default('5'),
  PAYPAL_MAX_AMOUNT: moneyAmount.default('1000'),
  /**
   * Accounts one address may register per clock hour. Sign-ups behind one shared address (a
   * campus, a carrier's NAT, the end-to-end suite) may need more.
   */
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Which hops of X-Forwarded-For to believe: none, the last N, or those added by these proxies. */
  TRUST_PROXY: trustedProxies.default(false),
  /** Seed the demo catalog on first start; unset: only when DATABASE_URL is unset (the local demo). */
  DEMO_DATA: flag.optional(),
  /**
   * A clock an end-to-end run can move ahead (POST /api/admin/test-clock, decision 042), so that
   * rentals end and dispute windows close without waiting. Only with the demo data: a storefront
   * with real money refuses to start with it.
   */
  TEST_CLOCK: flag.default(false),
  /** Start a local chain (anvil) with test USDT and point ERC20 and BEP20 at it; unset: follows DEMO_DATA. */
  DEMO_CHAIN: flag.optional(),
  DEMO_CHAIN_PORT: port.default(38545),
  /**
   * Start a PayPal-speaking server on a loopback port and take PayPal payments through it, when no
   * PAYPAL_CLIENT_ID is set; unset: follows DEMO_DATA.
   */
  DEMO_PAYPAL: flag.optional(),
  /** Loopback port of the demo's local TRON node (TronGrid's HTTP API) for TRC20, with DEMO_CHAIN. */
  DEMO_TRON_PORT: port.default(38546),
  /** JSON-RPC endpoints of Ethereum and BNB Smart Chain. */
  ERC20_RPC_URL: httpUrl.optional(),
  BEP20_RPC_URL: httpUrl.optional(),
  /** TronGrid (or a compatible full node HTTP API) and its optional API key. */
  TRONGRID_URL: httpUrl.default('https://api.trongrid.io'),
  TRONGRID_API_KEY: z.string().min(1).optional(),
  /** The operator's BIP44 account xpubs (m/44'/195'/0' for TRC20, m/44'/60'/0' for ERC20 and BEP20). */
  TRC20_XPUB: xpub.optional(),
  ERC20_XPUB: xpub.optional(),
  BEP20_XPUB: xpub.optional(),
  TRC20_USDT_CONTRACT: z.string().min(1).default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  ERC20_USDT_CONTRACT: evmAddress.default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  BEP20_USDT_CONTRACT: evmAddress.default('0x55d398326f99059fF775485246999027B3197955'),
  /**
   * Block explorers the staff area links deposits and payments to, one base URL per network (an
   * empty value: no links). Tronscan's paths are /#/transaction/… and /#/address/…; the EVM
   * explorers' /tx/… and /address/…, so a testnet explorer of the same family works as well.
   */
  EXPLORER_URL_TRC20: explorerUrl.default('https://tronscan.org'),
  EXPLORER_URL_ERC20: explorerUrl.default('https://etherscan.io'),
  EXPLORER_URL_BEP20: explorerUrl.default('https://bscscan.com'),
  /** The platform's share of a rental's payment when it is released to the vendor (1000 = 10%). */
  RENTAL_COMMISSION_BASIS_POINTS: wholeNumber(0, 5000).default(1000),
  /** Hours to the first and each next staff answer of a support ticket, by priority. */
  SUPPORT_SLA_URGENT_HOURS: wholeNumber(1, 720).default(1),
  SUPPORT_SLA_HIGH_HOURS: wholeNumber(1, 720).default(4),
  SUPPORT_SLA_NORMAL_HOURS: wholeNumber(1, 720).default(18),
  SUPPORT_SLA_LOW_HOURS: wholeNumber(1, 720).default(48),
  /** Minutes without a staff-area call before the staff area asks for a second-factor code again. */
  STAFF_IDLE_TIMEOUT_MINUTES: wholeNumber(1, 240).default(STAFF_IDLE_TIMEOUT_MINUTES),
  /** Hours a staff sign-in lasts at most, however active. */
  STAFF_SESSION_MAX_HOURS: wholeNumber(1, 72).default(STAFF_SESSION_MAX_HOURS),
  /** How often each network's watcher looks for new blocks. */
  CHAIN_POLL_INTERVAL_MS: wholeNumber(200, 600_000).default(5000),
  /** At most this many blocks per log query, for a network without its own setting. */
  CHAIN_MAX_BLOCK_RANGE: wholeNumber(1, 100_000).default(500),
  /** Per network: at most this many blocks per log query (providers cap it: 5,000 on BSC nodes, 500 on some). */
  CHAIN_MAX_BLOCK_RANGE_ERC20: wholeNumber(1, 100_000).optional(),
  CHAIN_MAX_BLOCK_RANGE_BEP20: wholeNumber(1, 100_000).optional(),
  CHAIN_MAX_BLOCK_RANGE_TRC20: wholeNumber(1, 100_000).optional(),
  /**
   * Per network: the most logs the provider returns in one answer when it cuts the list without an
   * error; an answer this long is read again in smaller parts. Unset: the provider says so itself.
   */
  CHAIN_RESULT_CAP_ERC20: wholeNumber(1, 1_000_000).optional(),
  CHAIN_RESULT_CAP_BEP20: wholeNumber(1, 1_000_000).optional(),
  /** Run loopback game servers that the demo listings point at; unset: follows DEMO_DATA. */
  DEMO_GAME_SERVERS: flag.optional(),
  /** First port of the demo game servers (65 ports up from it: 60 listed, 5 spare to list). */
  DEMO_GAME_PORT_BASE: port.default(39100),
  /** Loopback port of the demo Pterodactyl panel the demo listings are linked to (with DEMO_DATA). */
  DEMO_PANEL_PORT: port.default(38600),
  /**
   * Panel hosts exempt from the outbound address guard (decision 040), comma-separated `host` or
   * `host:port`; http is allowed only for these. Unset: the demo's own panel
   * (127.0.0.1:DEMO_PANEL_PORT) when the demo data is on, else none.
   */
  PANEL_ALLOWED_HOSTS: z.string().optional(),
  /**
   * Game server hosts exempt from the address check of listings and status queries (decision
   * 040), comma-separated `host` or `host:port`. Unset: the demo's host (127.0.0.1) when the demo
   * game servers run, else none.
   */
  GAME_ALLOWED_HOSTS: z.string().optional(),
  /** How long "Test connection" waits for a vendor's panel to answer. */
  PANEL_TEST_TIMEOUT_MS: wholeNumber(100, 30_000).default(5000),
  /** How long an instance reuses a catalog list or facet answer; 0 turns the cache off. */
  CATALOG_CACHE_TTL_MS: wholeNumber(0, 60_000).default(1000),
  /**
   * Whether list pages are answered from each instance's in-memory catalog (decision 062); off,
   * every list page is two SQL queries.
   */
  CATALOG_READ_MODEL: flag.default(true),
  /**
   * How far the in-memory catalog may trail the database, in ms (with the answer cache, a change
   * shows on every instance within the two together); 0 reads the changes before every list.
   */
  CATALOG_FRESHNESS_MS: wholeNumber(0, 60_000).default(1000),
  /** Whether this instance takes part in querying game servers for their live status. */
  GAME_STATUS_ENABLED: flag.default(true),
  /** How often each listed game server is asked for its status. */
  GAME_STATUS_INTERVAL_MS: wholeNumber(1000, 3_600_000).default(30_000),
  /** How long one packet of a status query may wait for its answer. */
  GAME_STATUS_TIMEOUT_MS: wholeNumber(100, 30_000).default(1500),
  /** Attempts per status query before it counts as a miss. */
  GAME_STATUS_ATTEMPTS: wholeNumber(1, 5).default(2),
  /** Misses in a row after which an online server is shown offline. */
  GAME_STATUS_MISSES: wholeNumber(1, 100).default(3),
  /** Game servers one instance queries at the same time. */
  GAME_STATUS_CONCURRENCY: wholeNumber(1, 500).default(20),
  /** How long a client may take to send its request headers. */
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(100, 120_000).default(10_000),
  /** How long a client may take to send its whole request, headers and body. */
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  /** How long a keep-alive connection may wait for its next request. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(100, 600_000).default(5_000),
  /** How long a socket may stay silent (nothing sent either way) before it is closed. */
  HTTP_IDLE_TIMEOUT_MS: wholeNumber(100, 600_000).default(60_000),
  /** Requests one keep-alive connection may carry before the server asks the client to reconnect. */
  HTTP_MAX_REQUESTS_PER_SOCKET: wholeNumber(1, 1_000_000).default(1000),
  /** Open connections this instance accepts at once; further ones are closed on arrival. */
  HTTP_MAX_CONNECTIONS: wholeNumber(1, 1_000_000).default(2000),
});

export type Config = z.infer<typeof configSchema>;

/** Rules that span several variables, checked after each one parsed. */
function crossCheck(config: Config): string | null {
  if (config.DATABASE_URL && !config.JWT_SECRET) {
    return 'JWT_SECRET is required when DATABASE_URL is set (every instance must sign with the same key)';
  }
  if (
    config.TRC20_XPUB &&
    (config.TRC20_XPUB === config.ERC20_XPUB || config.TRC20_XPUB === config.BEP20_XPUB)
  ) {
    return "TRC20_XPUB must be the TRON account key (m/44'/195'/0'), not the one of ERC20 or BEP20";
  }
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    return 'HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS';
  }
  if (config.TEST_CLOCK && !demoDataEnabled(config)) {
    return 'TEST_CLOCK is only for the demo: it needs DEMO_DATA (a storefront with real money keeps real time)';
  }
  if (Boolean(config.DISCORD_CLIENT_ID) !== Boolean(config.DISCORD_CLIENT_SECRET)) {
    return 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET must be set together';
  }
  return payPalProblem(config);
}

const PAYPAL_CREDENTIALS = [
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
] as const;

/** What is wrong with the PayPal settings taken together, or null. */
function payPalProblem(config: Config): string | null {
  const missing = PAYPAL_CREDENTIALS.filter((key) => !config[key]);
  if (missing.length > 0 && missing.length < PAYPAL_CREDENTIALS.length) {
    return `PayPal needs ${PAYPAL_CREDENTIALS.join(', ')} together; missing: ${missing.join(', ')}`;
  }
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  if (cents(config.PAYPAL_MIN_AMOUNT) <= 0) return 'PAYPAL_MIN_AMOUNT must be above 0';
  if (cents(config.PAYPAL_MIN_AMOUNT) > cents(config.PAYPAL_MAX_AMOUNT)) {
    return 'PAYPAL_MIN_AMOUNT must not be above PAYPAL_MAX_AMOUNT';
  }
  const feeOnMinimum =
    (cents(config.PAYPAL_MIN_AMOUNT) * Number(config.PAYPAL_FEE_PERCENT)) / 100 +
    cents(config.PAYPAL_FEE_FIXED);
  if (feeOnMinimum >= cents(config.PAYPAL_MIN_AMOUNT)) {
    return 'PAYPAL_MIN_AMOUNT must be more than the fee taken from it (PAYPAL_FEE_PERCENT and PAYPAL_FEE_FIXED)';
  }
  if (Number(config.PAYPAL_USDT_RATE) <= 0) return 'PAYPAL_USDT_RATE must be above 0';
  if (Number(config.PAYPAL_FEE_PERCENT) >= 100) return 'PAYPAL_FEE_PERCENT must be below 100';
  if (config.PAYPAL_ENVIRONMENT === 'live' && config.PAYPAL_API_URL) {
    return "PAYPAL_API_URL is for the sandbox and the demo: with PAYPAL_ENVIRONMENT 'live' the API is PayPal's own";
  }
  return null;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as a shell `FOO= npm start` means. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** Parses the environment; a bad value throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(withoutEmpty(env));
  if (result.success) {
    const problem = crossCheck(result.data);
    if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
    return result.data;
  }
  const issue = result.error.issues[0];
  const key = issue?.path.join('.') ?? 'environment';
  const received = env[key];
  const secret = /URL|SECRET/.test(key);
  const shown = secret || received === undefined ? '' : ` (got '${received}')`;
  throw new ConfigError(`Invalid configuration: ${key} ${issue?.message ?? 'is invalid'}${shown}`);
}

export function pgliteDataDir(config: Config): string {
  return path.resolve(config.DATA_DIR, 'pglite');
}

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/**
 * Fastify's `trustProxy`. A hop count becomes a function: Fastify ignores a bare number (it cannot
 * check the peer), while a count means "the last N hops were added by our own proxies", which holds
 * when the API can only be reached through them.
 */
export function trustProxyOption(
  config: Config,
): false | string[] | ((address: string, hop: number) => boolean) {
  const trusted = config.TRUST_PROXY;
  if (typeof trusted !== 'number') return trusted;
  return (_address, hop) => hop < trusted;
}

export function outboxDir(config: Config): string {
  return path.resolve(config.DATA_DIR, 'outbox');
}

/** Whether start-up seeds the demo catalog (when it is empty). */
export function demoDataEnabled(config: Config): boolean {
  return config.DEMO_DATA ?? !config.DATABASE_URL;
}

/** The panel hosts the outbound guard lets through: the configured ones, else the demo's panel. */
export function panelAllowedHosts(config: Config): string[] {
  if (config.PANEL_ALLOWED_HOSTS !== undefined) {
    return config.PANEL_ALLOWED_HOSTS.split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0);
  }
  return demoDataEnabled(config) ? [`127.0.0.1:${config.DEMO_PANEL_PORT}`] : [];
}

/** Whether start-up runs the loopback game servers of the demo listings. */
export function demoGameServersEnabled(config: Config): boolean {
  return config.DEMO_GAME_SERVERS ?? demoDataEnabled(config);
}

/**
 * The game server hosts the address check lets through: the configured ones, else the demo game
 * servers' host while they run (so that their spare servers can be listed).
 */
export function gameAllowedHosts(config: Config): string[] {
  if (config.GAME_ALLOWED_HOSTS !== undefined) {
    return config.GAME_ALLOWED_HOSTS.split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry.length > 0);
  }
  return demoGameServersEnabled(config) ? [DEMO_HOST] : [];
}

/** The demo's PayPal stand-in runs only where no real PayPal app is configured. */
export function demoPayPalEnabled(config: Config): boolean {
  return !config.PAYPAL_CLIENT_ID && (config.DEMO_PAYPAL ?? demoDataEnabled(config));
}

export function demoChainEnabled(config: Config): boolean {
  return config.DEMO_CHAIN ?? demoDataEnabled(config);
}

/** Blocks per log query on a network: its own setting, else CHAIN_MAX_BLOCK_RANGE. */
export function maxBlockRange(config: Config, network: 'ERC20' | 'BEP20' | 'TRC20'): number {
  return config[`CHAIN_MAX_BLOCK_RANGE_${network}`] ?? config.CHAIN_MAX_BLOCK_RANGE;
}
